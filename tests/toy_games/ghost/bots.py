"""Ghost's bots: they see only their seat's view, like every bot."""

from __future__ import annotations

import random
from typing import Any

from wordtable.engine.game import Move

from .rules import LETTERS, SHORTEST, begins_a_word


def _safe(game: Any, view: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(letters that keep the game going, letters that complete a word) for this view."""
    lexicon = game.lexicon_for(view["options"]["lexicon"])
    going, completing = [], []
    for letter in LETTERS:
        fragment = view["fragment"] + letter
        if not begins_a_word(lexicon, fragment):
            continue
        (completing if len(fragment) >= SHORTEST and fragment in lexicon else going).append(letter)
    return going, completing


def easy(game: Any, view: dict[str, Any], rng: random.Random) -> Move:
    """Any letter that begins a word."""
    going, completing = _safe(game, view)
    return {"type": "say", "letter": rng.choice(going + completing)}


def medium(game: Any, view: dict[str, Any], rng: random.Random) -> Move:
    """Never completes a word while another letter goes on."""
    going, completing = _safe(game, view)
    return {"type": "say", "letter": rng.choice(going or completing)}


BOTS = {"easy": easy, "medium": medium, "hard": medium}
ORACLES: dict[str, object] = {}  # no bot that sees everything: nothing is hidden or drawn
WORDS_PROPOSED = None  # the bots say letters: the word a game ends on is forced, not proposed
