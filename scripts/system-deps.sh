#!/usr/bin/env bash
# System packages the project needs beyond Python, installed from Debian's packages when
# missing: npm (fetches the site's pinned browser assets, Mermaid and iframe-worker, once;
# installs the VS Code extension's tools, which need node 20 or newer) and, with --browser,
# Chromium (the site tests open the built site in it headless).
# Installing needs root (CI runs as root); otherwise it says what is missing and stops.
set -euo pipefail
need=()
command -v npm >/dev/null 2>&1 || need+=(npm)
command -v node >/dev/null 2>&1 || need+=(nodejs)
if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
    need+=(chromium)
fi
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
old_node() { command -v node >/dev/null 2>&1 && [ "$(node_major)" -lt 20 ] \
    && echo "warning: node $(node -v) is older than 20: the VS Code extension (editors/vscode) will not build" >&2; }
[ ${#need[@]} -eq 0 ] && { old_node || true; exit 0; }
if [ "$(id -u)" -ne 0 ]; then
    echo "missing: ${need[*]}; install them (Debian: sudo apt-get install -y ${need[*]})" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}" >/dev/null
old_node || true
