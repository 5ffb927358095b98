#!/usr/bin/env bash
# The tests on a fresh machine: install the project with its test tools in .venv,
# then run the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'
.venv/bin/python -m pytest -q -n auto "$@"
