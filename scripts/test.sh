#!/usr/bin/env bash
# The tests on a fresh machine: install the project with its test tools in .venv,
# then run the suite (the site tests build the site and open it in Debian's Chromium).
#
#   ./scripts/test.sh             the default run (CI): every test but the long sweeps marked
#                                 `slow`, each of which has a smaller version in this run
#   ./scripts/test.sh --slow      everything, the long sweeps included (scripts/test-slow.sh)
#   ./scripts/test.sh -m slow     the long sweeps alone
#   ./scripts/test.sh --runtime engine
#                                 the suite with the Mayhem boxes played by the Mayhem engine
#                                 (MAYHEM_RUNTIME=engine), the tests marked `engine_only` (the
#                                 engine's own internals) included; `--runtime kernel`, the rules
#                                 kernel, is the default, and leaves them out
#   ./scripts/test.sh --runtime engine -m 'engine_only and not slow'
#                                 the engine's own tests alone (CI runs them after the default run)
#
# Any other argument goes to pytest (a file, -k EXPR, -x, --durations=20 ...).
set -euo pipefail
cd "$(dirname "$0")/.."
# Python keeps each module's compiled bytecode (__pycache__/, ignored by git): the suite starts
# hundreds of Python processes (the CLI, the language server, fresh interpreters) and two
# workers, each of which would otherwise compile every module of the toolchain, and pytest
# rewrite every test module, from source again (a third of the CPU of some tests)
unset PYTHONDONTWRITEBYTECODE
args=()
runtime_next=0
for arg in "$@"; do
    if [ "$runtime_next" = 1 ]; then
        runtime_next=0
        case "$arg" in
            engine|kernel) export MAYHEM_RUNTIME="$arg" ;;
            *) echo "scripts/test.sh: --runtime $arg: no such runtime; runtimes: kernel (the default), engine" >&2; exit 2 ;;
        esac
    elif [ "$arg" = "--runtime" ]; then
        runtime_next=1
    elif [ "${arg#--runtime=}" != "$arg" ]; then
        case "${arg#--runtime=}" in
            engine|kernel) export MAYHEM_RUNTIME="${arg#--runtime=}" ;;
            *) echo "scripts/test.sh: $arg: no such runtime; runtimes: kernel (the default), engine" >&2; exit 2 ;;
        esac
    elif [ "$arg" = "--slow" ]; then
        # a later -m on the command line replaces pyproject.toml's `-m 'not slow'`
        args+=(-m "slow or not slow")
    else
        args+=("$arg")
    fi
done
if [ "$runtime_next" = 1 ]; then
    echo "scripts/test.sh: --runtime needs a runtime: kernel (the default) or engine" >&2
    exit 2
fi
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
