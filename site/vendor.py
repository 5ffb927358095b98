"""Third-party browser assets the site serves itself: pinned npm packages, fetched once at set-up.

The site must work with no network at view time, so Mermaid (the effect graphs),
tablesort (sortable tables) and the iframe-worker shim (search from the file
system, which Material's `offline` plugin would otherwise load from a CDN) are
copied into every build; axe-core is fetched the same way for the browser tests. They are not
committed: `npm pack` fetches the pinned version of each package from the npm
registry, the tarball is checked against the registry's sha512 integrity and the
file taken out of it against a pinned sha256, and the file is kept in the vendor
folder (`site/vendor/`, or `$MAYHEM_VENDOR_DIR`). `scripts/build.sh` and
`scripts/test.sh` run `python -m mayhem.site.vendor` on a fresh machine; a site
build fetches whatever is still missing.
"""
from __future__ import annotations

import base64
from dataclasses import dataclass
import hashlib
import os
from pathlib import Path
import shutil
import subprocess
import sys
import tarfile
import tempfile


@dataclass(frozen=True)
class NpmAsset:
    package: str
    version: str
    integrity: str  # the registry's `dist.integrity` of the tarball
    member: str  # the file inside the tarball
    filename: str  # its name in the vendor folder and in the built site
    sha256: str  # of the file itself
    licence: str = "package/LICENSE"
    in_site: bool = True  # copied into every build (False: used by the tests only)

    @property
    def spec(self) -> str:
        return f"{self.package}@{self.version}"


ASSETS: tuple[NpmAsset, ...] = (
    NpmAsset("mermaid", "11.17.2",
             "sha512-V6K3C8EBdEsPFZXSKMJe6ppQOENxuHARr9GvHX4hh47lAbhMRD9qf4oEK7LoaRQxULMa80/qt5gHO73aCleBBg==",
             "package/dist/mermaid.min.js", "mermaid.min.js",
             "581ed7d74bd9048d0e3a91363927d72ef22942d7722546b27f7cc29e35390eb8"),
    NpmAsset("iframe-worker", "1.0.4",
             "sha512-roeaaI+Lg1LJNfgpCjoRe/+WzEjy9+Z08LoEvu85MCPbBjwm+qXz8Ag5U05lHa6V1CysZyGzE0SOkAtSUA5q7Q==",
             "package/shim/index.js", "iframe-worker-shim.js",
             "e8e412dbcfea9b7e31b5ffa288d7b6035915e714c542f4176a0cdbe262fc9609"),
    # the table sorter Material for MkDocs recommends, and its numeric sort
    NpmAsset("tablesort", "5.7.1",
             "sha512-wm+xSponmlN1spiuwGlrvNGoG8fEso+y86OOjS+Pl0Qsje/cOVSfUvELcXILWc8/sgEdY/NGMPo0qhFGyYKnwQ==",
             "package/dist/tablesort.min.js", "tablesort.min.js",
             "ee99f17ebc985170899a004e9f6bf09e7f60eb4b459b6bfe6683cf0140352c63"),
    NpmAsset("tablesort", "5.7.1",
             "sha512-wm+xSponmlN1spiuwGlrvNGoG8fEso+y86OOjS+Pl0Qsje/cOVSfUvELcXILWc8/sgEdY/NGMPo0qhFGyYKnwQ==",
             "package/dist/sorts/tablesort.number.min.js", "tablesort.number.min.js",
             "e25dad08c53361182db670d0f670e85eea0f57e5d3bad0439831c75e1842096c"),
    # the accessibility checker the browser tests run on every page (not part of the site)
    NpmAsset("axe-core", "4.14.1",
             "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
             "package/axe.min.js", "axe.min.js",
             "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c", licence="package/LICENSE",
             in_site=False),
)
SITE_FILES = tuple(a.filename for a in ASSETS if a.in_site)


class VendorError(Exception):
    """A vendored asset is missing and cannot be fetched, or does not match its pin."""


def vendor_dir() -> Path:
    env = os.environ.get("MAYHEM_VENDOR_DIR")
    return Path(env) if env else Path(__file__).resolve().parent / "vendor"


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _check_integrity(tarball: bytes, integrity: str) -> None:
    algo, _, expected = integrity.partition("-")
    digest = base64.b64encode(hashlib.new(algo, tarball).digest()).decode("ascii")
    if digest != expected:
        raise VendorError(f"the tarball does not match its pinned integrity {integrity}")


def _npm() -> str:
    npm = shutil.which("npm")
    if npm is None:
        raise VendorError("npm is needed once, to fetch the site's browser assets (Mermaid, iframe-worker) "
                          "from the npm registry; install Node.js and npm (Debian: apt-get install npm), "
                          f"or put the files in {vendor_dir()}")
    return npm


def fetch(asset: NpmAsset, dest: Path) -> None:
    """`npm pack` the pinned package, check it, and write the asset (and its licence) atomically."""
    with tempfile.TemporaryDirectory(prefix="mayhem-npm-") as tmp:
        proc = subprocess.run([_npm(), "pack", asset.spec, "--pack-destination", tmp, "--silent"],
                              cwd=tmp, capture_output=True, text=True)
        tarballs = sorted(Path(tmp).glob("*.tgz"))
        if proc.returncode != 0 or len(tarballs) != 1:
            raise VendorError(f"npm pack {asset.spec} failed: {proc.stderr.strip() or proc.stdout.strip()}")
        data = tarballs[0].read_bytes()
        _check_integrity(data, asset.integrity)
        with tarfile.open(tarballs[0]) as tar:
            body = tar.extractfile(asset.member).read()
            try:
                licence = tar.extractfile(asset.licence).read()
            except KeyError:
                licence = b""
    if _sha256(body) != asset.sha256:
        raise VendorError(f"{asset.member} of {asset.spec} does not match its pinned sha256")
    dest.mkdir(parents=True, exist_ok=True)
    for name, payload in ((asset.filename, body), (asset.filename + ".LICENSE.txt", licence)):
        part = dest / f".{name}.{os.getpid()}.part"
        part.write_bytes(payload)
        part.replace(dest / name)  # concurrent fetches (parallel tests) each write whole files


def ensure(dest: Path | None = None, *, log=None) -> dict[str, Path]:
    """The path of every asset, fetching what is missing; a file that does not match its pin
    is fetched again."""
    dest = dest or vendor_dir()
    out: dict[str, Path] = {}
    for asset in ASSETS:
        path = dest / asset.filename
        if not (path.is_file() and _sha256(path.read_bytes()) == asset.sha256):
            if log:
                log(f"fetching {asset.spec} from the npm registry")
            fetch(asset, dest)
        out[asset.filename] = path
    return out


def main() -> int:
    try:
        paths = ensure(log=lambda m: print(m, file=sys.stderr))
    except VendorError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for name, path in paths.items():
        print(f"{name}: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
