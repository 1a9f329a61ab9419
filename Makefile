# Tenbou developer commands: `make run` serves the site, `make test` runs every check CI runs,
# `make quick` the engine's and the other Django-free unit tests in a minute.
# Recipes call .venv/bin/... directly so nothing depends on an activated virtualenv.

SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The TypeScript check of the API schema (tests/api/test_typescript_types.py): its npm packages.
TS_CHECK := tests/api/typescript
TS_STAMP := $(TS_CHECK)/node_modules/.installed
# Pyodide, which runs the rule engine on the scorer's phone offline (scoring/offline/phone_engine.py).
PYODIDE := vendor/pyodide
PYODIDE_STAMP := $(PYODIDE)/node_modules/.installed

# Debian packages: Pango/HarfBuzz/fonts for WeasyPrint PDFs (harfbuzz-subset keeps font
# subsetting fast; IPAex covers Japanese), poppler-utils to inspect PDFs in tests,
# chromium for browser tests, Node.js (and npm, below) for the TypeScript check of the API schema,
# gettext for msgfmt and xgettext (the translation catalogues: `make messages`, tests/test_i18n).
SYSDEPS := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core \
           fonts-dejavu-extra fonts-ipaexfont-gothic poppler-utils chromium nodejs gettext

# The port `make run` serves on: `make run PORT=8001`.
PORT ?= 8000

# pytest-xdist workers of the main test run and of `make quick` (auto: one per core);
# `make test WORKERS=0` runs the suite in one process, as it ran before.
WORKERS ?= auto

# The tests that need no database, no browser and no server: the rule engine, the form's field
# codec and the phone's protocol, the seating draw.
QUICK_TESTS := tests/engine tests/entry tests/tournaments
# What must run in one process, outside the parallel run (see the test target).
ONE_PROCESS_TESTS := tests/api/test_schemathesis.py

.PHONY: run test quick test-production install sysdeps clean openapi messages

run: sysdeps install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo
	@echo "Tenbou is at http://127.0.0.1:$(PORT)/ (demo login: demo / tenbou-demo). Ctrl-C stops it."
	@$(PY) manage.py runserver 127.0.0.1:$(PORT)

test: sysdeps install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict engine entry tournaments/seating.py
	@# The import contracts (pyproject.toml, docs/architecture.md): layers, engine independence.
	$(VENV)/bin/lint-imports
	@# In parallel (pytest-xdist): each worker has its own test database (a file of its own on
	@# SQLite, test_<name>_gw<n> on PostgreSQL), its own temporary folders and free ports. A
	@# test file runs whole on one worker (loadfile): two tests of tests/scoring/test_concurrency.py
	@# holding forty connections each never run side by side (PostgreSQL allows 100).
	$(VENV)/bin/pytest -n $(WORKERS) --dist loadfile --ignore=$(ONE_PROCESS_TESTS)
	@# Schemathesis makes one test per API operation in the process that collects; under xdist
	@# a worker ran one of them and passed (2 of the 119 endpoint answers reached): on its own.
	$(VENV)/bin/pytest -p no:xdist $(ONE_PROCESS_TESTS)
	@# Browser tests in their own process, one at a time as before: Playwright runs an event
	@# loop in the test thread, so the ORM there needs DJANGO_ALLOW_ASYNC_UNSAFE, which the main
	@# run must not have.
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(VENV)/bin/pytest tests/browser

# The fast check while working on the rules: the Django-free tests, no lint, no browser.
quick: $(STAMP)
	$(VENV)/bin/pytest -n $(WORKERS) -q $(QUICK_TESTS)

