# ninekit developer commands.  Everything runs inside .venv, built from $(PY).
#
#   make play    serve the gallery and the Voila apps on http://127.0.0.1:8866
#                (to a class: make play HOST=0.0.0.0 [POOL=30]; see docs/deploying.md); it prints the teacher's room key
#                (tables across screens: NINEKIT_TABLES=postgresql://... for several servers)
#   make site    build site/: every app and tutorial as a static site that runs in the visitor's browser
#                (Voici + Pyodide; serve it from any static file host; see docs/static_site.md)
#   make serve-site  build it and serve it on http://127.0.0.1:8000 (SITE_PORT=...)
#   make test    lint, unit + doctests + widget + browser tests, and nbval over the notebooks they do not open
#
# See docs/development.md.

PY   ?= python3
VENV ?= .venv
BIN  := $(VENV)/bin
PIP  := $(BIN)/python -m pip
PORT ?= 8866
# Address Voila listens on: 127.0.0.1 (this machine only); HOST=0.0.0.0 to serve a class on the network.
HOST ?= 127.0.0.1
# Kernels kept ready (preheated) for the gallery and for each app; empty: voila.json's default_pool_size.
POOL ?=
# More Voila settings for `make play`, overriding voila.json, e.g. VOILA_ARGS=--ClassroomKernelManager.max_kernels=60
VOILA_ARGS ?=
# Test workers (pytest-xdist): one per CPU for the browser tests, and as many for the rest of the tests, run beside
# them at a lower priority (nice), so that they take only the CPU the browser tests leave (pages and kernels wait
# on each other); one more worker of the same priority was not safe (docs/development.md).
TEST_JOBS ?= auto
# Each test file runs whole on one worker (its servers with it), in collection order (the longest browser files
# first: LONGEST_FIRST in tests/browser/conftest.py).
PYTEST := $(BIN)/python -m pytest --dist loadfile --no-loadscope-reorder --durations=25
# The output of the tests run beside the browser tests (make test)
REST_LOG := build/pytest-rest.log
# Notebooks the browser tests open in Voila (every cell run in a kernel, a cell's error fails the test): nbval leaves
# them to those tests (open_app in tests/browser/conftest.py fails on a cell's error); it runs the others (the
# sandboxes the browser tests do not open, the tables page and the room, and the analysis and arena notebooks, whose
# last cell presses Run and checks the outcome under nbval).
NBVAL_IN_BROWSER := notebooks/apps notebooks/tutorials notebooks/index.ipynb notebooks/sandboxes/nine_knights.ipynb

# Voila reads voila.json from the directories in Voila.config_file_paths; point it at serving/
# so the serving settings (no tracebacks, no sources, the ninekit template, culling, the kernel cap,
# the preheated pool; see docs/deploying.md) apply wherever make is started from.
VOILA_FLAGS := --port $(PORT) --no-browser --Voila.ip=$(HOST) --Voila.config_file_paths=$(CURDIR)/serving \
	$(if $(POOL),--pool_size=$(POOL)) $(VOILA_ARGS)
# The ninekit template (serving/jupyter/nbconvert/templates/ninekit) is found through JUPYTER_PATH; `make lab`
# needs it too (voila.json names it), and JupyterLab's Voila preview reads voila.json from the Jupyter config
# path (JUPYTER_CONFIG_PATH; it has no config_file_paths of its own).
VOILA_ENV := JUPYTER_PATH="$(CURDIR)/serving/jupyter$${JUPYTER_PATH:+:$$JUPYTER_PATH}" \
	JUPYTER_CONFIG_PATH="$(CURDIR)/serving$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH}"
