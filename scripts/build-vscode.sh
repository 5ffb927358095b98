#!/usr/bin/env bash
# Build the VS Code extension: editors/vscode/mayhem-<version>.vsix, the version being the
# toolchain's (mayhem.__version__, which pyproject.toml reads). Installs the pinned node modules
# with `npm ci`, then packages with @vscode/vsce (which first bundles the client with esbuild).
#
#   ./scripts/build-vscode.sh                  # editors/vscode/mayhem-<version>.vsix
#   ./scripts/build-vscode.sh --out DIR|FILE   # elsewhere
#   ./scripts/build-vscode.sh --skip-install   # keep the node_modules in place (the tests)
#
# Install the result with `code --install-extension editors/vscode/mayhem-<version>.vsix`.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
ext=editors/vscode

out="" install=1
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="${2:?--out needs a folder or a file}"; shift 2 ;;
        --out=*) out="${1#--out=}"; shift ;;
        --skip-install) install=0; shift ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build-vscode.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

for tool in node npm; do
    command -v "$tool" >/dev/null 2>&1 || { echo "build-vscode.sh: '$tool' is missing: run scripts/system-deps.sh" >&2; exit 1; }
done

# the version: read from mayhem/__init__.py as pyproject.toml does (no install needed)
version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' mayhem/__init__.py)
[ -n "$version" ] || { echo "build-vscode.sh: no __version__ in mayhem/__init__.py" >&2; exit 1; }

if [ -z "$out" ]; then
    out="$root/$ext/mayhem-$version.vsix"
elif [ -d "$out" ]; then
    out="$(cd "$out" && pwd)/mayhem-$version.vsix"
else
    case "$out" in /*) ;; *) out="$root/$out" ;; esac
fi

cd "$ext"
if [ "$install" = 1 ] || [ ! -d node_modules ]; then
    npm ci --no-audit --no-fund
fi
cp "$root/LICENSE" LICENSE
# the version from pyproject, without touching package.json (gen_grammar.py keeps it equal anyway)
npx --no-install vsce package "$version" --no-git-tag-version --no-update-package-json --no-dependencies \
    --allow-missing-repository --out "$out"
echo "built $out"
echo "install it with: code --install-extension $out"
