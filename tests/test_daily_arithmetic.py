"""The daily challenge's arithmetic (web/js/daily.js, run under Node): the seed of a game's day
is 64-bit FNV-1a of "GAME|DATE" cut to 53 bits (recomputed here in Python, so anyone can check a
day's deal), dates are real calendar days, and a streak grows only over consecutive days."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r"""
const daily = await import("./js/daily.js");
const out = {
  seeds: Object.fromEntries(["four-letter-words|2026-11-24", "shrdlu|2026-11-24", "shrdlu|2026-11-25", "spell-write|2027-01-01"]
    .map((k) => [k, daily.dailySeed(...k.split("|"))])),
  dates: Object.fromEntries(["2026-11-24", "2026-02-29", "2028-02-29", "2026-13-01", "26-11-24", "2026-11-24x", "", null]
    .map((d) => [String(d), daily.isDateKey(d)])),
  before: [daily.dayBefore("2026-03-01"), daily.dayBefore("2027-01-01"), daily.dayBefore("2028-03-01")],
  streaks: [
    daily.nextStreak(null, "2026-11-24"),
    daily.nextStreak({ last: "2026-11-23", streak: 4, best: 4 }, "2026-11-24"),
    daily.nextStreak({ last: "2026-11-24", streak: 5, best: 5 }, "2026-11-24"),
    daily.nextStreak({ last: "2026-11-21", streak: 7, best: 9 }, "2026-11-24"),
    daily.nextStreak({ last: "2026-11-25", streak: 3, best: 3 }, "2026-11-24"),
  ],
  share: daily.shareText({ title: "Shrdlu", key: "2026-11-24", won: true, reason: "7 rounds", streak: 1, url: "https://x/#daily=shrdlu&date=2026-11-24" }),
  alone: daily.shareText({ title: "Spell Write", key: "2026-11-24", won: null, reason: "the highest score", streak: 3, url: "u" }),
};
console.log(JSON.stringify(out));
"""


def fnv_seed(game_id: str, date: str) -> int:
    value = 0xCBF29CE484222325
    for byte in f"{game_id}|{date}".encode():
        value = ((value ^ byte) * 0x100000001B3) % 2**64
    return value % 2**53


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> dict:
    node = shutil.which("node")
    assert node, "Node is needed (build.py needs it too): apt-get install nodejs"
    folder = tmp_path_factory.mktemp("daily")
    shutil.copytree(ROOT / "web" / "js", folder / "js")
    (folder / "package.json").write_text('{"type": "module"}')
    (folder / "run.mjs").write_text(SCRIPT)
    run = subprocess.run([node, "run.mjs"], cwd=folder, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_every_game_and_day_has_its_own_seed_that_anyone_can_recompute(results):
    for key, seed in results["seeds"].items():
        assert seed == fnv_seed(*key.split("|"))
        assert 0 <= seed < 2**53
    assert len(set(results["seeds"].values())) == len(results["seeds"])


def test_only_real_calendar_days_are_dates(results):
    assert results["dates"] == {"2026-11-24": True, "2026-02-29": False, "2028-02-29": True, "2026-13-01": False,
                                "26-11-24": False, "2026-11-24x": False, "": False, "null": False}
    assert results["before"] == ["2026-02-28", "2026-12-31", "2028-02-29"]


def test_a_streak_grows_over_consecutive_days_only(results):
    first, next_day, same_day, after_a_gap, an_earlier_day = results["streaks"]
    assert first == {"last": "2026-11-24", "streak": 1, "best": 1}
    assert next_day == {"last": "2026-11-24", "streak": 5, "best": 5}
    assert same_day == {"last": "2026-11-24", "streak": 5, "best": 5}  # finishing a day twice counts once
    assert after_a_gap == {"last": "2026-11-24", "streak": 1, "best": 9}
    assert an_earlier_day == {"last": "2026-11-25", "streak": 3, "best": 3}  # finished late: changes nothing


def test_the_shared_result_names_the_day_and_result_and_links_back(results):
    assert results["share"] == ("Wordtable · Shrdlu · daily challenge 2026-11-24\n✅ I won: 7 rounds\nStreak: 1 day\n"
                                "https://x/#daily=shrdlu&date=2026-11-24")
    assert results["alone"].splitlines()[1:3] == ["🏁 the highest score", "Streak: 3 days"]
