# `make test` and `make demo` each work on a fresh machine with only Python,
# make and git: they build .venv (with uv from PyPI, for speed) and install
# the project into it first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test demo narrate venv bench clean lint

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv
	VIRTUAL_ENV=$(CURDIR)/$(VENV) $(BIN)/uv pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

test: $(STAMP)
	$(BIN)/ruff check tablekit tests benchmarks
	$(BIN)/python -m pytest -q

demo: $(STAMP)
	$(BIN)/tablekit serve --port $(or $(PORT),8866)

narrate: $(STAMP)
	$(BIN)/tablekit play creatures --players 3 --seed 7 --bots heuristic

bench: $(STAMP)
	$(BIN)/tablekit bench creatures

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache
