#!/usr/bin/env python3
"""Build, serve and test Wordtable.

    python3 build.py            build the static site into dist/
    python3 build.py serve      build when needed, then serve dist/ on http://127.0.0.1:8000
    python3 build.py test       set up .venv and Chromium when missing, build, run every test

Only the standard library is used here, so the first command works on a fresh machine with
Python 3 and npm. Downloads (Pyodide from npm, wheels from PyPI) are pinned by hash and cached
in .cache/, so a rebuild is fast and works offline once cached.
"""

from __future__ import annotations

import argparse
import base64
import functools
import gzip
import hashlib
import http.server
import inspect
import io
import json
import mimetypes
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"
PACKAGE_SRC = ROOT / "py" / "wordtable"
WEB_SRC = ROOT / "web"
TOOLS = ROOT / "tools"
NEVER_PROPOSE_LICENCE = "never-propose-LICENCE.txt"
WORDLIST_NOTICES = ("SCOWL-COPYRIGHT.txt", "WORDNET-COPYRIGHT.txt")

PYODIDE_VERSION = "314.0.7"
PYODIDE_PYTHON = "3.14"  # the Python inside that release: our wheel's bytecode is for it alone
# npm's integrity for pyodide-314.0.7.tgz, as `npm view pyodide@314.0.7 dist.integrity` prints it.
PYODIDE_TARBALL_SHA512 = (
    "0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
# The core files the browser needs; source maps, typings and demo consoles stay out of dist/.
PYODIDE_CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PACKED_SUFFIX = ".packed"  # a file the site sends gzipped whole (pack_tries, the stdlib, our wheel)
STDLIB_PYC_NAME = "python_stdlib-pyc.zip"  # a zip of stored files, as Python reads it
# As the site sends it: gzipped whole. A zip of stored files gzipped as one stream is 0.11 MB
# smaller than a zip of files deflated one by one (its modules share most of their strings),
# and static hosts send a .zip as it is. The worker inflates it; a service worker keeps it
# inflated for later visits (precache_list's "unpack").
STDLIB_SENT_NAME = STDLIB_PYC_NAME + PACKED_SUFFIX
STDLIB_ON_DEMAND_NAME = "python_stdlib-on-demand.zip"  # what only installing a wheel imports
LOCK_NAME = "wordtable-lock.json"
SNAPSHOT_NAME = "snapshot.bin.gz"
# Where the service worker keeps the unpacked snapshot: reading 31 MB from the cache is faster
# than inflating 5 MB on every visit, but the network only ever carries the small file.
SNAPSHOT_UNPACKED_NAME = "snapshot.bin"
# Standard-library modules imported into the memory snapshot, so no visit pays for them again.
# Where py-worker.js (installOwnWheel) writes the site's wheel in Python's file system, on every
# visit and in the snapshot alike: the snapshot's imported modules read from that path.
SITE_WHEEL_FOLDER = "/lib/wordtable"
SNAPSHOT_MODULES = ("json", "dataclasses", "typing", "collections.abc", "platform", "random",
                    "re", "functools", "itertools", "enum", "hashlib", "struct", "bisect",
                    "base64", "zlib", "math", "string", "unicodedata")


@dataclass(frozen=True)
class PinnedWheel:
    name: str
    version: str
    sha256: str
    imports: tuple[str, ...]

    @property
    def file_name(self) -> str:
        return f"{self.name}-{self.version}-py3-none-any.whl"


# PyPI's files; their hashes differ from the ones in Pyodide's stock lock (see TECH-NOTES).
PINNED_WHEELS = (
    PinnedWheel("micropip", "0.11.1",
                "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3", ("micropip",)),
    PinnedWheel("packaging", "26.1",
                "5d9c0669c6285e491e0ced2eee587eaf67b670d94a19e94e3984a481aba6802f", ("packaging",)),
)

@dataclass(frozen=True)
class PinnedNpm:
    """A browser library from the npm registry, copied into dist/vendor/ with its licence."""
    name: str
    version: str
    sha512: str                    # npm's dist.integrity, base64
    files: tuple[tuple[str, str], ...]  # (path in the tarball, name in dist/vendor/)


# QR codes for invitations: uqr draws them (MIT), jsQR reads them from a camera or a photo
# where the browser has no BarcodeDetector (Apache-2.0). Loaded only when a QR code is used.
PINNED_NPM = (
    PinnedNpm("uqr", "0.1.3",
              "0rjE8iEJe4YmT9TOhwsZtqCMRLc5DXZUI2UEYUUg63ikBkqqE5EYWaI0etFe/5KUcmcYwLih2RND1kq+hrUJXA==",
              (("dist/index.mjs", "uqr.mjs"), ("LICENSE", "uqr-LICENSE.txt"))),
    PinnedNpm("jsqr", "1.4.0",
              "dxLob7q65Xg2DvstYkRpkYtmKm2sPJ9oFhrhmudT1dZvNFFTlroai3AWSpLey/w5vMcLBXRgOJsbXpdN9HzU/A==",
              (("dist/jsQR.js", "jsQR.js"), ("LICENSE", "jsQR-LICENSE.txt"))),
)

# For the tests only, never shipped: axe-core (MPL-2.0) checks every screen's accessibility.
TEST_NPM = {
    "axe-core": PinnedNpm("axe-core", "4.14.1",
                          "FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
                          (("axe.min.js", "axe.min.js"),)),
}

# For the build only, never shipped: esbuild (MIT), its WebAssembly build, so it runs under Node on
# any machine, joins the page's modules into one script (bundle_page).
ESBUILD = PinnedNpm("esbuild-wasm", "0.28.2",
                    "GccVwhv3mmOUVQHCQm2Ox/rby8n/EqUwvZxE6Pjfikrq/lWw9g9WX/u9EykWnpot3Ko6j426DgQdea2xWKIAQA==", ())

# Fixed zip timestamps make our wheel byte-for-byte reproducible, so its hash (and the service
# worker's cache) only changes when the code does.
ZIP_EPOCH = (2020, 1, 1, 0, 0, 0)

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}


class BuildError(Exception):
    """A build step failed for a reason the person running the build can act on."""


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(command, check=True, **kwargs)
    except FileNotFoundError as error:
        raise BuildError(f"{command[0]} is not installed: {error}") from error
    except subprocess.CalledProcessError as error:
        raise BuildError(f"`{' '.join(command)}` failed with exit status {error.returncode}") from error


# ---------------------------------------------------------------------------------------------
# Downloads (cached, pinned by hash)

def pyodide_dir() -> Path:
    """The unpacked Pyodide core for PYODIDE_VERSION, fetched with npm on first use."""
    target = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if (target / "pyodide-lock.json").exists():
        return target
    tarball = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists() or not tarball_is_pinned(tarball):
        log(f"fetching pyodide@{PYODIDE_VERSION} from the npm registry")
        CACHE.mkdir(exist_ok=True)
        run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE),
             "--silent"], stdout=subprocess.DEVNULL)
        if not tarball_is_pinned(tarball):
            raise BuildError(f"{tarball.name} does not match its pinned sha512; refusing to use it")
    staging = Path(tempfile.mkdtemp(dir=CACHE))
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and "/" not in name:
                (staging / name).write_bytes(archive.extractfile(member).read())
    staging.rename(target)
    return target


