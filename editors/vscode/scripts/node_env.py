"""The extension's node modules for the tests: `npm ci` in editors/vscode when they are missing
or older than package-lock.json (once, under a lock, when tests run in parallel)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

EXT = Path(__file__).resolve().parents[1]
NODE_MODULES = EXT / "node_modules"


class NodeSetupError(RuntimeError):
    pass


def _up_to_date() -> bool:
    marker = NODE_MODULES / ".package-lock.json"  # npm's record of what it installed
    return marker.exists() and marker.stat().st_mtime >= (EXT / "package-lock.json").stat().st_mtime


def ensure_node_modules() -> Path:
    """Install the pinned node modules if needed; the folder holding them."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise NodeSetupError(f"`{tool}` is not installed: run scripts/system-deps.sh "
                                 "(Debian: sudo apt-get install -y nodejs npm)")
    lock = EXT / ".npm-ci.lock"
    with open(lock, "w") as fh:
        try:
            import fcntl
            fcntl.flock(fh, fcntl.LOCK_EX)
        except ImportError:  # not on a POSIX system: no parallel runs to guard against
            pass
        if not _up_to_date():
            run = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=EXT, capture_output=True,
                                 text=True, env={**os.environ, "npm_config_update_notifier": "false"})
            if run.returncode != 0:
                raise NodeSetupError(f"npm ci in {EXT} failed:\n{run.stdout}\n{run.stderr}")
    return NODE_MODULES
