# The two commands: `make demo` (the main job) and `make test` (ruff, the import layers,
# mypy, the test suite in two processes (pytest-xdist; a test file stays in one, so its server
# and browser start once), the tutorial notebook run again with every output compared with the
# saved one, times masked (nbval), a strict build of the docs).
# Both create .venv in the repository root and install into it; nothing else is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test docs bench load browser lint clean wheel

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "devilcoins needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# What each target installs (pyproject.toml): the core (numpy, numba, rich, psutil, lazy_loader) for demo; the atlas
# extra too for bench; for test, docs, load and wheel every extra ('.[all]': page, plots, atlas)
# and the development tools, the dependency groups test and docs. Each marker file is remade
# when pyproject.toml changes, and says what the ones before it say.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-atlas: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[atlas]'
	@touch $@ $(VENV)/.installed

bench: $(VENV)/.installed-atlas

# pip install --group needs pip 25.1 or newer (the upgrade above brings it). Where the index pip
# reaches has none that new, the same groups are read from pyproject.toml into a requirements file.
GROUPS := test docs
READ_GROUPS := import sys, tomllib; groups = tomllib.load(open("pyproject.toml", "rb"))["dependency-groups"]; print(*(r for g in sys.argv[1:] for r in groups[g]), sep="\n")

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	@if $(BIN)/python -m pip install --help | grep -- '--group' >/dev/null; then \
		echo "$(BIN)/python -m pip install --quiet -e '.[all]' $(GROUPS:%=--group %)"; \
		$(BIN)/python -m pip install --quiet -e '.[all]' $(GROUPS:%=--group %); \
	else \
		echo "pip $$($(BIN)/python -m pip --version | cut -d' ' -f2) has no --group: the groups $(GROUPS) from pyproject.toml"; \
		$(BIN)/python -c '$(READ_GROUPS)' $(GROUPS) > $(VENV)/groups.txt && \
		echo "$(BIN)/python -m pip install --quiet -e '.[all]' -r $(VENV)/groups.txt" && \
		$(BIN)/python -m pip install --quiet -e '.[all]' -r $(VENV)/groups.txt; \
	fi
	@touch $@ $(VENV)/.installed-atlas $(VENV)/.installed

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
	$(BIN)/python -m pytest -n 2 --dist loadfile
	$(BIN)/python -m pytest -o addopts= -q -p no:cacheprovider --nbval --nbval-current-env docs/tutorial.ipynb \
		--nbval-sanitize-with tests/docs/tutorial_sanitize.cfg
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir $(VENV)/site-check -q

# The documentation site (mkdocs.yml) into site/; mkdocs serve shows it live.
docs: $(VENV)/.installed-test
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

bench: $(VENV)/.installed
	$(BIN)/python bench/run.py
	$(BIN)/python bench/atlas.py
	$(BIN)/python bench/speed.py

load: $(VENV)/.installed-test
	$(BIN)/python bench/load.py
	$(BIN)/python bench/load.py --mixed 4 --seconds 40
	$(BIN)/python bench/load.py --slow 500

clean:
	rm -rf $(VENV) build dist site src/*.egg-info .pytest_cache .ruff_cache .hypothesis

# The sdist and the wheel in dist/, each checked before anything is tried (every step fails
# loudly): the build prints no warning, twine check --strict passes, bench/package_check.py finds
# the sdist's files, the version, the changelog and the description right. Then the wheel is
# installed into a fresh virtual environment and tried (bench/wheel_check.py): alone, every core
# command answers and serve, plot and the atlas on Dask each name the extra they need; with the
# all extra, plot draws, the atlas runs on Dask and serve answers with the page and its files.
wheel: $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet build twine
	rm -rf dist
	@out=$$(PYTHONDONTWRITEBYTECODE= $(BIN)/python -m build --sdist --wheel --outdir dist . 2>&1) || \
		{ echo "$$out"; echo "make wheel: the build failed"; exit 1; }; \
	if echo "$$out" | grep -i warn; then echo "make wheel: the build warned"; exit 1; fi
	$(BIN)/python -m twine check --strict dist/*
	$(BIN)/python bench/package_check.py dist
	rm -rf $(VENV)/wheel-check && $(PYTHON) -m venv $(VENV)/wheel-check
	$(VENV)/wheel-check/bin/pip install --quiet dist/devilcoins-*.whl
	$(VENV)/wheel-check/bin/python bench/wheel_check.py core
	$(VENV)/wheel-check/bin/pip install --quiet "$$(ls dist/devilcoins-*.whl)[all]"
	$(VENV)/wheel-check/bin/python bench/wheel_check.py all