# The offline browser tests against the site as a deployment serves it: DEBUG off,
# `collectstatic` into a temporary STATIC_ROOT (manifest storage, WhiteNoise), `check --deploy`,
# gunicorn; tests/browser/conftest.py starts it on the test database (TENBOU_PRODUCTION=1).
# The tests whose answer depends on how the files are served (the worker's install, the engine
# from the phone's cache, the kept pages, the offline page's language); compressing Pyodide in
# collectstatic takes most of the run. PRODUCTION_TESTS="" runs the whole file.
PRODUCTION_TESTS ?= two_hands_saved_offline or own_scripts_and_styles or start_page_lists or \
	follows_the_undo or not_ended or language_of_the_phones_pages
test-production: sysdeps install
	TENBOU_PRODUCTION=1 DJANGO_ALLOW_ASYNC_UNSAFE=true $(VENV)/bin/pytest tests/browser/test_offline.py \
		$(if $(PRODUCTION_TESTS),-k "$(PRODUCTION_TESTS)")

# The API schema, committed as docs/openapi.json; tests/api/test_openapi_file.py fails when the
# code and the file disagree.
openapi: install
	$(PY) manage.py spectacular --file docs/openapi.json --format openapi-json --validate

# The translation catalogues: collect the strings of the code and templates into
# locale/<lang>/LC_MESSAGES/django.po (new ones come untranslated: translate them, no fuzzy),
# then compile the .mo files the site reads. Both are committed; tests/test_i18n.py checks that
# every string is translated and that the .mo files match their .po.
messages: install
	$(PY) manage.py engine_words
	$(PY) manage.py makemessages -l it -l ja -e html,txt,py,css --no-location --no-obsolete \
		--ignore=.venv --ignore=tests --ignore=bench --ignore=staticfiles
	$(PY) manage.py compilemessages --ignore=.venv

install: $(STAMP) $(TS_STAMP) $(PYODIDE_STAMP)

# Reinstall only when pyproject.toml changed since the last install.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# Exactly the versions in package-lock.json; again only when the lock file changed.
$(TS_STAMP): $(TS_CHECK)/package-lock.json
	npm ci --prefix $(TS_CHECK) --no-audit --no-fund --loglevel=error
	@touch $(TS_STAMP)

$(PYODIDE_STAMP): $(PYODIDE)/package-lock.json
	npm ci --prefix $(PYODIDE) --no-audit --no-fund --loglevel=error
	@touch $(PYODIDE_STAMP)

# The bare pyenv shims (python3.12, ...) exist but exit 127 unless pyenv selects that version,
# so each candidate is run, not just looked up.
$(PY):
	@py=""; \
	candidates="python3.13 python3.12 python3"; \
	if command -v pyenv >/dev/null 2>&1; then \
		candidates="$$candidates $$(ls -d "$$(pyenv root)"/versions/3.1[2-9]*/bin/python3 2>/dev/null)"; \
	fi; \
	for c in $$candidates; do \
		if "$$c" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then \
			py="$$c"; break; \
		fi; \
	done; \
	if [ -z "$$py" ]; then \
		echo "No Python 3.12 or newer found (tried: $$candidates). Install one and run make again." >&2; \
		exit 1; \
	fi; \
	echo "Using $$py (Python $$("$$py" -c 'import platform; print(platform.python_version())')) for $(VENV)"; \
	"$$py" -m venv $(VENV)

# Debian packs npm apart from nodejs; a Node.js from elsewhere (NodeSource) brings its own
# npm, so npm is asked for only when none is on the PATH.
sysdeps:
	@if ! command -v dpkg >/dev/null 2>&1; then \
		echo "Cannot check system packages here (no dpkg). PDF export needs Pango and HarfBuzz; see README.md."; \
		exit 0; \
	fi; \
	missing=""; \
	for p in $(SYSDEPS); do dpkg -s "$$p" >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	command -v npm >/dev/null 2>&1 || missing="$$missing npm"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" -eq 0 ]; then \
		echo "Installing system packages:$$missing"; \
		apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	else \
		echo "Missing system packages (install them as root, e.g. with apt-get):$$missing"; \
	fi

clean:
	rm -rf $(VENV) staticfiles
