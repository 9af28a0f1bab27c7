"""What the command line (wordtable.__main__) shares with the commands a game brings. A game's
folder may hold commands.py with add(subcommands): it adds the game's own commands (under the
game's id) and sets each one's `run`, a function of the parsed arguments that gives the lines to
print. The command line finds them through the games' registry, as the engine finds a game's
rules and bots: shared code names no game."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wordtable.lexicon.lexicon import Lexicon

Run = Callable[[argparse.Namespace], list[str]]


class UsageError(Exception):
    """A command used wrongly: the usage is printed with this message, and the exit code is 2."""


def game_commands(game_id: str) -> ModuleType | None:
    """The game's commands module, when its folder has one."""
    from wordtable.games import package_of
    name = f"{package_of(game_id)}.commands"
    return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None


def add_game_commands(subcommands: Any) -> None:
    """Every registered game's own commands, in the registry's order."""
    from wordtable.games import REGISTRY
    for game_id in REGISTRY:
        module = game_commands(game_id)
        if module is not None:
            module.add(subcommands)


def lexicon_named(name: str | None) -> Lexicon:
    """A shipped dictionary by name (the default one for None); UsageError naming the others."""
    from wordtable.lexicon import store
    try:
        return store.load(name)
    except store.UnknownLexicon as error:
        names = ", ".join(info.name for info in store.available())
        raise UsageError(f"{error}; choose one of: {names}") from None
