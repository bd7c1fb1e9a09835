# The two commands the README opens with. Both install into .venv (scripts/venv.sh): the
# system's python3 on Debian/Ubuntu refuses pip installs (PEP 668).
PYTHON ?= python3
VENV := .venv
export PYTHON

.PHONY: run test

run:
	@bash scripts/venv.sh
	$(VENV)/bin/python -m pip install -q --disable-pip-version-check -e .
	$(VENV)/bin/scribe serve

test:
	bash scripts/install-test-deps.sh
	$(VENV)/bin/python -m pytest
