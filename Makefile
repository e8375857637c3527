# ninekit developer commands.  Everything runs inside .venv, built from $(PY).
#
#   make play    serve the gallery and the Voila apps on http://127.0.0.1:8866
#   make test    lint, unit + doctests + widget + browser tests, then nbval over every notebook
#
# See docs/development.md.

PY   ?= python3
VENV ?= .venv
BIN  := $(VENV)/bin
PIP  := $(BIN)/python -m pip
PORT ?= 8866

# Voila reads voila.json from the directories in Voila.config_file_paths; point it at the repo root
# so the public-app settings (no tracebacks, no sources) apply wherever make is started from.
VOILA_FLAGS := --port $(PORT) --no-browser --Voila.ip=127.0.0.1 --Voila.config_file_paths=$(CURDIR)

.PHONY: venv install play lab test bench clean

# (Re)create .venv unless it exists and was built from the same interpreter as $(PY).
venv:
	@want="$$($(PY) -c 'import sys; print(sys.base_prefix, sys.version)')" || exit 1; \
	have="$$($(BIN)/python -c 'import sys; print(sys.base_prefix, sys.version)' 2>/dev/null)"; \
	if [ "$$want" != "$$have" ]; then \
		echo "Creating $(VENV) with $(PY)"; \
		rm -rf $(VENV) && $(PY) -m venv $(VENV) && $(PIP) install -q --upgrade pip; \
	fi

install: venv
	$(PIP) install -q -e '.[app]'

play: install
	@echo "Open http://127.0.0.1:$(PORT)/voila/render/index.ipynb"
	$(BIN)/voila notebooks $(VOILA_FLAGS)

# JupyterLab refuses to run as root unless told to (containers, CI machines).
ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

lab: venv
	$(PIP) install -q -e '.[dev]'
	$(BIN)/jupyter lab notebooks/tutorials $(ALLOW_ROOT)

test: venv
	$(PIP) install -q -e '.[test,app,dev]'
	$(BIN)/ruff check .
	$(BIN)/python -m pytest
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env notebooks

bench: venv
	$(PIP) install -q -e '.[test]'
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache tests/browser/artifacts
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
