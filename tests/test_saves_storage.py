"""A save and its last screen in storage (web/js/saves.js, run under Node with a small storage):
the last screen lives under its own key, is never part of an export, goes with its save, and
makes way when storage is full, so it never costs a player a saved move."""

from __future__ import annotations

import json

import pytest

from web_js import run_script

SCRIPT = r"""
// localStorage with a quota: the items are the object's own keys (Object.keys lists them, as in
// a browser) and a write that would pass the quota throws as browsers do.
class Storage {
  getItem(key) { return Object.hasOwn(this, key) ? this[key] : null; }
  setItem(key, value) {
    const used = Object.keys(this).reduce((n, k) => n + (k === key ? 0 : k.length + this[k].length), 0);
    if (used + key.length + String(value).length > QUOTA) {
      const error = new Error("full"); error.name = "QuotaExceededError"; throw error;
    }
    this[key] = String(value);
  }
  removeItem(key) { delete this[key]; }
}
const QUOTA = 12000;
globalThis.window = { localStorage: new Storage() };
const saves = await import("./js/saves.js");
const store = window.localStorage;
const keysOf = () => Object.keys(store).sort();
const save = (id, moves) => ({ format: "wordtable-save", version: 1, id, game: "g", players: [{ name: "A", bot: null }],
  settings: {}, record: { game: "g", options: {}, seed: 1, moves }, created: "2026-11-24T00:00:00Z" });
const out = {};
saves.writeSave(save("one", []));
saves.writeLastSeen("one", { view: { phase: "play", note: "x".repeat(3000) }, own: null });
saves.writeLastSeen("two", { view: { note: "y".repeat(3000) }, own: null });
out.seen = saves.readLastSeen("one")?.view?.phase ?? null;
out.exported = saves.exportText(saves.loadSave("one", ["g"]));
out.listed = saves.listSaves(["g"]).saves.map((s) => s.id);
// A bigger save no longer fits beside the two pictures: they make way, the save is written.
saves.writeSave(save("one", Array.from({ length: 600 }, (_v, i) => [0, { n: i }])));
out.afterFull = { keys: keysOf(), moves: saves.loadSave("one", ["g"]).record.moves.length };
// A picture that does not fit is dropped, never an error.
saves.writeLastSeen("one", { view: { note: "z".repeat(20000) }, own: null });
out.tooBig = saves.readLastSeen("one");
// Damaged: no picture rather than an error.
store.setItem("wordtable.seen.bad", "{not json");
out.damaged = saves.readLastSeen("bad");
saves.writeLastSeen("one", { view: { phase: "play" }, own: null });
saves.deleteSave("one");
out.afterDelete = keysOf();
// A save that does not fit even alone is refused as before (the game goes on unsaved).
try { saves.writeSave(save("huge", Array.from({ length: 2000 }, (_v, i) => [0, { n: i }]))); out.huge = "written"; }
catch (error) { out.huge = error.constructor.name; }
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> dict:
    return run_script(tmp_path_factory.mktemp("saves"), SCRIPT, what="saves.js")


def test_the_last_screen_is_kept_beside_the_save_and_never_exported(results):
    assert results["seen"] == "play"
    exported = json.loads(results["exported"])
    assert exported["id"] == "one" and "lastSeen" not in results["exported"] and "x" * 100 not in results["exported"]
    assert results["listed"] == ["one"]  # a picture is not a save


def test_pictures_make_way_when_storage_is_full(results):
    assert results["afterFull"] == {"keys": ["wordtable.save.one"], "moves": 600}
    assert results["tooBig"] is None and results["damaged"] is None


def test_deleting_a_save_takes_its_picture_and_a_save_too_big_is_still_refused(results):
    assert results["afterDelete"] == ["wordtable.seen.bad"]
    assert results["huge"] == "StoreProblem"
