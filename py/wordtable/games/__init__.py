"""The games: one registry line per built game, naming its folder (the package
wordtable.games.<folder>, with its rules in rules.py, its bots in bots.py and how a finished
game's turns are reviewed in review.py) and its class.
Modules are imported when a game is first used, so the boot does not pay for them. A game
kept elsewhere (the tests' toy game) joins with register()."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for the annotation only: a game's modules load when it is first used
    from wordtable.engine.game import Game

REGISTRY: dict[str, tuple[str, str]] = {
    "four-letter-words": ("four_letter_words", "FourLetterWords"),
    "shrdlu": ("shrdlu", "Shrdlu"),
    "spell-write": ("spell_write", "SpellWrite"),
    "wordsmith": ("wordsmith", "Wordsmith"),
    "one-letter-better": ("one_letter_better", "OneLetterBetter"),
}
PLANNED: tuple[str, ...] = ()  # known by name, not built yet
GAME_IDS = (*REGISTRY, *PLANNED)


BUILT_IN = tuple(REGISTRY)  # the games this package ships (the site offers these)


def register(game_id: str, package: str, class_name: str) -> None:
    """Adds a game whose folder is the importable package `package` (rules.py, bots.py)."""
    global GAME_IDS
    REGISTRY[game_id] = (package, class_name)
    GAME_IDS = (*REGISTRY, *PLANNED)


def package_of(game_id: str) -> str:
    """The game's folder as a package; KeyError for one not built."""
    folder = REGISTRY[game_id][0]
    return folder if "." in folder else f"wordtable.games.{folder}"


def rules_module(game_id: str) -> str:
    """The module of a built game's rules; KeyError for one not built."""
    return f"{package_of(game_id)}.rules"


def game_class(game_id: str) -> type[Game]:
    """The game's class; KeyError for one not built."""
    return getattr(importlib.import_module(rules_module(game_id)), REGISTRY[game_id][1])


def make(game_id: str, lexicon_for: Callable[[str], Any]) -> tuple[Any, dict[str, Any]]:
    """(game, bots by level) for a built game; KeyError for one not built yet."""
    bots = _bots_module(game_id).BOTS
    return game_class(game_id)(lexicon_for), bots


def oracles(game_id: str) -> dict[str, Any]:
    """The game's oracle bots by name: they see everything (engine.bots), for simulations only."""
    oracles: dict[str, Any] = _bots_module(game_id).ORACLES  # every bots module declares them, if only {}
    return oracles


def words_proposed(game_id: str) -> Any:
    """How the game's bots propose words (engine.bots.WordsProposed), or None: declared by its
    bots module as WORDS_PROPOSED (AttributeError if it forgot)."""
    return _bots_module(game_id).WORDS_PROPOSED


def reviewer_of(game_id: str) -> Any:
    """How the game reviews a finished game's turns (wordtable.review.Reviewer): declared by its
    folder's review.py as REVIEWER; None for a game whose review is not written yet."""
    module = f"{package_of(game_id)}.review"
    try:
        return importlib.import_module(module).REVIEWER
    except ModuleNotFoundError as error:
        if error.name != module:
            raise
        return None


def infos() -> list[dict[str, Any]]:
    """What the page shows of every built game (title, players, options…): game.info."""
    return [game_class(game_id).info() for game_id in REGISTRY]


def _bots_module(game_id: str) -> Any:
    return importlib.import_module(f"{package_of(game_id)}.bots")
