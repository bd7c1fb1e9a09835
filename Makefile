# The two commands the README opens with, `make run` and `make test`, and the ones a developer
# runs while working (docs/development.md). Everything installs into .venv (scripts/venv.sh):
# the system's python3 on Debian/Ubuntu refuses pip installs (PEP 668). Installs come from the
# locks in locks/ (exact versions with their hashes, made by `make lock`); pyproject.toml keeps
# the compatible ranges, tried at their newest by `make test-latest`.
VENV := .venv
LATEST := .venv-latest
# make on Windows (Git for Windows, MSYS2, Chocolatey): python.org's Python is `python`, and a
# venv keeps its programs in Scripts
ifeq ($(OS),Windows_NT)
PYTHON ?= python
BIN := $(VENV)/Scripts
LATEST_BIN := $(LATEST)/Scripts
else
PYTHON ?= python3
BIN := $(VENV)/bin
LATEST_BIN := $(LATEST)/bin
endif
export PYTHON

PIP := $(BIN)/python -m pip --disable-pip-version-check
# the quick tests: rules, engine, store and web without a browser, and the package's doctests;
# tests marked slow (pyproject.toml) run only in `make test`
CHECK := tests/rules tests/engine tests/store tests/web scribe
# one worker more than the cores: a few tests wait on PostgreSQL or a socket, and another
# test's CPU fills that wait (2:44 against 3:00 with two workers on two cores)
CHECK_JOBS ?= $(shell $(BIN)/python -c "import os; print((os.cpu_count() or 1) + 1)")
# the tool that writes the locks: universal, so each keeps the markers that Windows and macOS
# installs resolve by; `make lock UPGRADE=1` moves every pin to the newest the ranges admit,
# plain `make lock` keeps the pins and changes only what pyproject.toml's ranges force
UV_VERSION := 0.13.9
BUILD_VERSION := 1.6.1  # as locks/test.txt, where tests/serve/test_wheel.py takes it from
# $(call uv_compile,OPTIONS,LOCK): the header of each lock says the command that made it
uv_compile = $(BIN)/uv pip compile pyproject.toml --universal --python-version 3.11 --generate-hashes --quiet \
	$(if $(UPGRADE),--upgrade) $(1) -o locks/$(2) \
	--custom-compile-command "make lock: uv $(UV_VERSION) pip compile pyproject.toml --universal --generate-hashes $(1)"

.PHONY: run test check lint test-latest lock wheel

run:
	@bash scripts/venv.sh
	$(PIP) install -q --require-hashes -r locks/home.txt
	$(PIP) install -qq --no-deps -e .
	$(BIN)/scribe serve

test:
	bash scripts/install-test-deps.sh
	@touch $(VENV)/.test-deps
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

# the test packages once per change of the lock, not on every run
$(VENV)/.test-deps: locks/test.txt pyproject.toml scripts/install-test-deps.sh scripts/venv.sh
	bash scripts/install-test-deps.sh
	@touch $@

check: $(VENV)/.test-deps
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q -n $(CHECK_JOBS) --dist worksteal -m "not browser and not slow" $(CHECK)

lint: $(VENV)/.test-deps
	$(BIN)/ruff check .

# the whole suite against the newest releases pyproject.toml's ranges admit, no lock, in its
# own venv: an upgrade is a decision (make lock UPGRADE=1), not an accident
test-latest:
	VENV=$(LATEST) bash scripts/install-test-deps.sh --latest
	$(LATEST_BIN)/python -m pytest

lock:
	@bash scripts/venv.sh
	$(PIP) install -q uv==$(UV_VERSION)
	@# test.txt first: the other two take its versions, so the three locks never disagree
	$(call uv_compile,--extra test,test.txt)
	$(call uv_compile,--extra hosted -c locks/test.txt,hosted.txt)
	$(call uv_compile,-c locks/test.txt,home.txt)

# a clean build: a leftover scribe.egg-info or build/ would slip stale files into the wheel,
# and an older wheel in dist/ would make dist/scribe-*.whl name two files
wheel:
	@bash scripts/venv.sh
	$(PIP) install -q build==$(BUILD_VERSION)
	rm -rf build dist scribe.egg-info
	$(BIN)/python -m build --wheel --outdir dist .
