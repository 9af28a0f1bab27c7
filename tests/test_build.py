"""The built site: pinned runtime, integrity-checked lock, precache list, relative URLs."""

import base64
import hashlib
import io
import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest

import build

SITE_TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".webmanifest", ".json", ".svg"}


def sri(path: Path) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def precache(dist: Path) -> dict:
    text = (dist / "sw.js").read_text()
    match = re.search(r"const PRECACHE = (\{.*?\});\n", text)
    assert match, "sw.js has no precache list"
    return json.loads(match.group(1))


def test_site_has_the_runtime_and_our_files(dist):
    for name in ["index.html", "sw.js", "js/main.js", "js/py-worker.js", "licenses.html",
                 "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                 f"pyodide/{build.STDLIB_SENT_NAME}", f"pyodide/{build.LOCK_NAME}"]:
        assert (dist / name).is_file(), name


def test_pyodide_core_is_the_pinned_release(dist):
    core = build.pyodide_dir()
    assert json.loads((core / "package.json").read_text())["version"] == build.PYODIDE_VERSION
    assert build.tarball_is_pinned(build.CACHE / f"pyodide-{build.PYODIDE_VERSION}.tgz")
    for name in build.PYODIDE_CORE_FILES:
        assert (dist / "pyodide" / name).read_bytes() == (core / name).read_bytes()


def test_lock_lists_our_wheels_with_their_real_hashes(dist):
    lock = json.loads((dist / "pyodide" / build.LOCK_NAME).read_text())
    stock = json.loads((build.pyodide_dir() / "pyodide-lock.json").read_text())
    assert lock["info"] == stock["info"]
    assert set(lock["packages"]) == {"micropip", "packaging", "wordtable"}
    for name, entry in lock["packages"].items():
        assert "/" not in entry["file_name"] and ":" not in entry["file_name"], "must be relative"
        wheel = dist / "pyodide" / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
    for pinned in build.PINNED_WHEELS:
        assert lock["packages"][pinned.name]["sha256"] == pinned.sha256


def test_precache_list_covers_every_file_with_its_hash(dist):
    manifest = precache(dist)
    listed = {entry["url"]: entry for entry in manifest["files"]}
    on_disk = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    assert set(listed) == on_disk - {"sw.js", ".build-inputs"}
    for url, entry in listed.items():
        assert entry["integrity"] == sri(dist / url), url
        assert not url.startswith("/"), "precache URLs must be relative to the site"


def test_a_first_visit_installs_only_what_a_first_game_needs(dist):
    """Issue 17: the default dictionary and the runtime at install; other dictionaries, the QR
    readers and on-demand wheels when first used."""
    when = {entry["url"]: entry.get("when") for entry in precache(dist)["files"]}
    default = next(lexicon for lexicon in json.loads((dist / "lexicons" / "manifest.json").read_text())["lexicons"]
                   if lexicon.get("default"))
    for url in ["index.html", "pyodide/pyodide.asm.wasm", f"pyodide/{build.STDLIB_SENT_NAME}", "lexicons/manifest.json",
                *(f"lexicons/{entry['file']}" for entry in default["files"].values())]:
        assert when[url] is None, url
    assert when["lexicons/large.marisa.packed"] == when["vendor/jsQR.js"] == when["pyodide/micropip-0.11.1-py3-none-any.whl"] == "use"
    later = sum((dist / url).stat().st_size for url, kind in when.items() if kind)
    # What the service worker no longer fetches at install: the other dictionaries' tries (their
    # words by length no longer travel at all since issue 44), the QR readers, on-demand wheels.
    assert later > 1_500_000


def test_build_id_changes_with_any_file(tmp_path, dist):
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.txt").write_text("one")
    (site / "b.txt").write_text("two")
    first = build.write_service_worker(site)
    assert build.write_service_worker(site) == first
    (site / "b.txt").write_text("three")
    assert build.write_service_worker(site) != first


def test_site_uses_only_relative_urls(dist):
    for path in build.WEB_SRC.rglob("*"):
        if path.suffix not in SITE_TEXT_SUFFIXES:
            continue
        # XML namespace names look like URLs but are never fetched.
        text = re.sub(r'xmlns(:\w+)?="[^"]*"', "", path.read_text())
        name = path.relative_to(build.WEB_SRC)
        assert not re.search(r"""(src|href)=["']/""", text), f"{name} has a root-relative URL"
        assert not re.search(r"""["'`]https?://""", text), f"{name} refers to another host"


def test_stdlib_is_precompiled(dist):
    with zipfile.ZipFile(io.BytesIO(build.stdlib_zip(dist))) as stdlib:
        names = stdlib.namelist()
        methods = {info.compress_type for info in stdlib.infolist()}
    assert "json/__init__.pyc" in names and "_pyodide/_base.pyc" in names
    assert not [n for n in names if n.endswith(".py")]
    # Sent gzipped whole, its files stored (issue 44: 0.11 MB less than deflated one by one);
    # the service worker keeps it inflated under the name Python reads.
    assert methods == {zipfile.ZIP_STORED}
    assert not (dist / "pyodide" / build.STDLIB_PYC_NAME).exists()
    entry = next(f for f in precache(dist)["files"] if f["url"] == f"pyodide/{build.STDLIB_SENT_NAME}")
    assert entry["unpack"] == f"pyodide/{build.STDLIB_PYC_NAME}" and "when" not in entry


def test_the_stdlib_is_cut_to_what_wordtable_imports(dist):
    """Issue 17: what our package and Pyodide's start-up import, not the whole library."""
    names = set()
    for part in (io.BytesIO(build.stdlib_zip(dist)), dist / "pyodide" / build.STDLIB_ON_DEMAND_NAME):
        with zipfile.ZipFile(part) as stdlib:
            names |= set(stdlib.namelist())
    for needed in ["json/decoder.pyc", "dataclasses.pyc", "random.pyc", "statistics.pyc", "encodings/utf_8.pyc",
                   "pyodide/__init__.pyc", "zipfile/__init__.pyc", "email/parser.pyc"]:
        assert needed in names, needed
    for unused in ["tkinter/__init__.pyc", "xml/dom/minidom.pyc", "sqlite3/__init__.pyc", "argparse.pyc",
                   "unittest/__init__.pyc", "encodings/cp1252.pyc"]:
        assert unused not in names, unused
    full = build.stdlib_pyc().stat().st_size
    assert (dist / "pyodide" / build.STDLIB_SENT_NAME).stat().st_size < full / 2


def test_own_wheel_carries_pyodide_bytecode_without_sources(dist):
    wheel_path = build.own_wheel()
    assert wheel_path.name.endswith("-cp314-none-any.whl"), "bytecode for Pyodide's Python alone"
    with zipfile.ZipFile(wheel_path) as wheel:
        names = set(wheel.namelist())
        record = wheel.read(f"wordtable-{build.package_version()}.dist-info/RECORD").decode()
        assert "Tag: cp314-none-any" in wheel.read(f"wordtable-{build.package_version()}.dist-info/WHEEL").decode()
        for line in record.splitlines():
            name, digest, size = line.split(",")
            if digest:
                data = wheel.read(name)
                assert len(data) == int(size)
                assert digest == "sha256=" + base64.urlsafe_b64encode(
                    hashlib.sha256(data).digest()).rstrip(b"=").decode()
    assert not [name for name in names if name.endswith(".py")], "a first visit need not fetch the sources"
    package_files = [p.relative_to(build.PACKAGE_SRC.parent).as_posix() for p in build.package_sources()]
    for path in package_files:
        if path.endswith(".py"):
            assert path[:-3] + ".pyc" in names, "zipimport finds a sourceless module at NAME.pyc"
        else:
            assert path in names, "the package's data files"



def test_the_sites_wheel_and_its_parts_hold_the_package_once_and_the_lock_names_each_part(dist):
    """Issue 44: the site's wheel holds what a first game needs (the engine, the bridge, the
    dictionaries' reader, the first game); play by link, online play, the command line and the
    other games are parts beside it, each in our lock with its sha256 and its modules."""
    with zipfile.ZipFile(build.own_wheel()) as whole:
        package = {name: whole.read(name) for name in whole.namelist() if ".dist-info/" not in name}
    runtime = dist / "pyodide"
    lock = json.loads((runtime / build.LOCK_NAME).read_text())
    parts = lock["wordtable"]["parts"]
    sent = runtime / lock["packages"]["wordtable"]["file_name"]
    assert sent.name == build.own_wheel().name + build.PACKED_SUFFIX  # gzipped whole, its files stored
    with zipfile.ZipFile(io.BytesIO(build.site_wheel(dist))) as wheel:
        held = {name: wheel.read(name) for name in wheel.namelist() if ".dist-info/" not in name}
        assert {info.compress_type for info in wheel.infolist()} == {zipfile.ZIP_STORED}
    assert lock["packages"]["wordtable"]["sha256"] == build.sha256_file(sent)
    for part in parts:
        assert part["sha256"] == build.sha256_file(runtime / part["file_name"])
        with zipfile.ZipFile(runtime / part["file_name"]) as archive:
            names = set(archive.namelist())
            assert not names & held.keys(), "a file in the wheel and in a part"
            held.update({name: archive.read(name) for name in names})
        assert all(any(name.replace("/", ".").startswith(module) for module in part["modules"]) for name in names)
    assert held == package, "the wheel and its parts hold the package, each file once"
    with zipfile.ZipFile(io.BytesIO(build.site_wheel(dist))) as wheel:
        first = set(wheel.namelist())
    games = json.loads((dist / "games.json").read_text())["games"]
    assert f"wordtable/games/{games[0]['id'].replace('-', '_')}/rules.pyc" in first
    for game in games[1:]:
        assert f"wordtable/games/{game['id'].replace('-', '_')}/rules.pyc" not in first
    assert not [name for name in first if name.startswith(("wordtable/link/", "wordtable/online/"))]
    assert {"wordtable.link", "wordtable.online", "wordtable.verify"} <= {m for part in parts for m in part["modules"]}


def test_wheel_is_reproducible(tmp_path):
    files = {"wordtable/__init__.py": b"x = 1\n"}
    build.write_wheel(tmp_path / "a.whl", files, "1.0.0", "py3-none-any")
    build.write_wheel(tmp_path / "b.whl", files, "1.0.0", "py3-none-any")
    assert (tmp_path / "a.whl").read_bytes() == (tmp_path / "b.whl").read_bytes()


def test_a_failed_build_leaves_the_previous_site_untouched(dist, monkeypatch):
    before = {p: p.stat().st_mtime_ns for p in dist.rglob("*")}

    def fail(site):
        raise build.BuildError("simulated failure")
    monkeypatch.setattr(build, "write_service_worker", fail)
    with pytest.raises(build.BuildError):
        build.build(force=True)
    assert {p: p.stat().st_mtime_ns for p in dist.rglob("*")} == before
    assert not list(build.ROOT.glob("dist-*")), "staging folder left behind"


def test_refuses_a_tampered_download(tmp_path, monkeypatch):
    fake = tmp_path / f"pyodide-{build.PYODIDE_VERSION}.tgz"
    fake.write_bytes(b"not the real tarball")
    assert not build.tarball_is_pinned(fake)


def test_the_module_graph_follows_every_static_import(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "main.js").write_text(
        'import { a,\n  b } from "./a.js";\nimport "./side.js";\nexport { c } from "./games/c.js";\n'
        'const later = () => import("./lazy.js"); // loaded when needed: not preloaded\n'
        '  import("./lazy.js").then(() => {});\n')
    (tmp_path / "a.js").write_text('import { c } from "./games/c.js";\nexport const a = 1, b = 2;\n')
    (tmp_path / "side.js").write_text("")
    (tmp_path / "games" / "c.js").write_text('import { a } from "../a.js";\nexport const c = a;\n')
    (tmp_path / "lazy.js").write_text("")
    found = [p.relative_to(tmp_path).as_posix() for p in build.static_module_graph(tmp_path / "main.js")]
    assert found == ["main.js", "a.js", "side.js", "games/c.js"]
    (tmp_path / "side.js").write_text('import "./gone.js";\n')
    with pytest.raises(build.BuildError, match="gone.js"):
        build.static_module_graph(tmp_path / "main.js")


def test_the_page_preloads_its_modules_and_carries_its_styles_inline(dist, tmp_path):
    page = (dist / "index.html").read_text()
    assert build.HEAD_MARKER not in page
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    assert preloaded == [build.PAGE_BUNDLE] and f'<script type="module" src="{build.PAGE_BUNDLE}">' in page
    bundle = (dist / build.PAGE_BUNDLE).read_text()
    # Every module of the page is in it: no import left to fetch, the renderers all there. The
    # bundle is minified, so esbuild says what it joined: bundled again beside it, the same
    # bytes come out of these inputs.
    assert not build.STATIC_IMPORT.search(bundle)
    again, meta = tmp_path / "app.js", tmp_path / "meta.json"
    build.run([*build.esbuild_command(), build.PAGE_ENTRY, *build.BUNDLE_OPTIONS, f"--outfile={again}",
               f"--metafile={meta}"], cwd=dist)
    assert again.read_bytes() == (dist / build.PAGE_BUNDLE).read_bytes()
    inputs = set(json.loads(meta.read_text())["inputs"])
    games = Path(build.WEB_SRC) / "js"
    for renderer in (games / "games").rglob("*.js"):
        name = "js/" + renderer.relative_to(games).as_posix()
        assert name in inputs, name
    inline = re.findall(r'<style data-from="([^"]+)">', page)
    # The shared sheet first, then every game's from its folder.
    games = sorted(f"js/games/{p.parent.name}/style.css" for p in (dist / "js" / "games").glob("*/style.css"))
    assert games and inline == ["css/app.css", *games]
    assert 'rel="stylesheet"' not in page


def test_the_standard_library_comes_in_two_parts_split_by_package(dist):
    """What only installing a wheel imports is a second zip, named in our lock with its hash;
    no package is split between the two (Python looks for a package's modules in its own zip)."""
    lock = json.loads((dist / "pyodide" / build.LOCK_NAME).read_text())
    entry = lock["wordtable"]["stdlib_on_demand"]
    later = dist / "pyodide" / entry["file_name"]
    assert hashlib.sha256(later.read_bytes()).hexdigest() == entry["sha256"]
    tops = []
    for path in (io.BytesIO(build.stdlib_zip(dist)), later):
        with zipfile.ZipFile(path) as archive:
            tops.append({name.split("/")[0].removesuffix(".pyc") for name in archive.namelist()})
    assert not tops[0] & tops[1], tops[0] & tops[1]
    assert {"email", "tarfile"} <= tops[1] and {"json", "asyncio", "hashlib"} <= tops[0]
    files = precache(dist)["files"]
    assert files and next(f for f in files if f["url"] == f"pyodide/{entry['file_name']}")["when"] == "use"


def test_a_first_visit_stays_within_its_budget(dist):
    """Issue 44: what a first visit fetches before its first game is playable, as a static host
    sends it, within build.FIRST_VISIT_BUDGET (tests/browser/test_offline_games.py checks that
    a first visit fetches nothing else before it can play)."""
    files = build.first_visit_files(dist)
    sizes = {name: build.wire_bytes(dist / name) for name in files}
    total = sum(sizes.values())
    listed = ", ".join(f"{name} {size / 1e6:.3f} MB" for name, size in sorted(sizes.items(), key=lambda item: -item[1]))
    assert total <= build.FIRST_VISIT_BUDGET, f"a first visit weighs {total / 1e6:.3f} MB: {listed}"
    assert not [name for name in files if name.endswith(("-link.zip", "-online.zip"))]


def test_a_dictionary_travels_once(dist):
    """Issue 44: the site holds each dictionary's trie (and the bots' levels), never its words
    again in another form: the words by length are decoded from the trie on the device."""
    lexicons = json.loads((dist / "lexicons" / "manifest.json").read_text())["lexicons"]
    for entry in lexicons:
        assert set(entry["files"]) <= {"words", "levels"}, entry["name"]
    assert not [path.name for path in (dist / "lexicons").iterdir() if path.name.endswith(".txt")
                and "COPYRIGHT" not in path.name and "LICENCE" not in path.name.upper()]


def test_the_sites_tries_are_sent_gzipped_and_read_as_the_built_ones(dist, tmp_path):
    """Issue 44: a trie is sent gzipped (static hosts send binary files as they are; a fifth
    smaller); the site's manifest names the packed file and its hash, and the registry, reading
    the site's folder as the browser's worker fills it, answers as the built dictionary does."""
    import gzip
    import shutil

    from wordtable.lexicon import store
    from wordtable.lexicon.registry import LexiconRegistry
    site = json.loads((dist / "lexicons" / "manifest.json").read_text())["lexicons"]
    built = {lexicon["name"]: lexicon for lexicon in store.manifest()["lexicons"]}
    for lexicon in site:
        entry = lexicon["files"]["words"]
        packed = (dist / "lexicons" / entry["file"]).read_bytes()
        assert entry["file"].endswith(".marisa.packed") and build.sha256_file(dist / "lexicons" / entry["file"]) == entry["sha256"]
        plain = gzip.decompress(packed)
        assert plain == (store.compiled_dir() / built[lexicon["name"]]["files"]["words"]["file"]).read_bytes()
        assert len(packed) < 0.85 * len(plain)
    # The bots' everyday words are fetched while Python starts, beside the default dictionary.
    assert [lexicon["name"] for lexicon in site if lexicon.get("prefetch")] == list(build.INSTALLED_LEXICONS)
    shutil.copytree(dist / "lexicons", tmp_path / "lexicons")
    common = LexiconRegistry(tmp_path).get("common")
    assert "night" in common and "qzx" not in common and len(common) == built["common"]["words"]


def test_the_snapshots_key_is_the_locks_and_follows_the_wheel_and_the_dictionaries(dist, tmp_path):
    """Issue 44: the worker keeps the snapshot's own modules (and the dictionaries they loaded)
    only when our lock names the key they were made with; the key changes with the wheel and
    with any dictionary (the manifest names each file's hash)."""
    lock = json.loads((dist / "pyodide" / build.LOCK_NAME).read_text())
    wheel = dist / "pyodide" / lock["packages"]["wordtable"]["file_name"]
    assert lock["wordtable"]["snapshot_key"] == build.snapshot_key(dist, wheel)
    site = tmp_path / "site"
    (site / "lexicons").mkdir(parents=True)
    shutil.copyfile(dist / "lexicons" / "manifest.json", site / "lexicons" / "manifest.json")
    other_wheel = tmp_path / wheel.name
    other_wheel.write_bytes(wheel.read_bytes() + b"\0")
    assert build.snapshot_key(site, wheel) == build.snapshot_key(dist, wheel)
    assert build.snapshot_key(site, other_wheel) != build.snapshot_key(dist, wheel)
    (site / "lexicons" / "manifest.json").write_text("{}")
    assert build.snapshot_key(site, wheel) != build.snapshot_key(dist, wheel)
