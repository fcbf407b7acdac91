# The two commands: `make demo` (the main job) and `make test` (ruff, the import layers,
# mypy, the test suite, the tutorial notebook executed cell by cell, a strict build of the docs).
# Both create .venv in the repository root and install into it; nothing else is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test docs bench load browser lint clean wheel

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "devilcoins needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,docs]'
	@touch $@ $(VENV)/.installed

demo: $(VENV)/.installed
	$(BIN)/devilcoins solve 4
	@echo
	$(BIN)/devilcoins table
	@echo
	$(BIN)/devilcoins prove 16

# The browser tests drive Debian's chromium (no browser download). Installed here when it is
# missing and apt-get can; otherwise those tests are skipped with a message saying so.
CHROMIUM ?= /usr/bin/chromium

browser:
	@if [ ! -x $(CHROMIUM) ] && command -v apt-get >/dev/null 2>&1; then \
		echo "installing Debian's chromium for the browser tests"; \
		(apt-get install -y -q chromium >/dev/null 2>&1 || \
		 (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1)) || \
		echo "could not install chromium: the browser tests will be skipped"; \
	fi

test: $(VENV)/.installed-test browser
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/python -m pytest
	$(BIN)/python -m pytest -o addopts= -q -p no:cacheprovider --nbmake docs/tutorial.ipynb
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir $(VENV)/site-check -q

# The documentation site (mkdocs.yml) into site/; mkdocs serve shows it live.
docs: $(VENV)/.installed-test
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

bench: $(VENV)/.installed
	$(BIN)/python bench/run.py
	$(BIN)/python bench/atlas.py

load: $(VENV)/.installed-test
	$(BIN)/python bench/load.py

clean:
	rm -rf $(VENV) build site src/*.egg-info .pytest_cache .ruff_cache .hypothesis

# A wheel in dist/, then installed into a fresh virtual environment and tried: every command
# answers, and serve answers with the page and its static files.
wheel: $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet build
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m build --wheel --outdir dist . 2>&1 | grep -i warn && exit 1 || true
	rm -rf $(VENV)/wheel-check && $(PYTHON) -m venv $(VENV)/wheel-check
	$(VENV)/wheel-check/bin/pip install --quiet dist/devilcoins-*.whl
	$(VENV)/wheel-check/bin/python bench/wheel_check.py
