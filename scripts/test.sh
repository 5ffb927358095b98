#!/usr/bin/env bash
# The tests on a fresh machine: install the project with its test tools in .venv,
# then run the whole suite (the site tests build the site and open it in Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/system-deps.sh --browser
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'
.venv/bin/python -m mayhem.site.vendor >/dev/null
# the VS Code extension's pinned node tools (vscode-tmgrammar-test, @vscode/vsce, the LSP client)
(cd editors/vscode && npm ci --no-audit --no-fund --loglevel=error)
# loadgroup: the site tests share one built site per worker (xdist_group "site")
.venv/bin/python -m pytest -q -n auto --dist loadgroup "$@"
