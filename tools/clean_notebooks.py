"""Strip volatile execution metadata from notebooks so re-executed outputs diff cleanly.

Removes each cell's ``metadata.execution`` (nbclient's timing record) and every
``ExecuteTime`` key (the ExecuteTime extension), at cell and notebook level, and numbers
the widget views in the outputs in order (``model_id`` 000...1, 000...2, ...) instead of the
random ids a run gives them: the notebooks are executed without widget state
(``store_widget_state=False``), so the ids point at nothing and only made every re-run
differ. Also removes a stored widget state (the notebook's ``metadata.widgets``, left by a
run without ``store_widget_state=False``): with it, the built page would load require.js
and the widgets' embed script from a CDN. Rewrites a file only when something changed.

Usage: python tools/clean_notebooks.py NOTEBOOK.ipynb [...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

VOLATILE_KEYS = ("execution", "ExecuteTime")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _strip(metadata: dict) -> bool:
    changed = False
    for key in VOLATILE_KEYS:
        if key in metadata:
            del metadata[key]
            changed = True
    return changed


def _number_widget_views(cells: list[dict]) -> bool:
    changed = False
    n = 0
    for cell in cells:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if isinstance(view, dict) and "model_id" in view:
                n += 1
                stable = f"{n:032x}"
                if view["model_id"] != stable:
                    view["model_id"] = stable
                    changed = True
    return changed


def clean(nb: dict) -> bool:
    """Remove volatile metadata and number the widget views of a notebook dict in place;
    return True if it changed."""
    changed = _strip(nb.get("metadata", {}))
    if "widgets" in nb.get("metadata", {}):
        del nb["metadata"]["widgets"]
        changed = True
    for cell in nb.get("cells", []):
        changed |= _strip(cell.get("metadata", {}))
    changed |= _number_widget_views(nb.get("cells", []))
    return changed


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    for name in argv:
        path = Path(name)
        nb = json.loads(path.read_text(encoding="utf-8"))
        if clean(nb):
            # Same layout as nbformat.write: indent 1, sorted keys, UTF-8, final newline.
            text = json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False)
            path.write_text(text + "\n", encoding="utf-8")
            print(f"cleaned {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
