"""The games: one registry entry per built game (its rules module and class, its bots module).
Modules are imported when a game is first used, so the boot does not pay for them."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

REGISTRY: dict[str, tuple[str, str, str]] = {
    "four-letter-words": ("wordtable.games.four_letter_words", "FourLetterWords", "wordtable.games.flw_bots"),
    "shrdlu": ("wordtable.games.shrdlu", "Shrdlu", "wordtable.games.shrdlu_bots"),
    "spell-write": ("wordtable.games.spell_write", "SpellWrite", "wordtable.games.spell_write_bots"),
    "wordsmith": ("wordtable.games.wordsmith", "Wordsmith", "wordtable.games.wordsmith_bots"),
    "one-letter-better": ("wordtable.games.one_letter_better", "OneLetterBetter",
                          "wordtable.games.one_letter_better_bots"),
}
PLANNED: tuple[str, ...] = ()  # known by name, not built yet
GAME_IDS = (*REGISTRY, *PLANNED)


def game_class(game_id: str) -> type:
    """The game's class; KeyError for one not built."""
    module, name, _bots = REGISTRY[game_id]
    return getattr(importlib.import_module(module), name)


def make(game_id: str, lexicon_for: Callable[[str], Any]) -> tuple[Any, dict[str, Any]]:
    """(game, bots by level) for a built game; KeyError for one not built yet."""
    bots = importlib.import_module(REGISTRY[game_id][2]).BOTS
    return game_class(game_id)(lexicon_for), bots


def oracles(game_id: str) -> dict[str, Any]:
    """The game's oracle bots by name: they see everything (engine.bots), for simulations only."""
    return getattr(importlib.import_module(REGISTRY[game_id][2]), "ORACLES", {})


def infos() -> list[dict[str, Any]]:
    """What the page shows of every built game (title, players, options…): game.info."""
    return [game_class(game_id).info() for game_id in REGISTRY]