def tarball_is_pinned(tarball: Path, sha512: str = PYODIDE_TARBALL_SHA512) -> bool:
    if not tarball.exists():
        return False
    digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    return digest == sha512


def npm_tarball(package: PinnedNpm) -> Path:
    """The package's tarball from the npm registry, cached and checked against its sha512."""
    tarball = CACHE / f"{package.name}-{package.version}.tgz"
    if not tarball_is_pinned(tarball, package.sha512):
        log(f"fetching {package.name}@{package.version} from the npm registry")
        CACHE.mkdir(exist_ok=True)
        run(["npm", "pack", f"{package.name}@{package.version}", "--pack-destination", str(CACHE),
             "--silent"], stdout=subprocess.DEVNULL)
        if not tarball_is_pinned(tarball, package.sha512):
            raise BuildError(f"{tarball.name} does not match its pinned sha512; refusing to use it")
    return tarball


def npm_files(package: PinnedNpm) -> dict[str, bytes]:
    """The files a pinned npm package contributes to dist/vendor/, by their names there."""
    with tarfile.open(npm_tarball(package)) as archive:
        return {target: archive.extractfile(f"package/{source}").read() for source, target in package.files}


def esbuild_command() -> list[str]:
    """How to run the pinned esbuild: its package unpacked once into the cache, in a folder of
    its own renamed into place whole, so an interrupted unpack is never taken for a finished one."""
    folder = CACHE / f"{ESBUILD.name}-{ESBUILD.version}"
    entry = folder / "package" / "bin" / "esbuild"
    if not (entry.exists() and (folder / "package" / "esbuild.wasm").exists()):
        tarball = npm_tarball(ESBUILD)
        work = Path(tempfile.mkdtemp(prefix="esbuild-", dir=CACHE))
        try:
            with tarfile.open(tarball) as archive:
                # Python 3.11.4+ checks each member's path; older ones have no filters.
                archive.extractall(work, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
            shutil.rmtree(folder, ignore_errors=True)
            work.rename(folder)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return ["node", str(entry)]


def pinned_wheel(wheel: PinnedWheel) -> Path:
    path = CACHE / "wheels" / wheel.file_name
    if path.exists() and sha256_file(path) == wheel.sha256:
        return path
    log(f"fetching {wheel.file_name} from PyPI")
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--python-version", PYODIDE_PYTHON, "--dest", str(path.parent), f"{wheel.name}=={wheel.version}"])
    if sha256_file(path) != wheel.sha256:
        path.unlink()
        raise BuildError(f"{wheel.file_name} does not match its pinned sha256; refusing to use it")
    return path


# ---------------------------------------------------------------------------------------------
# Bytecode compiled by Pyodide's own Python (run under Node)

def run_in_pyodide(host_dir: Path, *argv: str) -> None:
    shutil.copy(TOOLS / "compile_pyc.py", host_dir / "compile_pyc.py")
    # Bytecode without column ranges is a fifth smaller (see compile_pyc.py).
    run(["node", str(TOOLS / "pyodide-run.mjs"), str(pyodide_dir()), str(host_dir),
         "compile_pyc.py", *argv], env={**os.environ, "PYTHON_ARGS": "-X no_debug_ranges"})


def stdlib_pyc() -> Path:
    """Pyodide's stdlib with every module precompiled: boots about twice as fast (TECH-NOTES)."""
    key = hashlib.sha256((sha256_file(TOOLS / "compile_pyc.py") + sha256_file(TOOLS / "pyodide-run.mjs")).encode())
    target = CACHE / f"stdlib-pyc-{PYODIDE_VERSION}-{key.hexdigest()[:16]}.zip"
    if not target.exists():
        log("precompiling the standard library with Pyodide's Python")
        with tempfile.TemporaryDirectory(dir=CACHE) as work:
            shutil.copy(pyodide_dir() / "python_stdlib.zip", Path(work) / "python_stdlib.zip")
            run_in_pyodide(Path(work), "stdlib", "python_stdlib.zip", "out.zip")
            shutil.move(Path(work) / "out.zip", target)
    return target


# Kept in the cut standard library whatever the search finds: Pyodide's own packages (its
# JavaScript side imports their modules), and the common codecs (looked up by name at run time;
# another one is refused as unknown).
STDLIB_KEPT_WHOLE = ("pyodide", "_pyodide")
STDLIB_ALSO_IMPORTED = ("pyodide._package_loader", "encodings.utf_8_sig", "encodings.latin_1", "encodings.ascii",
                        "encodings.utf_16", "encodings.utf_32", "encodings.cp437")


def stdlib_cut() -> tuple[Path, Path]:
    """The precompiled standard library cut down to what Wordtable and Pyodide import, in two
    zips: what Pyodide's boot and our games import (every visit needs it), and what only
    installing a wheel on demand adds (email, tarfile, importlib.metadata…: 0.3 MB a first visit
    need not fetch). Found by tools/stdlib_needs.py inside Pyodide (every module our package
    names anywhere, then every game played by bots through the bridge, then the on-demand
    wheels installed, so modules the library imports only when a code path runs are seen), then
    checked there the same way under the cut library, with the second zip put on sys.path only
    before the wheels are installed, as the browser's worker does; a missing module fails the
    build with its name."""
    full = stdlib_pyc()
    wheel = own_wheel()
    wheels = [pinned_wheel(pinned) for pinned in PINNED_WHEELS]
    rules = inspect.getsource(_stdlib_entry_needed)
    key = hashlib.sha256("\n".join([sha256_file(full), sha256_file(wheel), *map(sha256_file, wheels), rules,
                                      sha256_file(TOOLS / "stdlib_needs.py"), sha256_file(TOOLS / "pyodide-run.mjs"),
                                      *map(sha256_file, lexicon_files(compiled_lexicons())),
                                      *SNAPSHOT_MODULES, *STDLIB_KEPT_WHOLE, *STDLIB_ALSO_IMPORTED,
                                      "stored"]).encode()).hexdigest()[:16]
    target = CACHE / f"stdlib-cut-{key}.zip"
    target_on_demand = CACHE / f"stdlib-cut-{key}-on-demand.zip"
    if target.exists() and target_on_demand.exists():
        return target, target_on_demand
    log("cutting the standard library down to what Wordtable imports")
    with tempfile.TemporaryDirectory(dir=CACHE) as work_dir:
        work = Path(work_dir)
        shutil.copytree(PACKAGE_SRC, work / "wordtable", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy(TOOLS / "stdlib_needs.py", work / "stdlib_needs.py")
        for path in [wheel, *wheels]:
            shutil.copy(path, work / path.name)
        (work / "site" / "lexicons").mkdir(parents=True)
        for path in lexicon_files(compiled_lexicons()):
            shutil.copy(path, work / "site" / "lexicons" / path.name)
        node_run = ["node", str(TOOLS / "pyodide-run.mjs"), str(pyodide_dir()), str(work), "stdlib_needs.py"]
        on_demand = [path.name for path in wheels]
        run([*node_run, "find", "wordtable", wheel.name, "site", "needs.json", *on_demand,
             "--", *SNAPSHOT_MODULES, *STDLIB_ALSO_IMPORTED])
        found = json.loads((work / "needs.json").read_text())
        core = set(found["core"])
        # A package is never split between the zips (Python looks for a package's modules in
        # the zip that holds the package): what only installing needs, in a package the games
        # use too (importlib.metadata), stays in the first zip.
        later = {name for name in found["on_demand"] if name.split(".")[0] not in {n.split(".")[0] for n in core}}
        core |= set(found["on_demand"]) - later
        cut, cut_later = work / "cut.zip", work / "on-demand.zip"
        # The first zip's files are stored, not deflated: the site sends it gzipped whole.
        with zipfile.ZipFile(full) as source, zipfile.ZipFile(cut, "w", zipfile.ZIP_STORED) as sink, \
                zipfile.ZipFile(cut_later, "w", zipfile.ZIP_DEFLATED) as sink_later:
            for info in source.infolist():
                if _stdlib_entry_needed(info.filename, core):
                    sink.writestr(info, source.read(info), zipfile.ZIP_STORED)
                elif _stdlib_entry_needed(info.filename, later):
                    sink_later.writestr(info, source.read(info))
        run([*node_run, "check", "wordtable", wheel.name, "site", cut_later.name, *on_demand],
            env={**os.environ, "STDLIB": str(cut)})
        shutil.move(cut_later, target_on_demand)
        shutil.move(cut, target)
    return target, target_on_demand


def _stdlib_entry_needed(name: str, needed: set[str]) -> bool:
    """A file of the stdlib zip: a module's bytecode ("json/decoder.pyc"), a package's
    ("json/__init__.pyc"), or a data file kept with its package."""
    parts = name.split("/")
    if parts[0] in STDLIB_KEPT_WHOLE:
        return True
    if name.endswith(".pyc"):
        module = ".".join(parts)[:-4].removesuffix(".__init__")
        return module in needed
    return len(parts) > 1 and ".".join(parts[:-1]) in needed


def snapshot_key(site: Path, sent_wheel: Path) -> str:
    """What a snapshot's own modules and state were made from: the site's wheel where the worker
    installs it, and the dictionaries (their manifest names every file's hash). Our lock names it
    too; the worker keeps the snapshot's modules only when the two agree (py-worker.js)."""
    parts = [f"{SITE_WHEEL_FOLDER}/{sent_wheel.name.removesuffix(PACKED_SUFFIX)}", sha256_file(sent_wheel),
             sha256_file(site / "lexicons" / "manifest.json")]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def snapshot_requests(first_game: str) -> list[dict]:
    """What every visit's first game asks before it is playable, answered once at build time:
    the default dictionary loaded, then the first game's warm-up (its word indexes, the bots'
    everyday words), so the snapshot holds them."""
    return [{"op": "lexicon.check", "args": {"words": []}},
            {"op": "game.warm_up", "args": {"game": first_game.replace("_", "-"), "options": {}}}]


def memory_snapshot(site: Path, sent_wheel: Path, first_game: str) -> Path:
    """A gzipped memory snapshot of Pyodide booted with our cut stdlib, SNAPSHOT_MODULES and every
    module of the site's wheel (`sent_wheel`, as split_wheel wrote it into `site`) imported, and
    snapshot_requests answered from the site's dictionaries. Restoring it skips Python's
    start-up, our imports and the first game's set-up in the browser (tools/make-snapshot.mjs)."""
    stdlib, _on_demand = stdlib_cut()
    wheel = gzip.decompress(sent_wheel.read_bytes())
    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        ours = sorted(part_module(name).removesuffix(".__init__") for name in archive.namelist() if name.endswith(".pyc"))
    key = snapshot_key(site, sent_wheel)
    requests = json.dumps(snapshot_requests(first_game))
    cache_key = hashlib.sha256("\n".join([PYODIDE_VERSION, sha256_file(stdlib), *SNAPSHOT_MODULES, key, requests,
                                           sha256_file(TOOLS / "make-snapshot.mjs")]).encode()).hexdigest()[:16]
    target = CACHE / f"snapshot-{cache_key}.bin.gz"
    if target.exists():
        return target
    log("making the Python memory snapshot")
    for old in CACHE.glob("snapshot-*.bin.gz"):  # one per build of our package: keep the last only
        old.unlink()
    with tempfile.TemporaryDirectory(dir=CACHE) as work:
        raw = Path(work) / "snapshot.bin"
        unpacked = Path(work) / "site.whl"
        unpacked.write_bytes(wheel)
        install_path = f"{SITE_WHEEL_FOLDER}/{sent_wheel.name.removesuffix(PACKED_SUFFIX)}"
        run(["node", str(TOOLS / "make-snapshot.mjs"), str(pyodide_dir()), str(stdlib),
             str(pyodide_dir() / "pyodide-lock.json"), str(raw),
             "--package", str(unpacked), install_path, key, str(site), requests, *SNAPSHOT_MODULES, *ours])
        packed = Path(work) / "snapshot.bin.gz"
        with raw.open("rb") as source, gzip.GzipFile(packed, "wb", compresslevel=9, mtime=0) as sink:
            shutil.copyfileobj(source, sink)
        shutil.move(packed, target)
    return target


# ---------------------------------------------------------------------------------------------
# Lexicons

LEXICON_CACHE = CACHE / "lexicons"  # also where `python3 -m wordtable` keeps them


def compiled_lexicons() -> Path:
    """wordlists/*.txt compiled to MARISA tries by marisa_trie (in .venv), with a manifest."""
    python = ensure_venv("build")
    run([str(python), "-m", "wordtable.lexicon.compile", str(ROOT / "wordlists"), str(LEXICON_CACHE)],
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
    return LEXICON_CACHE


def lexicon_files(folder: Path) -> list[Path]:
    """The compiled dictionaries' manifest and every file it lists (other files in the folder,
    say those of a list since removed from the catalog, stay out of the site)."""
    manifest = folder / "manifest.json"
    listed = [entry["file"] for lexicon in json.loads(manifest.read_text())["lexicons"]
              for entry in lexicon["files"].values()]
    return [manifest, *(folder / name for name in listed)]


PACKED_LEXICON_FILES = ("words", "levels")  # the tries, and the levels of `common` (lexicon/levels.py)


def pack_tries(lexicons: Path) -> None:
    """The dictionaries' tries as the site sends them: gzipped whole (level 9). Static hosts
    send binary files as they are, and a trie shrinks by a fifth (0.10 MB less on a first
    visit for the default dictionary and the bots' words). The site's manifest names the packed
    file with its size and hash; the browser's registry inflates it (wordtable.lexicon.registry).
    Named PACKED_SUFFIX, not .gz: some hosts (Apache's usual configuration) send a .gz file
    with Content-Encoding, the browser inflates it, and its integrity check then fails."""
    manifest_path = lexicons / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    for lexicon in manifest["lexicons"]:
        for kind in PACKED_LEXICON_FILES:
            if kind not in lexicon["files"]:
                continue
            plain = lexicons / lexicon["files"][kind]["file"]
            packed = plain.with_name(plain.name + PACKED_SUFFIX)
            packed.write_bytes(gzip.compress(plain.read_bytes(), 9, mtime=0))
            plain.unlink()
            lexicon["files"][kind] = {"file": packed.name, "bytes": packed.stat().st_size, "sha256": sha256_file(packed),
                                      "packed": "gzip"}
        if lexicon["name"] in INSTALLED_LEXICONS:
            lexicon["prefetch"] = True  # a first game against a bot reads it: the worker fetches it while Python starts
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n")


def games_info() -> bytes:
    """game.info for every built game, so the page has titles, player ranges and options
    before Python is up (the same JSON as the bridge's game.info)."""
    return run([sys.executable, "-m", "wordtable", "games", "--json"], capture_output=True,
               env={**os.environ, "PYTHONPATH": str(ROOT / "py")}).stdout


# ---------------------------------------------------------------------------------------------
# Our own wheel

def package_version() -> str:
    text = (PACKAGE_SRC / "__init__.py").read_text()
    match = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if not match:
        raise BuildError("py/wordtable/__init__.py has no __version__ line")
    return match.group(1)


def package_sources() -> list[Path]:
    return sorted(p for p in PACKAGE_SRC.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")


def tree_digest(paths: list[Path], root: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def wheel_record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_wheel(target: Path, files: dict[str, bytes], version: str, tag: str,
                compression: int = zipfile.ZIP_DEFLATED) -> None:
    """A minimal, reproducible wheel. A hand-written zip because the wheel carries
    Pyodide-compiled bytecode, which no standard build backend produces. (Its files stored,
    not deflated, for a wheel the site sends gzipped whole: see split_wheel.)"""
    dist_info = f"wordtable-{version}.dist-info"
    files = dict(files)
    files[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: wordtable\nVersion: {version}\n"
        "Summary: Rules, lexicons and bots for five paper word games\n"
        "Requires-Python: >=3.11\n").encode()
    files[f"{dist_info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: wordtable build.py\nRoot-Is-Purelib: true\n"
        f"Tag: {tag}\n").encode()
    record_name = f"{dist_info}/RECORD"
    record = [wheel_record_line(name, data) for name, data in sorted(files.items())]
    files[record_name] = ("\n".join(record + [f"{record_name},,"]) + "\n").encode()
    with zipfile.ZipFile(target, "w", compression) as wheel:
        for name, data in sorted(files.items()):
            info = zipfile.ZipInfo(name, ZIP_EPOCH)
            info.compress_type = compression
            info.external_attr = 0o644 << 16
            wheel.writestr(info, data)


def own_wheel_tag() -> str:
    """cp314-none-any: bytecode for exactly Pyodide's Python, on any platform."""
    return "cp" + PYODIDE_PYTHON.replace(".", "") + "-none-any"


def own_wheel() -> Path:
    """wordtable-VERSION-cp314-none-any.whl: our package as bytecode compiled by Pyodide's own
    Python, without its sources. The browser imports straight from it (zipimport), 2-3x faster
    than compiling, and a first visit does not fetch sources it never reads (0.16 MB). Other
    Pythons use the source tree, never this wheel."""
    version = package_version()
    sources = package_sources()
    key = tree_digest(sources + [TOOLS / "compile_pyc.py", TOOLS / "pyodide-run.mjs"], ROOT)[:16]
    target = CACHE / "own-wheels" / key / f"wordtable-{version}-{own_wheel_tag()}.whl"
    if target.exists():
        return target
    log("building the wordtable wheel (bytecode by Pyodide's Python)")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as work:
        tree = Path(work) / "tree"
        for path in sources:
            destination = tree / path.relative_to(PACKAGE_SRC.parent)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, destination)
        run_in_pyodide(Path(work), "tree", "tree")
        files = {p.relative_to(tree).as_posix(): p.read_bytes()
                 for p in sorted(tree.rglob("*")) if p.is_file() and p.suffix != ".py"}
        write_wheel(Path(work) / target.name, files, version, own_wheel_tag())
        shutil.move(Path(work) / target.name, target)
    return target


# The package's parts a first visit does not fetch (py/wordtable/parts.py): zips of compiled
# modules beside the site's wheel, each fetched when one of its modules is first imported, and
# precached by the service worker like every file. Every game but the home screen's first (whose
# daily game a first visit opens) is a part of its own too (package_parts).
PACKAGE_PARTS: dict[str, tuple[str, ...]] = {
    # Play by link, checking a game, and reviewing one (a review checks the record first; each
    # game's review.pyc rides with its folder, the first game's with this part: see package_parts).
    "link": ("wordtable/link/", "wordtable/verify.pyc", "wordtable/review.pyc"),
    "online": ("wordtable/online/",),                     # live online play
    # Signed moves and records, which play by link, online play and checking a game use, and
    # cards dealt sealed (the same group, and the deal's protocol over it).
    "signing": ("wordtable/engine/signing.pyc", "wordtable/engine/ed25519.pyc", "wordtable/engine/sealed.pyc",
                "wordtable/engine/fair_deal.pyc", "wordtable/engine/lock_proofs.pyc",
                "wordtable/engine/shuffle_proofs.pyc", "wordtable/engine/sealed_table.pyc",
                "wordtable/engine/sealed_game.pyc", "wordtable/engine/sealed_audit.pyc",
                "wordtable/engine/sealed_chance.pyc", "wordtable/engine/sealed_complaints.pyc",
                "wordtable/engine/sealed_own.pyc"),
    # The command line and the dictionaries' compiler (marisa_trie): CPython only, never in a page.
    "cli": ("wordtable/__main__.pyc", "wordtable/commands.pyc", "wordtable/lexicon/compile.pyc"),
}


def package_parts(first_game: str) -> dict[str, tuple[str, ...]]:
    """PACKAGE_PARTS and a part for each game's folder but first_game's (whose review, only
    wanted once a game is over, goes with the link part)."""
    folders = sorted(path.name for path in (PACKAGE_SRC / "games").iterdir()
                     if (path / "__init__.py").exists() and path.name != first_game)
    first_review = f"wordtable/games/{first_game}/review.pyc"
    link = PACKAGE_PARTS["link"] + ((first_review,) if (PACKAGE_SRC / "games" / first_game / "review.py").exists() else ())
    return {**PACKAGE_PARTS, "link": link, **{f"game-{folder.replace('_', '-')}": (f"wordtable/games/{folder}/",) for folder in folders}}


def part_module(prefix: str) -> str:
    """"wordtable/link/" -> "wordtable.link"; "wordtable/verify.pyc" -> "wordtable.verify"."""
    return prefix.removesuffix("/").removesuffix(".pyc").replace("/", ".")


def split_wheel(wheel: Path, first_game: str, out: Path) -> tuple[Path, list[dict]]:
    """Writes into `out` the site's wheel (the package without its parts) and each part's zip;
    returns the wheel's path and the parts as our lock lists them. The site's wheel is sent
    as PACKED_SUFFIX: its files stored, the whole gzipped (0.04 MB less than a wheel of
    deflated files, which static hosts send as it is); the worker inflates it."""
    with zipfile.ZipFile(wheel) as source:
        files = {name: source.read(name) for name in source.namelist() if ".dist-info/" not in name}
    parts, taken = [], set()
    for part, prefixes in package_parts(first_game).items():
        names = sorted(name for name in files if name.startswith(prefixes))
        if not names:
            raise BuildError(f"the package part {part!r} holds nothing: {', '.join(prefixes)}")
        target = out / f"wordtable-{package_version()}-{part}.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
            for name in names:
                info = zipfile.ZipInfo(name, ZIP_EPOCH)
                info.compress_type, info.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
                archive.writestr(info, files[name])
        parts.append({"file_name": target.name, "sha256": sha256_file(target),
                      "modules": sorted(part_module(prefix) for prefix in prefixes)})
        taken |= set(names)
    stored = {name: data for name, data in files.items() if name not in taken}
    write_wheel(out / wheel.name, stored, package_version(), own_wheel_tag(), zipfile.ZIP_STORED)
    sent = out / (wheel.name + PACKED_SUFFIX)
    sent.write_bytes(gzip.compress((out / wheel.name).read_bytes(), 9, mtime=0))
    (out / wheel.name).unlink()
    return sent, parts


def site_wheel(site: Path) -> bytes:
    """The site's wheel as Python reads it, from the file the site sends (split_wheel)."""
    lock = json.loads((site / "pyodide" / LOCK_NAME).read_text())
    return gzip.decompress((site / "pyodide" / lock["packages"]["wordtable"]["file_name"]).read_bytes())


def first_game_folder(games_json: bytes) -> str:
    """The folder of the home screen's first game (games.json's first), which the wheel keeps."""
    folder = json.loads(games_json)["games"][0]["id"].replace("-", "_")
    if not (PACKAGE_SRC / "games" / folder / "__init__.py").exists():
        raise BuildError(f"the first game's folder wordtable/games/{folder} is missing")
    return folder


# ---------------------------------------------------------------------------------------------
# The site

def lock_entry(name: str, version: str, file_name: str, sha256: str,
               imports: tuple[str, ...]) -> dict:
    return {"name": name, "version": version, "file_name": file_name, "install_dir": "site",
            "sha256": sha256, "package_type": "package", "imports": list(imports), "depends": [],
            "unvendored_tests": False, "shared_library": False}


def write_lock(target: Path, wheels: list[tuple[str, str, Path, tuple[str, ...]]], stdlib_on_demand: Path,
               parts: list[dict], snapshot: str) -> None:
    """Our own lock file: only our wheels, relative file names, real hashes, so that
    loadPackage is integrity-checked and never looks anywhere but this site. Beside Pyodide's
    keys, "wordtable" names the standard library's on-demand part with its hash, which the
    worker fetches (integrity-checked) before it installs a wheel, our package's parts
    (split_wheel), which wordtable.parts asks for when first imported, and the memory
    snapshot's key (snapshot_key)."""
    stock = json.loads((pyodide_dir() / "pyodide-lock.json").read_text())
    packages = {name: lock_entry(name, version, path.name, sha256_file(path), imports)
                for name, version, path, imports in wheels}
    ours = {"stdlib_on_demand": {"file_name": STDLIB_ON_DEMAND_NAME, "sha256": sha256_file(stdlib_on_demand)},
            "parts": parts, "snapshot_key": snapshot}
    target.write_text(json.dumps({"info": stock["info"], "packages": packages, "wordtable": ours}, indent=1) + "\n")


def build_inputs_digest() -> str:
    paths = [ROOT / "build.py"]
    for folder in (PACKAGE_SRC, WEB_SRC, TOOLS, ROOT / "wordlists"):
        paths += [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts and "node_modules" not in p.parts]
    return tree_digest(sorted(paths), ROOT)


# Installed with the default dictionary: the bots' everyday words (wordtable.lexicon.vocabulary),
# which every game against a bot reads.
INSTALLED_LEXICONS = ("common",)

# A first visit's weight on the wire before its first game is playable (the home screen's
# first game's daily challenge, against a bot), as static hosts send it: the files of
# first_visit_files, text-like ones gzipped (wire_bytes). tests/test_build.py holds the site
# to it, and tests/browser/test_offline_games.py checks that a first visit fetches no other
# file before it can play. Issue 44's target: 5.5 MB, 3.81 MB of it Pyodide's core, which we
# do not change (5.48 MB when it was met). Raise this only for a file a first game cannot do
# without, and say which in the commit.
FIRST_VISIT_BUDGET = 5_500_000
FIRST_VISIT_PAGE = ("index.html", "js/app.js", "js/py-worker.js", "games.json", "lexicons/manifest.json",
                    "app.webmanifest", "icon.svg")


def first_visit_files(site: Path) -> list[str]:
    """What a first visit fetches before its first game is playable: the page (the home screen
    needs no Python), Pyodide's core and our cut standard library, our lock and wheel (without
    its parts), and the default dictionary with the bots' everyday words."""
    lock = json.loads((site / "pyodide" / LOCK_NAME).read_text())
    runtime = [*PYODIDE_CORE_FILES, STDLIB_SENT_NAME, LOCK_NAME, lock["packages"]["wordtable"]["file_name"]]
    lexicons = json.loads((site / "lexicons" / "manifest.json").read_text())["lexicons"]
    words = [f"lexicons/{entry['files'][kind]['file']}" for entry in lexicons
             if entry.get("default") or entry["name"] in INSTALLED_LEXICONS
             for kind in PACKED_LEXICON_FILES if kind in entry["files"]]  # a trie and its levels
    return [*FIRST_VISIT_PAGE, *(f"pyodide/{name}" for name in runtime), *words]


def wire_bytes(path: Path) -> int:
    """A file's size as a static host sends it: gzipped (level 6) when its type is text-like,
    as is (zips, wheels, dictionaries) otherwise; bench/network.py serves files the same way."""
    kind = MIME_TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or ""
    if kind.startswith("text/") or kind in ("application/json", "application/manifest+json", "application/wasm",
                                            "image/svg+xml", "application/javascript"):
        return len(gzip.compress(path.read_bytes(), 6, mtime=0))
    return path.stat().st_size


def games_default_lexicons(site: Path) -> set[str]:
    """The dictionary each game starts with when its options are left alone (games.json)."""
    path = site / "games.json"
    games = json.loads(path.read_text())["games"] if path.exists() else []
    return {option["default"] for game in games for option in game["options"] if option["name"] == "lexicon"}


def on_demand_files(site: Path) -> dict[str, str]:
    """The files the service worker does not fetch at install: "idle", fetched in the background
    once a first game is playable and the page is idle, so that every game starts offline with
    its default options after one visit (the other games' default dictionaries); "use", the
    first time a page asks for them (other dictionaries, the QR readers, wheels loaded on
    demand). (The memory snapshot is installed: the worker registers once a first game is
    playable, and only later visits read the snapshot.)"""
    manifest_path = site / "lexicons" / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {"lexicons": []}
    every_game = games_default_lexicons(site)
    later: dict[str, str] = {}
    for lexicon in manifest["lexicons"]:
        if not lexicon.get("default") and lexicon["name"] not in INSTALLED_LEXICONS:
            when = "idle" if lexicon["name"] in every_game else "use"
            later.update({f"lexicons/{entry['file']}": when for entry in lexicon["files"].values()})
    later.update({f"vendor/{path.name}": "use" for path in (site / "vendor").glob("*") if path.suffix in (".js", ".mjs")})
    later.update({f"pyodide/{wheel.file_name}": "use" for wheel in PINNED_WHEELS})
    later[f"pyodide/{STDLIB_ON_DEMAND_NAME}"] = "use"
    return later


# Gzipped files the service worker also keeps inflated, under these names: later visits read
# them without inflating them again.
UNPACKED_COPIES = {f"pyodide/{SNAPSHOT_NAME}": f"pyodide/{SNAPSHOT_UNPACKED_NAME}",
                   f"pyodide/{STDLIB_SENT_NAME}": f"pyodide/{STDLIB_PYC_NAME}"}


def stdlib_zip(site: Path) -> bytes:
    """The standard library's zip, as Python reads it, from the file the site sends."""
    return gzip.decompress((site / "pyodide" / STDLIB_SENT_NAME).read_bytes())


def precache_list(site: Path) -> list[dict]:
    """Every file of the site except the service worker itself, with SRI hashes, so the worker
    can install a deploy only as a verified whole: all but the files marked "when", which it
    fetches on first use, each checked against its hash too."""
    later = on_demand_files(site)
    entries = []
    for path in sorted(site.rglob("*")):
        name = path.relative_to(site).as_posix()
        if path.is_file() and name not in ("sw.js", ".build-inputs"):
            digest = base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()
            entry = {"url": name, "integrity": f"sha256-{digest}", "bytes": path.stat().st_size}
            if name in later:
                entry["when"] = later[name]
            if name in UNPACKED_COPIES:
                entry["unpack"] = UNPACKED_COPIES[name]
            entries.append(entry)
    return entries


# A static import in web/js: `import … from "./x.js"`, `import "./x.js"` or `export … from "./x.js"`.
STATIC_IMPORT = re.compile(r"""^\s*(?:import(?!\s*\()|export)\b[^"'`;]*?["'](\.{1,2}/[^"']+\.m?js)["']""", re.M)
HEAD_MARKER = "<!-- head: written by build.py -->"
# What the home screen fetches before it can be used: the games (screens.js) and the
# dictionaries' list (dictionaries.js).
HOME_READS = ("games.json", "lexicons/manifest.json")


def static_module_graph(entry: Path) -> list[Path]:
    """Every module the entry imports statically, directly or not (the entry first)."""
    seen: list[Path] = []
    pending = [entry.resolve()]
    while pending:
        module = pending.pop(0)
        if module in seen:
            continue
        if not module.is_file():
            raise BuildError(f"{entry.name} imports {module}, which does not exist")
        seen.append(module)
        pending += [(module.parent / name).resolve() for name in STATIC_IMPORT.findall(module.read_text())]
    return seen


def page_stylesheets(site: Path) -> list[Path]:
    """The shared sheet (css/app.css) first, then each game's, kept in its folder
    (js/games/GAME/style.css): a game's rules come after the shared ones they build on."""
    return [site / "css" / "app.css", *sorted((site / "js" / "games").glob("*/style.css"))]


PAGE_ENTRY = "js/main.js"
PAGE_BUNDLE = "js/app.js"


BUNDLE_OPTIONS = ("--bundle", "--format=esm", "--minify", "--keep-names", "--log-level=warning")


def bundle_page(site: Path) -> None:
    """js/app.js: js/main.js and every module it imports, joined by esbuild into one script that
    index.html loads. A later visit then reads one file through the service worker instead of
    28 (the home screen came about 65 ms sooner without throttling, bench/network.py's cold home
    110 ms sooner). Minified, its functions and classes keeping their names (for stack traces):
    a first visit fetches 88 kB instead of 111 kB. The modules stay beside it, unchanged and
    readable, for the other pages and the tests."""
    page = site / "index.html"
    html = page.read_text()
    if html.count(f'src="{PAGE_ENTRY}"') != 1:
        raise BuildError(f"web/index.html must load {PAGE_ENTRY} with one <script src>")
    # Run from the site folder: the bundle names each module by its path there, so the same
    # sources give the same bytes (and the same deploy hash) in any folder.
    run([*esbuild_command(), PAGE_ENTRY, *BUNDLE_OPTIONS, f"--outfile={PAGE_BUNDLE}"], cwd=site)
    page.write_text(html.replace(f'src="{PAGE_ENTRY}"', f'src="{PAGE_BUNDLE}"'))


def write_page_head(site: Path) -> None:
    """Writes into index.html what a visit needs before the home screen can be used.
    - The stylesheets, inline: no render-blocking request for any of them, each a round trip
      on a first visit and a pass through the service worker on later ones.
    - A preload of the page's script and of the files the home screen reads, so all are asked
      for at once. (The script is one bundle; should it ever import a module, that is listed
      too: each level of imports would otherwise wait for the one above it.)"""
    page = site / "index.html"
    html = page.read_text()
    if html.count(HEAD_MARKER) != 1:
        raise BuildError(f"web/index.html must hold the line {HEAD_MARKER!r} once")
    root = site.resolve()
    lines = []
    for sheet in page_stylesheets(site):
        css = sheet.read_text()
        name = sheet.relative_to(site).as_posix()
        if "</" in css:
            raise BuildError(f"{name} holds '</', which would end its inline <style>")
        lines.append(f'<style data-from="{name}">\n{css.strip()}\n</style>')
    lines += [f'<link rel="modulepreload" href="{m.relative_to(root).as_posix()}">'
              for m in static_module_graph(site / PAGE_BUNDLE)]
    lines += [f'<link rel="preload" href="{name}" as="fetch" crossorigin="anonymous">' for name in HOME_READS]
    page.write_text(html.replace(HEAD_MARKER, "\n  ".join([content_security_policy(html)] + lines)))


def content_security_policy(html: str) -> str:
    """The site's Content-Security-Policy, as a <meta> (static hosts rarely let a site set
    headers): scripts, workers, frames and fetches from the site's own origin only, so the
    browser itself keeps the page from reaching another host (WebRTC to a player's chosen
    STUN/TURN servers is not a fetch). The page's one inline script (the message for browsers
    without modules) is allowed by its hash; inline styles are allowed (the stylesheets are
    inline, and boards set custom properties in style attributes). Python's worker needs
    WebAssembly: a worker's policy comes from its own response, not from this page."""
    inline = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, re.S)
    hashes = "".join(f" 'sha256-{base64.b64encode(hashlib.sha256(code.encode()).digest()).decode()}'" for code in inline)
    policy = (f"default-src 'self'; script-src 'self'{hashes}; style-src 'self' 'unsafe-inline'; "
              "img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; frame-src 'self'; "
              "object-src 'none'; base-uri 'none'; form-action 'self'")
    return f'<meta http-equiv="Content-Security-Policy" content="{policy}">'


def write_service_worker(site: Path) -> str:
    entries = precache_list(site)
    build_id = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:16]
    template = (WEB_SRC / "sw.js").read_text()
    if "self.__PRECACHE__" not in template:
        raise BuildError("web/sw.js lost its self.__PRECACHE__ placeholder")
    manifest = json.dumps({"build": build_id, "files": entries}, separators=(",", ":"))
    (site / "sw.js").write_text(template.replace("self.__PRECACHE__", manifest, 1))
    return build_id


def build(force: bool = False) -> Path:
    """Build dist/ from scratch in a staging folder and swap it in: a failed build never
    leaves a half-written site behind."""
    inputs = build_inputs_digest()
    stamp = DIST / ".build-inputs"
    if not force and stamp.exists() and stamp.read_text() == inputs:
        log("dist/ is up to date")
        return DIST
    CACHE.mkdir(exist_ok=True)
    core = pyodide_dir()
    stdlib, stdlib_on_demand = stdlib_cut()
    lexicons = compiled_lexicons()
    wheels = [(w.name, w.version, pinned_wheel(w), w.imports) for w in PINNED_WHEELS]
    games_json = games_info()

    staging = Path(tempfile.mkdtemp(prefix="dist-", dir=ROOT))
    try:
        shutil.copytree(WEB_SRC, staging, dirs_exist_ok=True)
        runtime = staging / "pyodide"
        runtime.mkdir()
        for name in PYODIDE_CORE_FILES:
            shutil.copy(core / name, runtime / name)
        (runtime / STDLIB_SENT_NAME).write_bytes(gzip.compress(stdlib.read_bytes(), 9, mtime=0))
        shutil.copyfile(stdlib_on_demand, runtime / STDLIB_ON_DEMAND_NAME)
        for _name, _version, path, _imports in wheels:
            shutil.copyfile(path, runtime / path.name)
        first_game = first_game_folder(games_json)
        site_wheel, parts = split_wheel(own_wheel(), first_game, runtime)
        wheels.append(("wordtable", package_version(), site_wheel, ("wordtable",)))
        (staging / "vendor").mkdir()
        for package in PINNED_NPM:
            for name, data in npm_files(package).items():
                (staging / "vendor" / name).write_bytes(data)
        (staging / "lexicons").mkdir()
        for path in lexicon_files(lexicons):
            shutil.copyfile(path, staging / "lexicons" / path.name)
        pack_tries(staging / "lexicons")
        # After the dictionaries: the snapshot holds the first game's, loaded.
        shutil.copyfile(memory_snapshot(staging, site_wheel, first_game), runtime / SNAPSHOT_NAME)
        write_lock(runtime / LOCK_NAME, wheels, stdlib_on_demand, parts, snapshot_key(staging, site_wheel))
        # The lists' sources' licences travel with the compiled lists (SCOWL's for every
        # list, WordNet's for the Wordsmith list's hyphenated words).
        for notice in WORDLIST_NOTICES:
            shutil.copyfile(ROOT / "wordlists" / notice, staging / "lexicons" / notice)
        # The bots' never-propose list travels in our wheel; its attribution and licence
        # (CC BY 4.0) also sit here, where the licences page can link to them.
        shutil.copyfile(PACKAGE_SRC / "lexicon" / "data" / NEVER_PROPOSE_LICENCE,
                        staging / "lexicons" / NEVER_PROPOSE_LICENCE)
        (staging / "games.json").write_bytes(games_json)
        bundle_page(staging)
        write_page_head(staging)
        build_id = write_service_worker(staging)
        (staging / ".build-inputs").write_text(inputs)
        old = ROOT / "dist.old"
        shutil.rmtree(old, ignore_errors=True)
        if DIST.exists():
            DIST.rename(old)
        staging.rename(DIST)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    log(f"built dist/ (build {build_id}, wordtable {package_version()}, Pyodide {PYODIDE_VERSION})")
    return DIST


# ---------------------------------------------------------------------------------------------
# Serving

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        # Revalidate every time: a reload never mixes an old cached file with a new deploy.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if os.environ.get("WORDTABLE_SERVE_LOG"):
            super().log_message(format, *args)


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        # A browser that navigates away mid-download resets the connection: not worth a traceback.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def serve(port: int, directory: Path = DIST) -> None:
    handler = functools.partial(SiteHandler, directory=str(directory))
    with QuietServer(("127.0.0.1", port), handler) as server:
        print(f"Serving Wordtable on http://127.0.0.1:{port}/  (Ctrl+C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


# ---------------------------------------------------------------------------------------------
# Test setup: a virtual environment and Debian's Chromium, installed when missing

def venv_python() -> Path:
    return VENV / "bin" / "python"


def requirements(*groups: str) -> list[str]:
    import tomllib  # Python 3.11+, only needed here
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [r for group in groups for r in project["optional-dependencies"][group]]


# The system's Python, where it is 3.11+: distributions build it with profile-guided and
# link-time optimisation, which a source build (pyenv's default) lacks. On the test machine the
# pure-Python tests ran 20-30% faster on Debian's 3.11 than on pyenv's (python3 --version and
# `python -c "import sysconfig; print(sysconfig.get_config_var('CONFIG_ARGS'))"` tell them apart).
SYSTEM_PYTHON = "/usr/bin/python3"


def venv_base_pythons() -> list[str]:
    """The Pythons .venv may be made from, the preferred first."""
    found = []
    if Path(SYSTEM_PYTHON).exists() and Path(SYSTEM_PYTHON).resolve() != Path(sys.executable).resolve():
        probe = subprocess.run([SYSTEM_PYTHON, "-c", "import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))"],
                               capture_output=True)
        if probe.returncode == 0:
            found.append(SYSTEM_PYTHON)
    return [*found, sys.executable]


def make_venv() -> None:
    failure: BuildError | None = None
    for base in venv_base_pythons():
        log(f"creating .venv from {base}")
        try:
            run([base, "-m", "venv", str(VENV)])
            return
        except BuildError as error:
            failure = error
            shutil.rmtree(VENV, ignore_errors=True)
    raise BuildError(f"{failure}\nInstall venv support first: sudo apt-get install python3-venv")


def ensure_venv(*groups: str) -> Path:
    """.venv with the pinned requirements of these groups (and of any group installed before)."""
    stamp = VENV / ".wordtable-requirements"
    installed = stamp.read_text().split("\n") if stamp.exists() and venv_python().exists() else []
    wanted = sorted(set(installed) | set(requirements(*groups)) - {""})
    if installed == wanted:
        return venv_python()
    if not venv_python().exists():
        make_venv()
    log(f"installing {', '.join(groups)} requirements into .venv")
    run([str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         *wanted])
    # Make `import wordtable` work in the venv without a build backend: point it at py/.
    site_packages = run([str(venv_python()), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                        capture_output=True, text=True).stdout.strip()
    Path(site_packages, "wordtable-src.pth").write_text(str(ROOT / "py") + "\n")
    stamp.write_text("\n".join(wanted))
    return venv_python()


def find_chromium() -> str | None:
    for candidate in (os.environ.get("WORDTABLE_CHROMIUM"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    return shutil.which("chromium")


def ensure_test_tools() -> str:
    """Debian's chromium for the browser tests, firefox-esr (driven over WebDriver BiDi, built
    in) and webkit2gtk-driver + xvfb (WebKitWebDriver, whose MiniBrowser needs an X display) for
    the engine smoke tests (tests/browser/engines.py), iproute2 + util-linux (ip, unshare) for the
    WebRTC tests' own network namespace, iptables + coturn for the NAT lab's home routers and
    STUN/TURN server (tests/browser/natlab.py), zbar-tools (zbarimg, a real QR reader: the codes the
    page draws must decode, tests/browser/test_qr.py), and npm for the JavaScript linter (ensure_lint_tools);
    installed with apt-get when missing."""
    found = find_chromium()
    tools = (("firefox-esr", "firefox-esr"), ("webkit2gtk-driver", "WebKitWebDriver"), ("xvfb", "Xvfb"),
             ("iproute2", "ip"), ("util-linux", "unshare"), ("iptables", "iptables"), ("coturn", "turnserver"),
             ("zbar-tools", "zbarimg"), ("npm", "npm"))
    missing = [package for package, tool in tools if not shutil.which(tool)]
    if not found:
        missing.append("chromium")
    if not missing:
        return found
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        raise BuildError(f"Missing for the tests: {' '.join(missing)}. Install with: sudo apt-get install {' '.join(missing)}")
    log(f"installing Debian's {' '.join(missing)} with apt-get")
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update", "-qq"], env=environment)
    run(["apt-get", "install", "-y", "-qq", *missing], env=environment)
    found = find_chromium()
    if not found:
        raise BuildError("apt-get installed chromium but /usr/bin/chromium is still missing")
    return found


LINT_TOOLS = TOOLS / "lint"  # ESLint, pinned by its package-lock.json (tests only, never shipped)


def ensure_lint_tools() -> None:
    """tools/lint/node_modules installed with npm ci from the lock file, again when it changes."""
    lock = LINT_TOOLS / "package-lock.json"
    stamp = LINT_TOOLS / "node_modules" / ".wordtable-lock-sha256"
    wanted = hashlib.sha256(lock.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    log("installing the JavaScript linter (npm ci in tools/lint)")
    run(["npm", "ci", "--no-audit", "--no-fund", "--prefix", str(LINT_TOOLS)])
    stamp.write_text(wanted)


# The whole suite in two parts run side by side: the browser tests one at a time (each one's
# browsers already use the machine's cores, and their timings must not fight a test beside),
# and the pure-Python tests spread over every core (pytest-xdist, each idle worker taking tests
# from the others) at a low priority, taking the CPU the browsers leave idle (browser tests wait
# on pages, timers and the network). They still slow the browser part (measured: about a third,
# 950 s alone against 1,246 s beside), but the whole suite takes 1,302 s instead of about 1,500.
BROWSER_TESTS = "tests/browser"
PURE_PART_NICENESS = 10  # low enough to give way to the browsers, high enough never to starve


def suite_parts() -> tuple[list[str], list[str]]:
    workers = str(max(1, os.cpu_count() or 1))
    return ["tests", f"--ignore={BROWSER_TESTS}", "-n", workers, "--dist", "worksteal"], [BROWSER_TESTS]


def run_tests(pytest_args: list[str]) -> int:
    python = ensure_venv("build", "test")
    chromium = ensure_test_tools()
    ensure_lint_tools()
    build()
    environment = {**os.environ, "WORDTABLE_CHROMIUM": chromium}
    pytest = [str(python), "-m", "pytest"]
    if pytest_args:
        log(" ".join(pytest + pytest_args))
        return subprocess.run(pytest + pytest_args, cwd=ROOT, env=environment).returncode
    pure, browser = suite_parts()
    with tempfile.TemporaryFile("w+") as pure_output:
        # The pure part's report is printed whole once both are done, not interleaved.
        log(f"{' '.join(pytest + pure)}  (beside the browser tests, at niceness {PURE_PART_NICENESS})")
        pure_run = subprocess.Popen(pytest + pure, cwd=ROOT, env=environment, stdout=pure_output,
                                    stderr=subprocess.STDOUT, preexec_fn=lambda: os.nice(PURE_PART_NICENESS))
        log(" ".join(pytest + browser))
        browser_failed = subprocess.run(pytest + browser, cwd=ROOT, env=environment).returncode
        pure_failed = pure_run.wait()
        pure_output.seek(0)
        log(f"the pure-Python tests ({' '.join(pure)}):")
        shutil.copyfileobj(pure_output, sys.stdout)
        sys.stdout.flush()
    return browser_failed or pure_failed


# ---------------------------------------------------------------------------------------------

def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    build_command = commands.add_parser("build", help="build dist/ (the default)")
    build_command.add_argument("--force", action="store_true", help="rebuild even if up to date")
    serve_command = commands.add_parser("serve", help="build when needed and serve dist/")
    serve_command.add_argument("--port", type=int, default=8000)
    test_command = commands.add_parser("test", help="install what the tests need, build, test")
    test_command.add_argument("pytest_args", nargs=argparse.REMAINDER,
                              help="passed to pytest (default: tests)")
    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            build()
            serve(args.port)
        elif args.command == "test":
            return run_tests(args.pytest_args)
        else:
            build(force=getattr(args, "force", False))
    except BuildError as error:
        print(f"build.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
