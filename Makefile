# `make test` and `make demo` each work on a fresh machine with only Python,
# make and git: they build .venv (with uv from PyPI, for speed) and install
# the project into it first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test test-fast test-full screenshots pictures demo narrate venv bench clean lint chromium proxy

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv
	# --compile-bytecode: every process the tests start (workers, Voilà, kernels) reads
	# compiled modules, even where PYTHONDONTWRITEBYTECODE keeps Python from writing them
	VIRTUAL_ENV=$(CURDIR)/$(VENV) $(BIN)/uv pip install --quiet --compile-bytecode -e '.[test]'
	# and tablekit's own modules (an editable install is not compiled by the installer): a
	# fresh kernel then imports in a fifth of the time; a module edited later is compiled
	# again as usual (Python checks each compiled file against its source)
	$(BIN)/python -m compileall -q tablekit
	touch $(STAMP)

venv: $(STAMP)

CHROMIUM ?= /usr/bin/chromium

# The browser tests drive Debian's Chromium (Playwright never downloads a browser here).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "The browser tests need Chromium at $(CHROMIUM). Install it with:"; \
	    echo "  sudo apt-get update && sudo apt-get install -y chromium"; \
	    echo "(or set CHROMIUM=/path/to/chromium)"; exit 1; \
	  fi; \
	fi

# JupyterHub's proxy, configurable-http-proxy, comes from npm: installed into .venv/node
# (so `make clean` removes it). Major version 4 runs on Node 12 and later (5 needs 20).
NODE_PREFIX := $(VENV)/node
PROXY := $(NODE_PREFIX)/node_modules/.bin/configurable-http-proxy

proxy: $(PROXY)

$(PROXY):
	@if ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's nodejs and npm for JupyterHub's proxy"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	  else \
	    echo "The JupyterHub test needs Node.js and npm (for configurable-http-proxy). Install them with:"; \
	    echo "  sudo apt-get update && sudo apt-get install -y nodejs npm"; exit 1; \
	  fi; \
	fi
	npm install --prefix $(NODE_PREFIX) --no-audit --no-fund --loglevel=error configurable-http-proxy@4
	test -x $(PROXY)

# The suite runs on every core (pytest-xdist; WORKERS=1 runs it in one process), with
# Hypothesis's repeatable `ci` profile (tests/conftest.py) and the seed sweeps sampled
# (tests/sampling.py). The 20 slowest tests are listed at the end of each run.
WORKERS ?= logical
PYTEST := PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 TABLEKIT_CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest -q \
	--hypothesis-profile=ci --durations=20 $(if $(filter 1,$(WORKERS)),,-n $(WORKERS))

lint: $(STAMP)
	$(BIN)/ruff check tablekit tests benchmarks

# the whole suite: what CI runs
test: $(STAMP) chromium $(PROXY) lint
	$(PYTEST)

# the inner loop: no browser and no server (Voilà, JupyterHub, Dask)
test-fast: $(STAMP) lint
	$(PYTEST) -m "not browser and not server"

# the whole suite with every seed sweep at its full count (tests/sampling.py)
test-full: $(STAMP) chromium $(PROXY) lint
	TABLEKIT_FULL=1 $(PYTEST)

# pictures of the board: every game at 1366x768, 1280x720 and 1920x1080, at every player
# count, at its first decision, its largest decision and its end (the fixed positions of
# tests/data/board, drawn by tests/test_board_page.py), in screenshots/
screenshots: $(STAMP) chromium
	rm -f screenshots/board-*.png
	TABLEKIT_TEST_OUTPUT=$(CURDIR)/screenshots PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 TABLEKIT_CHROMIUM=$(CHROMIUM) \
		$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_board_page.py -k draws
	@echo "the pictures are in screenshots/ (board-<game>-<position>-<players>p-<size>-side-<under|beside>.png)"

# the picture of each table in the teaching notebooks, stored as the table cell's output so a
# notebook read without a kernel shows its positions (tablekit/notebook_pictures.py); the
# notebook tests fail when one is out of date
pictures: $(STAMP) chromium
	TABLEKIT_CHROMIUM=$(CHROMIUM) $(BIN)/python -m tablekit.notebook_pictures --write notebooks/*.ipynb

demo: $(STAMP)
	$(BIN)/tablekit serve --port $(or $(PORT),8866)

narrate: $(STAMP)
	$(BIN)/tablekit play creatures --players 3 --seed 7 --bots heuristic

bench: $(STAMP)
	$(BIN)/tablekit bench creatures

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache
