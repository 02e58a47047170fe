# The notebooks as apps on a local Python kernel, with Voilà (issue #6). Included by the Makefile,
# which defines PYTHON, VENV, BIN and STAMP. See docs/teacher-guide.md and voila/launch.py.
#
#   make voila                          serve notebooks/ on http://127.0.0.1:8866 (this machine)
#   make voila VOILA_HOST=0.0.0.0       ... for the other machines of the classroom too
#   make voila VOILA_PORT=8900          ... on another port
#   make test-voila                     Voilà in headless Chromium: no code shown, widgets work,
#                                       nothing requested off the server
#   make test-hosting                   the built site (`make site`) on a plain static server, as
#                                       the teacher's guide says to host it

VOILA_HOST ?= 127.0.0.1
VOILA_PORT ?= 8866
VOILA_REQS := voila/requirements.txt
VOILA_VENV_STAMP := $(VENV)/.voila-installed-$(shell $(PYTHON) -c 'import hashlib;print(hashlib.sha1(open("$(VOILA_REQS)","rb").read()).hexdigest()[:10])')

.PHONY: voila voila-deps test-voila test-hosting

# Voilà, pinned, into the project venv (where sixnimmt_core is installed, editable).
$(VOILA_VENV_STAMP): $(STAMP) $(VOILA_REQS)
	$(BIN)/python -m pip install -q -r $(VOILA_REQS)
	rm -f $(VENV)/.voila-installed-*
	touch $@

voila-deps: $(VOILA_VENV_STAMP)

voila: $(VOILA_VENV_STAMP)
	$(BIN)/python voila/launch.py --host $(VOILA_HOST) --port $(VOILA_PORT) --notebooks notebooks

# browser-deps (site.mk): Debian's Chromium, when `chromium` is not on PATH.
test-voila: $(VOILA_VENV_STAMP) browser-deps
	$(BIN)/python -m pytest -q -m browser tests/apps/test_voila.py

test-hosting: site browser-deps
	$(BIN)/python -m pytest -q -m browser tests/apps/test_hosting.py
