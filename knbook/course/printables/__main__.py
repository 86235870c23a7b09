"""``python -m knbook.course.printables``: see :func:`knbook.course.printables.catalogue.main`."""

import sys

from .catalogue import main

if __name__ == "__main__":
    sys.exit(main())
