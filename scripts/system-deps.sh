#!/usr/bin/env bash
# System packages the project needs beyond Python, installed from Debian's packages when
# missing: npm (fetches the site's pinned browser assets, Mermaid and iframe-worker, once)
# and, with --browser, Chromium (the site tests open the built site in it headless).
# Installing needs root (CI runs as root); otherwise it says what is missing and stops.
set -euo pipefail
need=()
command -v npm >/dev/null 2>&1 || need+=(npm)
if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
    need+=(chromium)
fi
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "missing: ${need[*]}; install them (Debian: sudo apt-get install -y ${need[*]})" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}" >/dev/null
