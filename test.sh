#!/usr/bin/env bash
# Run every check: the gates (ruff, mypy, eslint, prettier, tsc --checkJs, jscpd), the JavaScript unit tests
# (node --test), the Python package (pytest, hypothesis, doctests) and the browser app (Playwright
# driving Debian's Chromium). Installs what it needs on a fresh machine: a virtual environment in
# .venv, the npm packages, and chromium when /usr/bin/chromium is absent.
# With arguments, runs only pytest with them, e.g. ./test.sh tests/e2e -k editor
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

if ! cmp -s package-lock.json node_modules/.installed-package-lock.json; then
  echo "test.sh: installing the npm packages (npm ci)" >&2
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.installed-package-lock.json
fi

.venv/bin/python serve.py build --out dist >/dev/null

if [ "$#" -gt 0 ]; then
  exec .venv/bin/python -m pytest "$@"
fi

gates() {
  set -e
  .venv/bin/ruff check --quiet .
  .venv/bin/ruff format --check --quiet .
  .venv/bin/mypy
  npx --no-install eslint --max-warnings 0 .
  # The JavaScript's layout (.prettierrc.json; the files are package.json's format:check script).
  npm run --silent format:check
  npx --no-install tsc -p jsconfig.json
  # No block of six or more lines repeated in py/ or web/ (.jscpd.json; jscpd counts a clone's lines from
  # its first token's line to its last's and reports spans of more than minLines, so 5 catches six lines).
  npx --no-install jscpd
  echo "test.sh: JavaScript unit tests" >&2
  node --test tests/js/
}

# The gates and the JavaScript tests run beside the Python unit tests (about a minute saved); their
# output is shown after the unit tests', and either failing fails the run.
echo "test.sh: gates and JavaScript unit tests, beside the Python unit tests (two processes)" >&2
gates_log="$(mktemp)"
trap 'rm -f "$gates_log"' EXIT
gates >"$gates_log" 2>&1 &
gates_pid=$!
unit_status=0
.venv/bin/python -m pytest -m "not e2e and not perf" -n 2 -p no:cacheprovider || unit_status=$?
gates_status=0
wait "$gates_pid" || gates_status=$?
cat "$gates_log"
rm -f "$gates_log"
if [ "$gates_status" -ne 0 ]; then echo "test.sh: a gate or a JavaScript unit test failed (above)" >&2; exit "$gates_status"; fi
if [ "$unit_status" -ne 0 ]; then echo "test.sh: the Python unit tests failed" >&2; exit "$unit_status"; fi
# The work-bound ratio tests (marker perf) run alone, once nothing else of the run does: a CPU time ratio
# taken beside the gates and a second worker measured a 4x board at 9.9x its neighbour (5x alone), the
# larger board losing more to the cache the other processes share. About a minute, one process.
echo "test.sh: the work-bound ratio tests, alone (one process)" >&2
.venv/bin/python -m pytest -m "perf and not e2e" -p no:cacheprovider || { echo "test.sh: a work-bound ratio test failed" >&2; exit 1; }
echo "test.sh: browser tests (two processes, each with its own build, server and Chromium)" >&2
exec .venv/bin/python -m pytest -m e2e -n 2 -p no:cacheprovider
