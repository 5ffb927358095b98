#!/usr/bin/env bash
# The whole suite with the long sweeps marked `slow` (tens of thousands of seeded games,
# axe-core on every page of the site): `./scripts/test.sh --slow`. Arguments go to pytest.
set -euo pipefail
exec "$(dirname "$0")/test.sh" --slow "$@"
