#!/usr/bin/env bash
# The main job on a fresh machine: install the project in .venv, then check and
# compile all content (and build the site) into build/.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/system-deps.sh
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e .
.venv/bin/mayhem build -o build "$@"
