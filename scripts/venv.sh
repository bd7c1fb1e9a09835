#!/usr/bin/env bash
# Makes .venv (or $VENV), the virtual environment `make run` and `make test` install into: Debian 12 and
# Ubuntu 24.04 refuse `pip install` on the system's python3 (PEP 668, externally managed).
# Their python3 lacks venv/ensurepip until python3-venv is installed: as root this installs
# it; otherwise it says what to install and fails.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
VENV="${VENV:-.venv}"
case "${OS:-}" in
  Windows_NT) BIN="$VENV/Scripts" ;;  # Git Bash on Windows: a venv keeps its programs there
  *) BIN="$VENV/bin" ;;
esac

if [ -x "$BIN/python" ] && "$BIN/python" -m pip --version >/dev/null 2>&1; then
  exit 0
fi
if ! "$PYTHON" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing python3-venv (Debian's package for Python's venv module)" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
  else
    echo "Python's venv module is missing: Debian and Ubuntu ship it separately. Install it with" >&2
    echo "    sudo apt-get install python3-venv" >&2
    echo "then run the command again." >&2
    exit 1
  fi
fi
rm -rf "$VENV"  # a half-made one (no pip inside) would only fail later
"$PYTHON" -m venv "$VENV"
echo "created $VENV ($("$BIN/python" --version))" >&2
