"""The public face (issue 26, item 4): after a plain ``import knlib`` every layer's package
is reachable as an attribute (``knlib.sim``, ``knbook.course``, ...), imported on first use."""

from __future__ import annotations

import subprocess
import sys

import knlib


def test_every_layer_is_an_attribute_after_a_plain_import():
    code = ("import sys, knlib\n"
            "names = [getattr(knlib, p).__name__ for p in knlib.SUBPACKAGES]\n"
            "print(' '.join(names)); print('numpy' in sys.modules)\n"
            "print(callable(knlib.sim.simulate), 'knbook' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"KNLIB_PURE": "1", "PATH": ""}).stdout.split("\n")
    assert out[0] == " ".join(f"knlib.{p}" for p in knlib.SUBPACKAGES)
    assert out[1] == "False"  # numpy waits until the simulation runs
    assert out[2] == "True False"  # and the engine never imports the book's package


def test_an_unknown_attribute_is_an_attribute_error():
    try:
        knlib.nonesuch  # noqa: B018
    except AttributeError as err:
        assert "nonesuch" in str(err)
    else:  # pragma: no cover
        raise AssertionError("knlib.nonesuch did not raise")
