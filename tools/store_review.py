"""Store the review of one deal for the book (issue 12): a whole-deal review takes minutes
on the book's build machine, so 'Play against the computer' shows a stored one, as the
simulations chapter shows stored matches, and checks its last decisions again when the
chapter runs.

Run: .venv/bin/python tools/store_review.py [deal number] [output]
(default: deal number 49, the chapter's game between computer players, written to
book/play/data/review-49.json)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from knbook.play import PlaySession
from knlib.analysis import review
from knlib.analysis.advice import review_record

if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 49
    out = Path(sys.argv[2] if len(sys.argv) > 2 else f"book/play/data/review-{seed}.json")
    table = PlaySession("knueffeln", seed=seed, seat=None, bluff_rate=0.2)
    t0 = time.perf_counter()
    entries = review(table.deal, progress=False)
    print(f"review of deal number {seed}: {len(entries)} decisions, "
          f"{time.perf_counter() - t0:.0f} s")
    out.write_text(review_record(table.deal, entries), encoding="utf-8")
    print(out)
