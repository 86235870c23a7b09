"""``python -m knlib.course.printables``: see :func:`knlib.course.printables.catalogue.main`."""

import sys

from .catalogue import main

if __name__ == "__main__":
    sys.exit(main())
