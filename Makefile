# The two commands the README opens with. Both install into .venv (scripts/venv.sh): the
# system's python3 on Debian/Ubuntu refuses pip installs (PEP 668).
VENV := .venv
# make on Windows (Git for Windows, MSYS2, Chocolatey): python.org's Python is `python`, and a
# venv keeps its programs in Scripts
ifeq ($(OS),Windows_NT)
PYTHON ?= python
BIN := $(VENV)/Scripts
else
PYTHON ?= python3
BIN := $(VENV)/bin
endif
export PYTHON

.PHONY: run test

run:
	@bash scripts/venv.sh
	$(BIN)/python -m pip install -q --disable-pip-version-check -e .
	$(BIN)/scribe serve

test:
	bash scripts/install-test-deps.sh
	$(BIN)/python -m pytest
