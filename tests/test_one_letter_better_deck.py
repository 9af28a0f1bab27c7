"""One Letter Better's deck (our design; the game is not built yet): the values the rules fix,
rarer letters worth more, every kind of card the rules name, and the deck command."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from wordtable.games.one_letter_better.deck import DECK, LETTERS, deck_json, letter_points
from wordtable.lexicon import store

ROOT = Path(__file__).resolve().parent.parent


def card(card_id: str):
    return next(c for c in DECK if c.id == card_id)


def test_the_points_the_rules_fix():
    assert {x: LETTERS[x][0] for x in "time" + "r"} == {"t": 2, "i": 1, "m": 5, "e": 1, "r": 2}
    assert letter_points("time") + 5 * (4 - 3) == 14   # the seed's TIME with its four-card bonus
    assert card("red-t").points == -2                   # "a red T is -2"


def test_rarer_letters_are_worth_more():
    assert set(LETTERS) == set("abcdefghijklmnopqrstuvwxyz")
    for a, (points_a, count_a) in LETTERS.items():
        for b, (points_b, count_b) in LETTERS.items():
            if count_a > count_b:
                assert points_a <= points_b, f"{a.upper()} is commoner than {b.upper()} but worth more"


def test_every_kind_of_card_the_rules_name():
    ids = {c.id for c in DECK}
    assert {"ing", "ant", "ent", "blue-ch", "wild", "double-wild", "steal-one"} <= ids
    assert {c.colour for c in DECK} == {"plain", "green", "blue", "red"}
    assert all(c.points < 0 for c in DECK if c.colour == "red")
    assert all(c.points == letter_points(c.letters) for c in DECK if c.kind == "letter" and c.colour != "red")
    assert len(ids) == len(DECK) and all(c.count >= 1 for c in DECK)
    assert 100 <= sum(c.count for c in DECK) <= 140


def test_the_deck_command():
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    result = subprocess.run([sys.executable, "-m", "wordtable", "one-letter-better", "deck", "--json"],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0 and json.loads(result.stdout) == deck_json()
    assert json.loads(result.stdout)["total"] == sum(c.count for c in DECK)
    bad = subprocess.run([sys.executable, "-m", "wordtable", "one-letter-better", "shuffle"],
                         capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and "usage" in bad.stderr


# -- the round's target, chosen by simulation (bench/one_letter_better_balance.py) -------------

def test_new_games_record_every_option_and_old_records_keep_the_target_they_were_made_under():
    # (That the page's new records hold every option: tests/test_bridge_games.py.)
    from wordtable.engine.game import Record, replay
    from wordtable.games.one_letter_better.rules import OneLetterBetter
    from wordtable.games.one_letter_better.state import Options
    assert Options.complete({"players": 2})["target"] == 175 and Options.complete({"players": 1})["target"] == 0
    assert Options.complete({"players": 3, "target": 60})["target"] == 60
    # Options written without a target (a daily game's record held only the players) were
    # made under the old default, 100, and keep it.
    assert Options.parse({"players": 2}).target == 100 and Options.parse({"players": 1}).target == 0
    game = OneLetterBetter(lambda name: store.load(name))
    assert replay(game, Record("one-letter-better", {"players": 2}, 9)).options.target == 100
    assert game.new(Options.complete({"players": 2}), 9).options.target == 175


def test_the_how_to_play_page_gives_the_default_targets_and_the_balance_table():
    from wordtable.games.one_letter_better.state import Options
    page = (ROOT / "web" / "how-to-play" / "one-letter-better.html").read_text()
    target = next(spec for spec in Options.specs() if spec.name == "target")
    for players in (2, 3, 4):
        default = target.default_for(players)
        assert re.search(rf'data-players="{players}" data-default="{default}"', page), f"{players} players: {default}"
    assert "bench/one_letter_better_balance.py" in page and 'id="olb-balance"' in page


def test_options_with_unreadable_players_are_refused_not_a_crash():
    from wordtable.engine.errors import BadOptions
    from wordtable.games.one_letter_better.state import Options
    for players in ([2], {"n": 2}, "2", None, True):
        for read in (Options.parse, Options.complete):
            with pytest.raises(BadOptions):
                read({"players": players})
