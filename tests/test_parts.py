"""The package's parts (wordtable/parts.py, build.py split_wheel): a module of a part that is
not here yet is asked for (NeedFiles, so the browser's worker fetches it), and once here it
imports from its zip like any module, within its package."""

from __future__ import annotations

import sys
import zipfile

import pytest

from wordtable.lexicon.registry import NeedFiles
from wordtable.parts import Part, PartFinder


def test_a_part_is_asked_for_then_imported_from_its_zip_within_its_package(tmp_path, monkeypatch):
    core = tmp_path / "core"
    (core / "demo_pkg" / "games").mkdir(parents=True)
    (core / "demo_pkg" / "__init__.py").write_text("")
    (core / "demo_pkg" / "games" / "__init__.py").write_text("")
    (core / "demo_pkg" / "games" / "first.py").write_text("WHERE = 'wheel'\n")
    site = tmp_path / "site" / "pyodide"
    site.mkdir(parents=True)
    made = tmp_path / "demo-link.zip"
    with zipfile.ZipFile(made, "w") as archive:
        archive.writestr("demo_pkg/link/__init__.py", "from demo_pkg.games import first\nWHERE = 'part'\n")
        archive.writestr("demo_pkg/verify.py", "WHERE = 'part too'\n")
    parts = [Part("demo-link.zip", "ab" * 32, ("demo_pkg.link", "demo_pkg.verify"))]
    monkeypatch.syspath_prepend(str(core))
    finder = PartFinder(site, parts)
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    for name in [name for name in sys.modules if name.startswith("demo_pkg")]:
        monkeypatch.delitem(sys.modules, name)
    import demo_pkg.games.first  # in the wheel: the finder leaves it alone
    assert demo_pkg.games.first.WHERE == "wheel"
    with pytest.raises(NeedFiles) as needed:
        import demo_pkg.link  # noqa: F401
    assert [(file.path, file.sha256) for file in needed.value.files] == [("pyodide/demo-link.zip", "ab" * 32)]
    assert "demo_pkg.link" not in sys.modules
    (site / "demo-link.zip").write_bytes(made.read_bytes())  # what the worker does
    import demo_pkg.link
    import demo_pkg.verify
    assert (demo_pkg.link.WHERE, demo_pkg.verify.WHERE) == ("part", "part too")
    assert demo_pkg.link.__file__.startswith(str(site / "demo-link.zip"))
    with pytest.raises(ModuleNotFoundError):
        import demo_pkg.link.missing  # noqa: F401  # the part is here: a missing module is just missing


def test_a_part_whose_modules_sit_in_a_package_not_imported_yet_still_imports(tmp_path, monkeypatch):
    """The link part holds the first game's review (wordtable.games.<first>.review) beside
    wordtable.review: reviewing another game imports the part before the first game's folder."""
    core = tmp_path / "core"
    (core / "demo_two" / "games" / "first").mkdir(parents=True)
    for folder in ("demo_two", "demo_two/games", "demo_two/games/first"):
        (core / folder / "__init__.py").write_text("")
    site = tmp_path / "site" / "pyodide"
    site.mkdir(parents=True)
    with zipfile.ZipFile(site / "demo-link.zip", "w") as archive:
        archive.writestr("demo_two/review.py", "WHERE = 'part'\n")
        archive.writestr("demo_two/games/first/review.py", "WHERE = 'part, in the first game'\n")
    parts = [Part("demo-link.zip", "cd" * 32, ("demo_two.review", "demo_two.games.first.review"))]
    monkeypatch.syspath_prepend(str(core))
    monkeypatch.setattr(sys, "meta_path", [PartFinder(site, parts), *sys.meta_path])
    for name in [name for name in sys.modules if name.startswith("demo_two")]:
        monkeypatch.delitem(sys.modules, name)
    import demo_two.review  # its part adds itself to demo_two.games.first, not imported before
    assert demo_two.review.WHERE == "part"
    import demo_two.games.first.review
    assert demo_two.games.first.review.WHERE == "part, in the first game"
