# The offline JupyterLite site (issue #4). Included by the Makefile, which defines PYTHON, VENV,
# BIN and STAMP. See docs/site.md.
#
#   make site         build/site/: the whole site, one static folder
#   make serve        build it and serve it with the class tables on http://$(SITE_HOST):$(SITE_PORT)
#   make test-site    unit tests of the build tools + the site in headless Chromium
#   make bench-site   bytes on the wire and seconds to the first widget, cold cache
#   make bench-class  30 students loading the whole site at once (part of `make bench`)
#   make browser-deps Debian's Chromium, when `chromium` is not on PATH

SITE       := build/site
SITE_CACHE := build/cache
SITE_WHEEL := build/wheel
SITE_HOST  ?= 127.0.0.1
SITE_PORT  ?= 8000
SITE_REQS  := lite_site/requirements.txt
SITE_VENV_STAMP := $(VENV)/.site-installed-$(shell $(PYTHON) -c 'import hashlib;print(hashlib.sha1(open("$(SITE_REQS)","rb").read()).hexdigest()[:10])')

.PHONY: site serve test-site bench-site browser-deps site-deps

# Build and serve tools, pinned, into the project venv.
$(SITE_VENV_STAMP): $(STAMP) $(SITE_REQS)
	$(BIN)/python -m pip install -q -r $(SITE_REQS)
	rm -f $(VENV)/.site-installed-*
	touch $@

site-deps: $(SITE_VENV_STAMP)

# Pyodide from the npm registry and the browser's wheels from PyPI, each checked by hash.
$(SITE_CACHE)/.fetched: lite_site/site.toml lite_site/pyodide-wheels.txt tools/site/fetch.py | $(SITE_VENV_STAMP)
	$(BIN)/python tools/site/fetch.py --config lite_site/site.toml \
	    --wheels-req lite_site/pyodide-wheels.txt --out $(SITE_CACHE)
	touch $@

# Those wheels and the standard library (python_stdlib.zip) with bytecode for the browser's Python,
# made by that Python (Pyodide under Node).
$(SITE_CACHE)/.precompiled: $(SITE_CACHE)/.fetched tools/site/precompile.mjs tools/site/precompile_wheels.py
	node tools/site/precompile.mjs $(SITE_CACHE)/pyodide-core $(SITE_CACHE)/wheels $(SITE_CACHE)/wheels-pyc \
	    $(SITE_CACHE)/stdlib-pyc
	touch $@

# The engine as a plain py3-none-any wheel (as `make wheel`, into its own folder), without the class
# server and the printable handouts, which the browser never runs (tools/site/browser_wheel.py),
# then with the browser's bytecode in place of its sources, as the other wheels (precompile.mjs).
$(SITE_WHEEL)/.built: pyproject.toml hatch_build.py $(wildcard sixnimmt_core/*.py sixnimmt_core/*/*.py sixnimmt_core/*/static/* \
                      sixnimmt_core/locale/*/LC_MESSAGES/*.po) tools/site/precompile.mjs \
                      tools/site/precompile_wheels.py | $(STAMP) $(SITE_CACHE)/.fetched
	rm -rf $(SITE_WHEEL) $(SITE_WHEEL)-src
	$(BIN)/python -m pip wheel -q --no-deps -w $(SITE_WHEEL)-src .
	$(BIN)/python tools/site/browser_wheel.py $(SITE_WHEEL)-src/*.whl
	node tools/site/precompile.mjs --config none $(SITE_CACHE)/pyodide-core $(SITE_WHEEL)-src $(SITE_WHEEL)
	touch $@

# Node tools of the build (Workbox, for the service worker), pinned by tools/site/package-lock.json.
SITE_NODE := tools/site/node_modules/.installed
$(SITE_NODE): tools/site/package.json tools/site/package-lock.json
	cd tools/site && npm ci --no-audit --no-fund --loglevel=error
	touch $@

SITE_INPUTS := $(wildcard lite_site/* lite_site/landing/* lite_site/live/* tools/site/*.py tools/site/*.mjs docs/*.md) notebooks $(wildcard notebooks/*.ipynb notebooks/*/*.ipynb)

# The compiled catalogues too: the pages' words (domain site, and the lessons' titles) are read from
# them when the pages are written (tools/site/landing.py), so a changed .po rebuilds the site.
build/.site-built: $(SITE_VENV_STAMP) $(SITE_NODE) $(SITE_CACHE)/.precompiled $(SITE_WHEEL)/.built $(SITE_INPUTS) $(CATALOGUES)
	$(BIN)/python tools/site/build_site.py --cache $(SITE_CACHE) --project-wheels $(SITE_WHEEL) \
	    --notebooks notebooks --lite-dir build/lite --out $(SITE)
	touch $@

site: build/.site-built

# The site and the class tables on one port (sixnimmt serve: sixnimmt_core/server), the tables kept
# in $(TABLES). `make serve SITE_HOST=0.0.0.0` opens it to the school network (docs/class-tables.md).
TABLES ?= build/tables.db
serve: site
	$(BIN)/sixnimmt serve --site $(SITE) --host $(SITE_HOST) --port $(SITE_PORT) --data $(TABLES)

browser-deps:
	@command -v chromium >/dev/null 2>&1 || { apt-get update && apt-get install -y chromium; }
	@command -v pdftotext >/dev/null 2>&1 || { apt-get update && apt-get install -y poppler-utils; }  # printed pages' tests

# One browser at a time by default: two at once on two cores (pytest-xdist, tried 2026-12-07) finished
# in 1,315 s against 1,501 s, and three Python starts ran past their two minutes. Since the lessons run
# in apps/live.html two may do (SITE_JOBS=2: a file's tests stay on one worker, as its shared page
# needs); not yet measured on a quiet machine, so not the default.
SITE_JOBS ?= 1
test-site: site browser-deps
	$(BIN)/python -m pytest -q --durations=25 $(if $(filter-out 1,$(SITE_JOBS)),-n $(SITE_JOBS) --dist loadfile) tests/site

bench-site: site browser-deps
	$(BIN)/python tools/site/bench.py $(SITE)

# 30 students' browsers fetching the whole site at once, cold, from `make serve`'s server on
# 127.0.0.1 (bounded, stops by itself): failed requests, time to the last byte, bytes per student,
# throughput. Part of `make bench`.
.PHONY: bench-class
bench-class: site
	$(BIN)/python tools/site/bench_class.py $(SITE)

# The printable handouts alone (docs/teacher-guide.md, "Handouts"): every handout in every language as
# A4 HTML and PDF, both from the handouts' data (the PDF drawn by tools/site/handout_pdf.py with fpdf2:
# no browser), into build/handouts;
# `make site` puts the same into the site.
HANDOUTS := build/handouts
.PHONY: handouts
handouts: $(SITE_VENV_STAMP) catalogues
	$(BIN)/python tools/site/handouts.py $(HANDOUTS)
