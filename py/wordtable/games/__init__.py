"""The games. Each entry makes a game object given a way to find dictionaries, and its bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

GAME_IDS = ("four-letter-words", "shrdlu", "spell-write", "wordsmith", "one-letter-better")


def make(game_id: str, lexicon_for: Callable[[str], Any]):
    """(game, bots by level) for a built game; KeyError for one not built yet."""
    if game_id == "four-letter-words":
        from wordtable.games.flw_bots import BOTS
        from wordtable.games.four_letter_words import FourLetterWords
        return FourLetterWords(lexicon_for), BOTS
    if game_id == "shrdlu":
        from wordtable.games.shrdlu import Shrdlu
        from wordtable.games.shrdlu_bots import BOTS as SHRDLU_BOTS
        return Shrdlu(lexicon_for), SHRDLU_BOTS
    if game_id == "spell-write":
        from wordtable.games.spell_write import SpellWrite
        from wordtable.games.spell_write_bots import BOTS as SPELL_WRITE_BOTS
        return SpellWrite(lexicon_for), SPELL_WRITE_BOTS
    raise KeyError(game_id)
