# The two commands that matter: `make serve` (build the site and serve it on
# http://127.0.0.1:8000) and `make test` (every test). Everything installs itself.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell $(PYTHON) -c 'import hashlib,sys;print(hashlib.sha1(open("pyproject.toml","rb").read()).hexdigest()[:10])')

.PHONY: help venv lint test test-engine test-notebooks bench bench-engine bench-coach bench-bots bench-tables wheel clean mutation catalogues

help:
	@echo "make serve   build the offline site and serve it on http://127.0.0.1:8000"
	@echo "make test    run every test (lint, engine, notebooks, site in Chromium)"
	@echo "make bench   print the benchmark figures (make bench-bots: the bots' strength, an hour on two cores)"
	@echo "make voila   the notebooks as code-free apps from a local kernel on http://127.0.0.1:8866"

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	rm -f $(VENV)/.installed-*
	touch $@

venv: $(STAMP)

# The message catalogues compiled (.po -> .mo, hatch_build.py); a wheel build does the same.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard sixnimmt_core/locale/*/LC_MESSAGES/*.po))
%.mo: %.po | $(STAMP)
	$(BIN)/python hatch_build.py

catalogues: $(CATALOGUES)

# ruff everywhere; mypy --strict on the engine, the players and the class server ([tool.mypy])
lint: venv
	$(BIN)/ruff check sixnimmt_core tests tools voila
	$(BIN)/mypy

# The non-browser tests on every core (pytest-xdist); each test stands alone.
test-engine: venv catalogues
	$(BIN)/python -m pytest -q -n auto -m "not browser and not notebooks" --ignore=tests/site

test-notebooks: venv catalogues
	$(BIN)/python -m pytest -q -n auto -m notebooks --ignore=tests/site

test: lint test-engine test-notebooks test-site test-voila test-hosting

bench-engine: venv
	$(BIN)/python tools/bench.py

# The Coach's answer in CPython and in Pyodide under Node (the site's own copy), and its stability.
bench-coach: venv build/cache/.fetched
	$(BIN)/python tools/bench_coach.py

# Bot strength on paired deals; regenerates docs/bots.md (62 min with BOTS_JOBS=2 on two idle cores, about
# two hours on one); not part of `make bench`, run it on its own. `tools/bench_bots.py --variants V --keep`
# re-runs some variants and keeps the page's other rows.
BOTS_JOBS ?= 1
bench-bots: venv
	nice -n 10 $(BIN)/python tools/bench_bots.py --jobs $(BOTS_JOBS)

# The class tables' load: 30 and 60 `sixnimmt table join` bots at 5 and 10 tables of the real server
# (docs/class-tables.md): time from an answer to the last seat's update, memory a table, tables a core.
bench-tables: venv catalogues
	$(BIN)/python tools/bench_tables.py

bench: bench-engine bench-site bench-coach bench-class bench-tables

# Mutation testing (docs/testing.md): mutmut over the rules code (setup.cfg [mutmut]) with the
# non-browser tests, in a copy under $(MUTATION_DIR); not part of `make test`.
# `make mutation MUTANTS='sixnimmt_core.engine.table*'` runs the mutants of one module only.
MUTATION_DIR ?= /tmp/sixnimmt-mutation
MUTANTS ?=
mutation: venv
	$(BIN)/python -m pip install -q 'mutmut>=3.8,<4'
	rm -rf $(MUTATION_DIR) && mkdir -p $(MUTATION_DIR)/tests
	cp -r sixnimmt_core setup.cfg pyproject.toml $(MUTATION_DIR)/
	cp -r tests/*.py tests/golden $(MUTATION_DIR)/tests/
	cd $(MUTATION_DIR) && $(CURDIR)/$(BIN)/mutmut run $(MUTANTS) > run.log 2>&1 || (tail -c 2000 run.log; exit 1)
	cd $(MUTATION_DIR) && $(CURDIR)/$(BIN)/mutmut results

wheel: venv
	rm -rf dist && $(BIN)/python -m pip wheel -q --no-deps -w dist .

clean:
	rm -rf $(VENV) build dist lite_site/_build

# The JupyterLite site: site, serve, test-site, bench-site.
include site.mk
# Voilà on a local server, and the teacher's hosting instructions: voila, test-voila, test-hosting.
include voila.mk
