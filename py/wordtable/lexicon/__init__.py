"""Dictionaries: MARISA tries read in pure Python (or natively where marisa_trie imports), a
player's own lists, and every word query the games need."""

from wordtable.lexicon.lexicon import Lexicon, LexiconInfo
from wordtable.lexicon.queries import Tiles, parse_pattern
from wordtable.lexicon.rules import WORD_RULES, refusal

__all__ = ["Lexicon", "LexiconInfo", "Tiles", "parse_pattern", "WORD_RULES", "refusal"]
