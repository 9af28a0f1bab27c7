"""Sentences naming a player read right for the person at this device, named "You" (a daily
game, a challenge, a game link), as for any other name: "You win", "You choose the next word",
never "You wins" or "You, your word"; and a game played alone ends on a score, not a win (on
the end screen and in the list of saved games). Checked under Node on the shared helpers and
the games' renderers."""

from __future__ import annotations

import json

import pytest

from web_js import run_script

SCRIPT = r"""
const ui = await import("./js/ui.js");
const games = {};
for (const file of ["four-letter-words", "shrdlu", "spell-write", "wordsmith", "one-letter-better"]) {
  games[file] = await import(`./js/games/${file}/index.js`);
}
const over = (extra) => ({ phase: "over", outcome: { winners: [0], reason: "the highest score" }, ...extra });
// A finished game's view, as little of it as each game's lines read.
const views = {
  "four-letter-words": over({ strikes: [0, 2], out: [false, true], history: [[0, "jazz"]] }),
  shrdlu: over({ cards_won: [0, 0] }),
  "spell-write": over({ sheets: [{ score: 7 }, { score: 3 }] }),
  wordsmith: over({ totals: [8, 2] }),
  "one-letter-better": over({ totals: [7, 1], scores: [0, 0] }),
};
const alone = (view) => Object.fromEntries(Object.entries(view).map(([key, value]) =>
  [key, Array.isArray(value) && key !== "history" ? value.slice(0, 1) : value]));
const out = { summaries: {}, verdicts: {} };
for (const [id, view] of Object.entries(views)) {
  const game = games[id];
  out.summaries[id] = {
    you: ui.summaryLine(game, view, [{ name: "You" }, { name: "Daily bot" }]),
    named: ui.summaryLine(game, view, [{ name: "Ann" }, { name: "Bo" }]),
    soloYou: id === "four-letter-words" ? null : ui.summaryLine(game, alone(view), [{ name: "You" }]),
    soloNamed: id === "four-letter-words" ? null : ui.summaryLine(game, alone(view), [{ name: "Player 1" }]),
  };
  out.verdicts[id] = {
    you: ui.verdictText(view.outcome, [{ name: "You" }, { name: "Daily bot" }], game.resultLine(view, 0)),
    solo: id === "four-letter-words" ? null : ui.verdictText(view.outcome, [{ name: "Player 1" }], game.resultLine(alone(view), 0)),
  };
}
const flw = games["four-letter-words"];
out.flw = {
  choose: flw.headline({ phase: "choose", chooser: 0 }, [{ name: "You" }, { name: "Daily bot" }]),
  chooseNamed: flw.headline({ phase: "choose", chooser: 0 }, [{ name: "Ann" }]),
  challenged: flw.headline({ phase: "defend", challenger: 0, word: "jazz" }, [{ name: "You" }]),
  penalty: flw.announcement({ options: { challenge_penalties: true },
                              last_challenge: { word: "jazz", chooser: 1, challenger: 0, result: "stood" } },
    [{ name: "You" }, { name: "Daily bot" }]),
};
out.helpers = {
  you: [ui.does("You", "wins"), ui.does("You", "misses"), ui.does("You", "has"), ui.toPlayer("You", "your word"), ui.whose("You")],
  named: [ui.does("Ann", "wins"), ui.does("Ann", "misses"), ui.does("Ann", "has"), ui.toPlayer("Ann", "your word"), ui.whose("Ann")],
};
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def said(tmp_path_factory) -> dict:
    return run_script(tmp_path_factory.mktemp("words"), SCRIPT, what="the player-words script")


def test_the_helpers_agree_with_you_and_with_a_name(said):
    assert said["helpers"]["you"] == ["You win", "You miss", "You have", "Your word", "Your"]
    assert said["helpers"]["named"] == ["Ann wins", "Ann misses", "Ann has", "Ann, your word", "Ann's"]


@pytest.mark.parametrize("game", ["four-letter-words", "shrdlu", "spell-write", "wordsmith", "one-letter-better"])
def test_a_won_game_says_you_win(said, game):
    assert said["verdicts"][game]["you"].startswith("You win: "), said["verdicts"][game]
    assert said["summaries"][game]["you"].startswith("Finished: You win"), said["summaries"][game]
    assert said["summaries"][game]["named"].startswith("Finished: Ann wins"), said["summaries"][game]


@pytest.mark.parametrize("game, score", [("shrdlu", "0 cards"), ("spell-write", "7 points"), ("wordsmith", "8 points"),
                                         ("one-letter-better", "7 points")])
def test_a_game_played_alone_ends_on_a_score_not_a_win(said, game, score):
    summaries, verdict = said["summaries"][game], said["verdicts"][game]["solo"]
    assert summaries["soloYou"] == f"Finished · Your score: {score}"
    assert summaries["soloNamed"] == f"Finished · Player 1's score: {score}"
    assert verdict == f"Player 1's score: {score}."
    assert "win" not in json.dumps([summaries["soloYou"], summaries["soloNamed"], verdict])


def test_four_letter_words_speaks_to_you(said):
    assert said["flw"]["choose"] == "You choose the next word"
    assert said["flw"]["chooseNamed"] == "Ann chooses the next word"
    assert said["flw"]["challenged"] == "You challenge JAZZ"
    assert said["flw"]["penalty"].endswith("so it stands and you miss your next turn.")
