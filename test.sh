#!/usr/bin/env bash
# Run every test: the Python package (pytest, hypothesis, doctests) and the browser app
# (Playwright driving Debian's Chromium). Installs what it needs on a fresh machine:
# a virtual environment in .venv, the npm packages, and chromium when /usr/bin/chromium is absent.
# Extra arguments go to pytest, e.g. ./test.sh -k editor
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -x /usr/bin/chromium ]; then
  echo "test.sh: installing Debian's chromium for the browser tests" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

if [ ! -x .venv/bin/python ] || ! cmp -s requirements-dev.txt .venv/requirements-dev.txt; then
  echo "test.sh: preparing .venv" >&2
  python3 -m venv .venv
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
  cp requirements-dev.txt .venv/requirements-dev.txt
fi

# serve.py installs Pyodide from package-lock.json when node_modules lacks it.
.venv/bin/python serve.py build --out dist >/dev/null

exec .venv/bin/python -m pytest "$@"
