"""Dictionaries: MARISA tries read in pure Python (or natively where marisa_trie imports), a
player's own lists, and every word query the games need.

The names below load on first use, so starting the app does not pay for the dictionary code.
"""

from importlib import import_module

_HOMES = {"Lexicon": "lexicon", "LexiconInfo": "lexicon", "Tiles": "queries",
          "parse_pattern": "queries", "WordRule": "rules", "refusal": "rules"}

__all__ = list(_HOMES)


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module 'wordtable.lexicon' has no attribute {name!r}")
    return getattr(import_module(f"wordtable.lexicon.{_HOMES[name]}"), name)
