"""The README's examples run (a README that is true)."""

import doctest
from pathlib import Path


def test_readme_examples():
    result = doctest.testfile(str(Path(__file__).parent.parent / "README.md"),
                              module_relative=False)
    assert result.attempted >= 2
    assert result.failed == 0
