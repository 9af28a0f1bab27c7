"""The arithmetic of daily challenges and challenge links (web/js/daily.js and challenge.js, run
under Node): the seed of a game's day is 64-bit FNV-1a of "GAME|DATE" cut to 53 bits (recomputed
here in Python, so anyone can check a day's deal), dates are real calendar days, a streak grows
only over consecutive days, and a challenge link carries a game back exactly or is refused."""

from __future__ import annotations

import pytest

from web_js import run_script

SCRIPT = r"""
const daily = await import("./js/daily.js");
const chal = await import("./js/challenge.js");
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
  share: daily.shareText({ title: "Shrdlu", key: "2026-11-24", won: true, result: "30 cards to 22", streak: 1,
                           url: "https://x/#daily=shrdlu&date=2026-11-24" }),
  alone: daily.shareText({ title: "Spell Write", key: "2026-11-24", won: null, result: "143 points", streak: 3, url: "u" }),
};
const counted = { options: [{ name: "players" }] };
const games = Object.assign(Object.create(null), {  // as games/index.js registers them
  "spell-write": { id: "spell-write", title: "Spell Write", minPlayers: 1, maxPlayers: 6, info: counted },
  shrdlu: { id: "shrdlu", title: "Shrdlu", minPlayers: 2, maxPlayers: 4, info: counted } });
const save = (players, options = { players: players.length, lexicon: "standard", mode: "friendly" }) => ({
  game: "spell-write", players, settings: { botDelay: 250 }, record: { seed: 9007199254740991, options } });
const you = { name: "Ann", bot: null };
const played = save([{ name: "Ada", bot: "hard" }, you, { name: "Basil", bot: "easy" }]);
const challenge = chal.challengeOf(played);
const url = chal.challengeLink("https://x/app/", challenge);
const read = (hash) => chal.readChallenge(new URLSearchParams(hash), games);
const back = read(url.split("#")[1]);
const broken = (change) => {
  const params = new URLSearchParams(url.split("#")[1]); change(params); return read(params.toString()).problem ?? null; };
const b64 = (text) => Buffer.from(text).toString("base64url");
out.challenge = {
  url, back, players: chal.challengePlayers(back.challenge),
  again: read(url.split("#")[1]).key,
  otherSeed: read(url.split("#")[1].replace("seed=9007199254740991", "seed=1")).key,
  refusals: {
    online: chal.challengeRefusal(save([you, { name: "Bo", bot: null, online: true }])),
    twoPeople: chal.challengeRefusal(save([you, { name: "Bo", bot: null }])),
    ownList: chal.challengeRefusal(save([you], { players: 1, lexicon: "custom:abc" })),
    fine: chal.challengeRefusal(played),
  },
  broken: {
    game: broken((p) => p.set("challenge", "chess")),
    seed: broken((p) => p.set("seed", "-3")),
    bigSeed: broken((p) => p.set("seed", "99999999999999999")),
    noPerson: broken((p) => p.set("seats", "easy,hard,easy")),
    twoPeople: broken((p) => p.set("seats", "you,you,easy")),
    level: broken((p) => p.set("seats", "you,genius,easy")),
    tooMany: broken((p) => p.set("seats", "you,easy,easy,easy,easy,easy,easy")),
    speed: broken((p) => p.set("speed", "5")),
    garbage: broken((p) => p.set("o", "%%%")),
    array: broken((p) => p.set("o", b64("[1]"))),
    huge: broken((p) => p.set("o", b64(JSON.stringify({ players: 3, x: "a".repeat(3000) })))),
    list: broken((p) => p.set("o", b64(JSON.stringify({ players: 3, lexicon: "custom:x" })))),
    count: broken((p) => p.set("o", b64(JSON.stringify({ players: 2 })))),
    noCount: broken((p) => p.set("o", b64("{}"))),
    proto: broken((p) => p.set("challenge", "__proto__")),
    toString: broken((p) => p.set("challenge", "toString")),
    shrdluAlone: broken((p) => { p.set("challenge", "shrdlu"); p.set("seats", "you"); }),
  },
  share: chal.challengeShareText({ title: "Spell Write", won: false, result: "120 points to 143", url: "u" }),
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
    return run_script(tmp_path_factory.mktemp("daily"), SCRIPT, what="daily.js and challenge.js")


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
    assert results["share"] == ("Wordtable · Shrdlu · daily challenge 2026-11-24\n✅ I won: 30 cards to 22\nStreak: 1 day\n"
                                "https://x/#daily=shrdlu&date=2026-11-24")
    assert results["alone"].splitlines()[1:3] == ["🏁 143 points", "Streak: 3 days"]


def test_a_challenge_link_carries_the_game_back_exactly(results):
    found = results["challenge"]
    assert found["url"].startswith("https://x/app/#challenge=spell-write&seed=9007199254740991&seats=hard%2Cyou%2Ceasy&speed=250&o=")
    assert found["back"]["challenge"] == {"game": "spell-write", "seed": 9007199254740991, "seats": ["hard", "you", "easy"],
                                         "speed": 250, "options": {"players": 3, "lexicon": "standard", "mode": "friendly"}}
    # The person opening it sits where the challenger sat, between the same bots.
    assert [(p["name"], p["bot"]) for p in found["players"]] == [("Bot 1", "hard"), ("You", None), ("Bot 2", "easy")]
    # The same link is the same save (opened again, it resumes); another seed is another game.
    assert found["again"] == found["back"]["key"] != found["otherSeed"]


def test_only_one_persons_game_becomes_a_challenge(results):
    refusals = results["challenge"]["refusals"]
    assert refusals["fine"] == ""
    assert "online" in refusals["online"]
    assert "one person" in refusals["twoPeople"]
    assert "your own word list" in refusals["ownList"]


def test_a_damaged_challenge_link_is_refused_with_its_reason(results):
    broken = results["challenge"]["broken"]
    assert broken == {
        "game": "it is not for a game this version has",
        "seed": "its seed is not a whole number",
        "bigSeed": "its seed is not a whole number",
        "noPerson": "its seats are not one person and bots",
        "twoPeople": "its seats are not one person and bots",
        "level": "its seats are not one person and bots",
        "tooMany": "Spell Write is for 1 to 6 players, not 7",
        "speed": "its bot speed is not one of the form's",
        "garbage": "its options cannot be read",
        "array": "its options cannot be read",
        "huge": "its options cannot be read",
        "list": "it needs a word list of someone else's",
        "count": "its players do not match its seats",
        "noCount": "its players do not match its seats",
        "proto": "it is not for a game this version has",
        "toString": "it is not for a game this version has",
        "shrdluAlone": "Shrdlu is for 2 to 4 players, not 1",
    }
    assert results["challenge"]["share"] == "Wordtable · Spell Write · can you beat me at the same game?\n❌ I lost: 120 points to 143\nu"
