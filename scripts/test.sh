#!/usr/bin/env bash
# The tests on a fresh machine: install the project with its test tools in .venv,
# then run the suite (the site tests build the site and open it in Debian's Chromium).
#
#   ./scripts/test.sh             the default run (CI): every test but the long sweeps marked
#                                 `slow`, each of which has a smaller version in this run
#   ./scripts/test.sh --slow      everything, the long sweeps included (scripts/test-slow.sh)
#   ./scripts/test.sh -m slow     the long sweeps alone
#
# Every box is played by the rules kernel (the Mayhem engine, and this script's `--runtime`,
# were removed on December 4, 2026). Any other argument goes to pytest (a file, -k EXPR, -x, --durations=20 ...).
set -euo pipefail
cd "$(dirname "$0")/.."
# Python keeps each module's compiled bytecode (__pycache__/, ignored by git): the suite starts
# hundreds of Python processes (the CLI, the language server, fresh interpreters) and two
# workers, each of which would otherwise compile every module of the toolchain, and pytest
# rewrite every test module, from source again (a third of the CPU of some tests)
unset PYTHONDONTWRITEBYTECODE
args=()
for arg in "$@"; do
    if [ "$arg" = "--runtime" ] || [ "${arg#--runtime=}" != "$arg" ]; then
        echo "scripts/test.sh: $arg: the Mayhem engine was removed and the rules kernel plays every box:" \
             "leave --runtime out (revision 29f6a0ed is the last with the engine)" >&2
        exit 2
    elif [ "$arg" = "--slow" ]; then
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
# worksteal: each worker begins with one half of the collection, in order (a module's tests stay
# on one worker, its module fixtures made once), and a worker that runs out takes half of what the
# other has left. The longest tests come first (tests/conftest.py FIRST); the site and a few module
# results are made once for the run (`once`, `once_value`). docs/architecture.md, Testing
.venv/bin/python -m pytest -q -n auto --dist worksteal ${args[@]+"${args[@]}"}