SHOWN_HOST := $(if $(filter 0.0.0.0,$(HOST)),<this machine's address>,$(HOST))

.PHONY: venv install play lab test site-in-background bench load site serve-site clean

# (Re)create .venv unless it exists and was built from the same interpreter as $(PY).
venv:
	@want="$$($(PY) -c 'import sys; print(sys.base_prefix, sys.version)')" || exit 1; \
	have="$$($(BIN)/python -c 'import sys; print(sys.base_prefix, sys.version)' 2>/dev/null)"; \
	if [ "$$want" != "$$have" ]; then \
		echo "Creating $(VENV) with $(PY)"; \
		rm -rf $(VENV) && $(PY) -m venv $(VENV) && $(PIP) install -q --upgrade pip; \
	fi

# The project's own modules compiled to bytecode once: pip compiles what it installs, but not an editable install,
# and where PYTHONDONTWRITEBYTECODE is set nothing else ever writes it, so every kernel would compile them as it
# starts (0.3 CPU-seconds a kernel).
COMPILE := $(BIN)/python -m compileall -q ninekit widgets serving/ninekit_serving

install: venv
	$(PIP) install -q -e '.[app]'
	@$(COMPILE)

play: install
	@echo "Open http://$(SHOWN_HOST):$(PORT)/voila/render/index.ipynb"
	@$(BIN)/python -c 'from ninekit.tables import default_url, room_key; print("Tables across screens are kept in", \
	  default_url().split("@")[-1], "\nThe teacher'"'"'s room key:", room_key(), "(set NINEKIT_ROOM_KEY to choose it)")'
	$(VOILA_ENV) $(BIN)/voila notebooks $(VOILA_FLAGS)

# JupyterLab refuses to run as root unless told to (containers, CI machines).
ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

lab: venv
	$(PIP) install -q -e '.[dev]'
	$(VOILA_ENV) $(BIN)/jupyter lab notebooks/tutorials $(ALLOW_ROOT)

# `make test` builds the static site in the background, beside the install and the tests: the build, like pip, runs
# mostly on one core of two.  Its output goes to $(SITE_BUILD)/log, its outcome (built, failed or skipped: no npm
# registry) to $(SITE_BUILD)/status once it ends; tests/browser/test_static_site.py waits for it (.ci/run requires
# the site).
SITE_BUILD := build/site-build

site-in-background:
	@rm -rf $(SITE_BUILD) && mkdir -p $(SITE_BUILD)
	@echo "[$$(date +%T)] the static site, built in the background (output: $(SITE_BUILD)/log)"
	@( outcome=skipped; \
	   if npm ping >/dev/null 2>&1; then \
	     if $(MAKE) --no-print-directory site >$(SITE_BUILD)/log 2>&1; then outcome=built; else outcome=failed; fi; \
	   else echo "npm registry not reachable: the static site is not built" >$(SITE_BUILD)/log; fi; \
	   echo $$outcome >$(SITE_BUILD)/status ) </dev/null >/dev/null 2>&1 & echo $$! >$(SITE_BUILD)/pid

test: site-in-background venv
	@echo "[$$(date +%T)] installing"
	$(PIP) install -q -e '.[test,app,dev]'
	@$(COMPILE)
	$(BIN)/ruff check .
	@echo "[$$(date +%T)] pytest: the browser tests on $(TEST_JOBS) workers; beside them, at a lower priority (nice) on" \
	  "$(TEST_JOBS) more, the rest (unit, widget, doctests, by nbval the notebooks no browser test opens; output:" \
	  "$(REST_LOG), shown at the end)"
	@mkdir -p $(dir $(REST_LOG)); \
	NINEKIT_NBVAL=1 nice -n 10 $(PYTEST) -n $(TEST_JOBS) --ignore=tests/browser --nbval-lax --nbval-current-env \
	  $(addprefix --ignore=,$(NBVAL_IN_BROWSER)) \
	  >$(REST_LOG) 2>&1 </dev/null & rest=$$!; \
	trap 'kill $$rest 2>/dev/null' INT TERM; \
	$(PYTEST) -n $(TEST_JOBS) tests/browser; browser=$$?; \
	wait $$rest; rest_status=$$?; \
	echo "[$$(date +%T)] the rest of the tests ($(REST_LOG)):"; cat $(REST_LOG); \
	[ $$browser -eq 0 ] && [ $$rest_status -eq 0 ]
	@echo "[$$(date +%T)] done; the static site: $$(cat $(SITE_BUILD)/status 2>/dev/null || echo still building) ($$(tail -n 1 $(SITE_BUILD)/log))"

bench: venv
	$(PIP) install -q -e '.[test]'
	$(BIN)/python benchmarks/run.py

# 1, 10 and 20 visitors opening the Nine Knights app at once, on a server started like `make play`
# (loopback only; a few minutes; see benchmarks/README.md, "Serving a class").
load: venv
	$(PIP) install -q -e '.[test,app]'
	$(BIN)/python benchmarks/load.py

# The static site's build tools live in their own venv (pinned with hashes in serving/static_site/requirements.txt);
# Pyodide comes from npm, the browser's wheels from PyPI (both hash-checked); see serving/static_site/build.py.
SITE_VENV := build/site-venv
SITE_PORT ?= 8000

site:
	@test -x $(SITE_VENV)/bin/python || $(PY) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install -q --require-hashes -r serving/static_site/requirements.txt
	$(SITE_VENV)/bin/python serving/static_site/build.py --out site

serve-site: site
	@echo "Open http://$(SHOWN_HOST):$(SITE_PORT)/"
	$(SITE_VENV)/bin/python -m http.server $(SITE_PORT) --bind $(HOST) --directory site

clean:
	rm -rf $(VENV) build dist site *.egg-info .pytest_cache .ruff_cache tests/browser/artifacts
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
