# Build/test entry points. Everything runs from a virtualenv at .venv created with the
# machine's python3; the install is redone only when a requirements file (requirements.txt:
# knlib, requirements/book.txt, requirements/test.txt) or pyproject.toml changes.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
REQUIREMENTS := requirements.txt $(wildcard requirements/*.txt) pyproject.toml

# Same hash seed for executing notebooks (make notebooks) and checking them (make test).
export PYTHONHASHSEED := 0

NOTEBOOKS = $(shell find book -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort)
# The German edition (issue 27): de/book/ holds the chapters' German copies
# (tools/german_book.py), de/locales/ the German prose (tools/german_site.py).
DE_NOTEBOOKS = $(patsubst book/%,de/book/%,$(NOTEBOOKS))
LINT_DIRS = $(wildcard knlib knbook tests benchmarks tools)

# JupyterLite (issue 5) and the in-page tools (issue 24): the wheels the site serves
# (tools/build_lite_wheels.py), the npm package pyodide (package.json: the site's Pyodide,
# and tests/test_pyodide.py's), and
# Debian's chromium for tests/test_lite_site.py (never a browser download).
LITE_WHEELS := lite/pypi/.built
NODE_DEPS   := node_modules/.package-lock.json
CHROMIUM    := /usr/bin/chromium
PYODIDE_MIRROR := _build/pyodide-mirror/pyodide-lock.json
KNLIB_SRC    = knlib knbook $(shell find knlib knbook -name '*.py' -not -path '*/__pycache__/*')

# Printable course sheets (issue 7, knlib printables), PDF in _build/printables: a reference
# card per game, the six chosen-suits cards, the phrasebook sheet, the course leader's guide,
# and the book's exam paper with its key. `make printables EXAM_SEEDS="17 23"` also prints
# those candidates' papers. The book links the PDFs (Sphinx copies linked files into
# _build/html/_downloads), so `make book` makes them first, again only when knlib changed.
PRINTABLES     := _build/printables
PRINTABLES_SRC  = $(shell find knlib knbook -name '*.py' -not -path '*/__pycache__/*')

# The quick checks: lint, typecheck and doctest run on their own and first in `make test`;
# `make unit` is the unit and property tests alone (see its rule).
PYTEST_QUICK := $(BIN)/python -m pytest -o addopts="" -p no:nbval --strict-markers

.DEFAULT_GOAL := test
.PHONY: install book test unit lint typecheck doctest notebooks clean lite-wheels node_modules \
	chromium pyodide-mirror lite-size printables accel catalogue serve

install: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(REQUIREMENTS) | $(BIN)/python
	$(BIN)/pip install -r requirements.txt
	@# Build matplotlib's font cache now, so its one-off notice never lands in a notebook output.
	$(BIN)/python -c "import matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot"
	touch $@

book: $(STAMP) $(LITE_WHEELS) $(PYODIDE_MIRROR) $(PRINTABLES)/.built
	$(BIN)/jupyter-book build . -W -n --keep-going
	@# The German site: the .po files brought up to the English prose (a changed paragraph
	@# goes fuzzy; tests/test_german_site.py fails on it), then built into _build/html/de.
	$(BIN)/python tools/german_site.py messages
	$(BIN)/python tools/german_site.py build
	@echo "Built. To read it, with its practice tools: make serve (make serve HOST=0.0.0.0 for phones on this network)"

# The built book over HTTP (tools/serve.py): the practice tools do not run from file://.
# `make serve` serves this machine alone and prints the address; `make serve HOST=0.0.0.0`
# serves the local network too and prints the addresses to type on the phones.
HOST := 127.0.0.1
PORT := 8000
serve: | $(BIN)/python
	$(BIN)/python tools/serve.py --host $(HOST) --port $(PORT)

# Everything: ruff, mypy, the doctests, then tests/ and nbval over book/ (tests/test_lite_site.py
# checks the site that `make book` just built in _build/html).
test: lint typecheck doctest accel $(STAMP) $(NODE_DEPS) $(CHROMIUM) $(PYODIDE_MIRROR) book
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The optional compiled accelerator (issue 12): the modules listed in tools/build_accel.py
# compiled with mypyc into knlib/_native/ (a C compiler and the Python headers needed; it
# does nothing when they are up to date). knlib uses them while their sources are unchanged
# and falls back to the pure modules otherwise; KNLIB_PURE=1 runs the pure ones.
accel: $(STAMP)
	$(BIN)/python tools/build_accel.py

# The unit and property tests in under a minute: no test marked slow (whole exams, PDFs,
# exhaustive solves, the command line run as a program) or book (the built book, chromium,
# Node's Pyodide), no notebook, and a tenth of the random cases (KNLIB_QUICK, tests/budget.py).
unit: $(STAMP)
	KNLIB_QUICK=1 $(PYTEST_QUICK) -m "not slow and not book" $(PYTEST_ARGS) tests

notebooks: $(STAMP)
	@# the live link and the Pyodide-only install cell of every chapter (JupyterLite)
	@# Outputs come from the pure sources (KNLIB_PURE=1): never a stale-build warning, and
	@# nbval in `make test`, after `make accel`, checks the compiled modules against them.
	$(BIN)/python tools/first_cell.py $(NOTEBOOKS)
	@# the German copies: the English cells, with knlib writing German (tools/german_book.py)
	$(BIN)/python tools/german_book.py $(NOTEBOOKS)
	KNLIB_PURE=1 $(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.timeout=600 \
	    --ExecutePreprocessor.record_timing=False \
	    --ExecutePreprocessor.store_widget_state=False \
	    $(NOTEBOOKS) $(DE_NOTEBOOKS)
	$(BIN)/python tools/clean_notebooks.py $(NOTEBOOKS) $(DE_NOTEBOOKS)

lint: $(STAMP)
	$(BIN)/ruff check $(LINT_DIRS)

# mypy over knlib, as configured in pyproject.toml ([tool.mypy]).
typecheck: $(STAMP)
	$(BIN)/mypy

# The examples in the docstrings of knlib's modules, collected from the pure sources (with
# `make accel`'s compiled modules in use, pytest would find two files for one module), and
# the README's tour.
doctest: $(STAMP)
	KNLIB_PURE=1 $(PYTEST_QUICK) --doctest-modules knlib knbook --doctest-glob=README.md README.md

# knlib's message catalogue (issue 27, knlib/i18n.py): Babel extracts the marked texts into
# knlib/locale/knlib.pot, updates each language's .po (new texts untranslated, changed ones
# fuzzy) and compiles the .mo files that travel in the wheel. Translate in the .po, then run
# this again; tests/test_i18n.py fails while the template or a .mo is stale or a text is
# untranslated.
catalogue: $(STAMP)
	$(BIN)/python tools/catalogue.py

lite-wheels: $(LITE_WHEELS)

$(LITE_WHEELS): $(STAMP) pyproject.toml tools/build_lite_wheels.py $(KNLIB_SRC)
	$(BIN)/python tools/build_lite_wheels.py
	touch $@

node_modules: $(NODE_DEPS)

$(NODE_DEPS): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The book's own Pyodide (tools/pyodide_mirror.py): the npm release's core and the pure
# wheels the Lite kernel loads, served by the site in _static/pyodide (page/knlib_page.py)
# to the in-page tools and the Lite app alike, so neither needs a CDN.
pyodide-mirror: $(PYODIDE_MIRROR)

$(PYODIDE_MIRROR): $(NODE_DEPS) tools/pyodide_mirror.py | $(STAMP)
	$(BIN)/python tools/pyodide_mirror.py $(dir $@)

chromium: $(CHROMIUM)

$(CHROMIUM):
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

# Figures for the README: the Lite part of the built book, and the wheels it serves.
lite-size:
	@du -sh --apparent-size _build/html/lite
	@du -sh --apparent-size _build/html/lite/* | sort -h
	@ls -l _build/html/lite/pypi/*.whl

clean:
	rm -rf _build lite/pypi lite/.cache knlib/_native

# `make printables EXAM_SEEDS="17 23"`: see PRINTABLES above.

printables: $(STAMP)
	$(BIN)/python -m knbook.course.printables --out $(PRINTABLES) --jobs 2 $(if $(EXAM_SEEDS),--exam-seeds $(EXAM_SEEDS))
	@# The German sheets (issue 27), the same file names in $(PRINTABLES)/de.
	$(BIN)/python -m knbook.course.printables --lang de --out $(PRINTABLES)/de --jobs 2 $(if $(EXAM_SEEDS),--exam-seeds $(EXAM_SEEDS))
	touch $(PRINTABLES)/.built

$(PRINTABLES)/.built: $(STAMP) $(PRINTABLES_SRC)
	$(MAKE) --no-print-directory printables
