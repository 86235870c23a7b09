# Build/test entry points. Everything runs from a virtualenv at .venv created with the
# machine's python3; the install is redone only when requirements.txt or pyproject.toml change.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# Same hash seed for executing notebooks (make notebooks) and checking them (make test).
export PYTHONHASHSEED := 0

NOTEBOOKS = $(shell find book -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort)
LINT_DIRS = $(wildcard knlib tests benchmarks tools)

.DEFAULT_GOAL := test
.PHONY: install book test notebooks lint clean

install: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt pyproject.toml | $(BIN)/python
	$(BIN)/pip install -r requirements.txt
	@# Build matplotlib's font cache now, so its one-off notice never lands in a notebook output.
	$(BIN)/python -c "import matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot"
	touch $@

book: $(STAMP)
	$(BIN)/jupyter-book build . -W -n --keep-going
	@echo "Open file://$(CURDIR)/_build/html/index.html"

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.timeout=600 \
	    --ExecutePreprocessor.record_timing=False \
	    $(NOTEBOOKS)
	$(BIN)/python tools/clean_notebooks.py $(NOTEBOOKS)

lint: $(STAMP)
	$(BIN)/ruff check $(LINT_DIRS)

clean:
	rm -rf _build

# Printable course sheets (issue 7, knlib/printables.py), PDF in _build/printables: a reference
# card per game, the six chosen-suits cards, the phrasebook sheet, the course leader's guide,
# and the book's exam paper with its key. `make printables EXAM_SEEDS="17 23"` also prints
# those candidates' papers. The book links the PDFs (Sphinx copies linked files into
# _build/html/_downloads), so `make book` makes them first, again only when knlib changed.
PRINTABLES     := _build/printables
PRINTABLES_SRC  = $(shell find knlib -name '*.py' -not -path '*/__pycache__/*')
.PHONY: printables

printables: $(STAMP)
	$(BIN)/python -m knlib.printables --out $(PRINTABLES) --jobs 2 $(if $(EXAM_SEEDS),--exam-seeds $(EXAM_SEEDS))
	touch $(PRINTABLES)/.built

$(PRINTABLES)/.built: $(STAMP) $(PRINTABLES_SRC)
	$(MAKE) --no-print-directory printables

book: $(PRINTABLES)/.built
