# The two commands the README opens with.
.PHONY: run test

run:
	python3 -m pip install -q --disable-pip-version-check -e .
	scribe serve

test:
	bash scripts/install-test-deps.sh
	python3 -m pytest
