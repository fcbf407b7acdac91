# The two commands: `make demo` (the main job) and `make test` (ruff, the import layers,
# mypy, the test suite in two processes (pytest-xdist; a test file stays in one, so its server
# and browser start once), the tutorial notebook run again with every output compared with the
# saved one, times masked (nbval), a strict build of the docs).
# Both create .venv in the repository root and install into it; nothing else is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test checks docs docs-check bench load browser lint clean wheel lock lock-uv test-latest

# Every install comes from the lock, uv.lock, committed beside pyproject.toml: uv sync --locked
# installs exactly what it names (versions and hashes) and fails when pyproject.toml has changed
# since the lock was made. uv itself is the one package pip installs, into .uv, pinned with its
# hashes in requirements-uv.txt. So a machine needs nothing but Python 3.11 or newer.
UV_VERSION := 0.13.9
UV_DIR := .uv
UV := $(UV_DIR)/bin/uv
# uv makes no virtual environment with a Python it downloads, and reads no user configuration
SYNC := UV_PROJECT_ENVIRONMENT=$(VENV) UV_PYTHON_DOWNLOADS=never UV_NO_CONFIG=1 $(UV) sync --locked --python $(PYTHON) --quiet

$(UV): requirements-uv.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "devilcoins needs Python 3.11 or newer")'
	rm -rf $(UV_DIR)
	$(PYTHON) -m venv $(UV_DIR)
	$(UV_DIR)/bin/python -m pip install --quiet --require-hashes --no-deps -r requirements-uv.txt
	@touch $@

# What each target installs (pyproject.toml): the core (numpy, numba, rich, psutil, lazy_loader)
# for demo; the atlas extra too for bench; for test, docs, load and wheel every extra (page,
# plots, atlas, cover) and the development tools, the dependency groups test and docs. uv sync
# makes the environment exactly that set, so each marker file says what the ones before it say.
$(VENV)/.installed: pyproject.toml uv.lock | $(UV)
	$(SYNC) --no-default-groups
	@touch $@

$(VENV)/.installed-atlas: pyproject.toml uv.lock | $(UV)
	$(SYNC) --no-default-groups --extra atlas
	@touch $@ $(VENV)/.installed

bench: $(VENV)/.installed-atlas

$(VENV)/.installed-test: pyproject.toml uv.lock | $(UV)
	$(SYNC) --no-default-groups --all-extras --group test --group docs
	@touch $@ $(VENV)/.installed-atlas $(VENV)/.installed

# The lock made again from pyproject.toml (the newest versions it allows, today): the one
# command that refreshes it. make lock-uv does the same for uv itself (UV_VERSION above).
lock: | $(UV)
	UV_NO_CONFIG=1 $(UV) lock --upgrade --python $(PYTHON)

lock-uv: | $(UV)
	echo 'uv==$(UV_VERSION)' > $(UV_DIR)/uv.in
	UV_NO_CONFIG=1 $(UV) pip compile --quiet --generate-hashes --no-header $(UV_DIR)/uv.in -o $(UV_DIR)/uv.txt
	{ sed -n '1,2p' requirements-uv.txt; cat $(UV_DIR)/uv.txt; } > $(UV_DIR)/requirements-uv.txt
	mv $(UV_DIR)/requirements-uv.txt requirements-uv.txt

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
	$(MAKE) --no-print-directory checks

# Every check of make test, on the environment $(VENV) (test-latest runs them on another).
checks:
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 --dist loadfile
	$(BIN)/python -m pytest -o addopts= -q -p no:cacheprovider --nbval --nbval-current-env docs/tutorial.ipynb \
		--nbval-sanitize-with tests/docs/tutorial_sanitize.cfg
	$(MAKE) --no-print-directory docs-check

# The strict build of the docs: any warning (a broken link or anchor among them) fails it.
# Not quiet: mkdocs's -q drops the warnings before strict mode counts them.
# tests/docs/test_docs_check.py runs this target on a page with a broken link and sees it fail.
MKDOCS_CONFIG ?= mkdocs.yml
SITE_CHECK ?= $(VENV)/site-check
docs-check:
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --config-file $(MKDOCS_CONFIG) --site-dir $(SITE_CHECK)

# The suite on the newest versions pyproject.toml allows, not the lock's, in .venv-latest: a
# release that breaks something shows here before make lock takes it. Not part of make test.
LATEST := .venv-latest
test-latest: browser | $(UV)
	rm -rf $(LATEST)
	UV_PYTHON_DOWNLOADS=never UV_NO_CONFIG=1 $(UV) venv --quiet --python $(PYTHON) $(LATEST)
	VIRTUAL_ENV=$(LATEST) UV_NO_CONFIG=1 $(UV) pip install --quiet --upgrade -e '.[all]' --group test --group docs
	$(MAKE) --no-print-directory checks VENV=$(LATEST)

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
	rm -rf $(VENV) $(UV_DIR) $(LATEST) build dist site src/*.egg-info .pytest_cache .ruff_cache .hypothesis

# The sdist and the wheel in dist/, each checked before anything is tried (every step fails
# loudly): the build prints no warning, twine check --strict passes, bench/package_check.py finds
# the sdist's files, the version, the changelog and the description right. Then the wheel is
# installed into a fresh virtual environment and tried (bench/wheel_check.py): alone, every core
# command answers and serve, plot and the atlas on Dask each name the extra they need; with the
# all extra, plot draws, the atlas runs on Dask and serve answers with the page and its files.
wheel: $(VENV)/.installed-test
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
