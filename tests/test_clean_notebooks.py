"""tools/clean_notebooks.py: re-executed notebooks diff only where their outputs changed."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("clean_notebooks",
                                               ROOT / "tools" / "clean_notebooks.py")
assert _spec is not None and _spec.loader is not None
clean_notebooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(clean_notebooks)

VIEW = clean_notebooks.WIDGET_VIEW


def _view(model_id: str) -> dict:
    return {"output_type": "display_data",
            "data": {VIEW: {"model_id": model_id, "version_major": 2, "version_minor": 0},
                     "text/plain": "VBox()"},
            "metadata": {}}


def _notebook(*ids: str) -> dict:
    return {"metadata": {"ExecuteTime": {"end_time": "x"}},
            "cells": [{"cell_type": "code", "metadata": {"execution": {"iopub.status.busy": "x"}},
                       "outputs": [_view(ids[0]), {"output_type": "stream", "text": "hi"}]},
                      {"cell_type": "markdown", "metadata": {}, "source": "text"},
                      {"cell_type": "code", "metadata": {},
                       "outputs": [_view(i) for i in ids[1:]]}]}


def test_widget_views_are_numbered_in_order_and_timing_is_dropped() -> None:
    nb = _notebook("68c182c7103247a2984d20a55b0c27d6", "39575d55411544c0bfa9451f909f90e6",
                   "89babafb82094a59b977c35131480e10")
    assert clean_notebooks.clean(nb) is True
    ids = [o["data"][VIEW]["model_id"] for c in nb["cells"] for o in c.get("outputs", [])
           if VIEW in o.get("data", {})]
    assert ids == ["0" * 31 + "1", "0" * 31 + "2", "0" * 31 + "3"]
    assert "ExecuteTime" not in nb["metadata"]
    assert "execution" not in nb["cells"][0]["metadata"]
    assert nb["cells"][0]["outputs"][1] == {"output_type": "stream", "text": "hi"}


def test_a_stored_widget_state_is_removed() -> None:
    nb = _notebook("aa" * 16)
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    assert clean_notebooks.clean(nb) is True
    assert "widgets" not in nb["metadata"]


def test_two_runs_with_different_random_ids_clean_to_the_same_notebook() -> None:
    a = _notebook("aa" * 16, "bb" * 16, "cc" * 16)
    b = _notebook("11" * 16, "22" * 16, "33" * 16)
    clean_notebooks.clean(a)
    clean_notebooks.clean(b)
    assert a == b
    assert clean_notebooks.clean(a) is False  # already clean: the file is left alone


@pytest.mark.parametrize("path", sorted((ROOT / "book").rglob("*.ipynb")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_committed_notebooks_are_clean(path: Path) -> None:
    """Every stored chapter went through the cleaner (``make notebooks`` runs it)."""
    if "_build" in path.parts or ".ipynb_checkpoints" in path.parts:
        pytest.skip("build output")
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert clean_notebooks.clean(nb) is False, f"run tools/clean_notebooks.py {path}"
