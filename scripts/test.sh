#!/usr/bin/env bash
# The tests on a fresh machine: install the project with its test tools in .venv,
# then run the suite (the site tests build the site and open it in Debian's Chromium).
#
#   ./scripts/test.sh             the default run (CI): every test but the long sweeps marked
#                                 `slow`, each of which has a smaller version in this run
#   ./scripts/test.sh --slow      everything, the long sweeps included (scripts/test-slow.sh)
#   ./scripts/test.sh -m slow     the long sweeps alone
#
# Any other argument goes to pytest (a file, -k EXPR, -x, --durations=20 ...).
set -euo pipefail
cd "$(dirname "$0")/.."
args=()
for arg in "$@"; do
    if [ "$arg" = "--slow" ]; then
        # a later -m on the command line replaces pyproject.toml's `-m 'not slow'`
        args+=(-m "slow or not slow")
    else
        args+=("$arg")
    fi
done
./scripts/system-deps.sh --browser
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'
.venv/bin/python -m mayhem.site.vendor >/dev/null
# the VS Code extension's pinned node tools (vscode-tmgrammar-test, @vscode/vsce, the LSP client)
(cd editors/vscode && npm ci --no-audit --no-fund --loglevel=error)
# loadgroup: the tests of one xdist_group would run on one worker; with pytest 9.2 and
# pytest-xdist 3.8 the marks have no effect and the tests are shared out one by one (the site
# is built once for the run all the same: tests/conftest.py `once`; docs/architecture.md, Testing)
.venv/bin/python -m pytest -q -n auto --dist loadgroup ${args[@]+"${args[@]}"}
