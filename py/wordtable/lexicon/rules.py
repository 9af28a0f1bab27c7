"""What counts as a valid word: each game declares its WordRule (Game.word_rule), and every
check of a word in that game (what is offered, what bots choose, what is accepted, the
dictionaries page's check) goes through it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from wordtable.lexicon.lexicon import Lexicon


@dataclass(frozen=True)
class WordRule:
    letters: str            # the characters a word may hold, as a regex class body
    min_length: int
    max_length: int | None  # None: no limit
    why: str                # the rule in a player's words

    def shape_refusal(self, word: str) -> str | None:
        if not re.fullmatch(f"[{self.letters}]+", word):
            allowed = "letters" if self.letters == "a-z" else "letters, apostrophes and hyphens"
            return f"“{word}” may only contain {allowed}."
        if len(word) < self.min_length:
            return f"“{word}” is too short: {self.why}"
        if self.max_length is not None and len(word) > self.max_length:
            return f"“{word}” is too long: {self.why}"
        return None


def refusal(lexicon: Lexicon, rule: WordRule, word: str) -> str | None:
    """Why word is not valid under a game's rule with this dictionary, or None if it is."""
    reason = rule.shape_refusal(word)
    if reason:
        return reason
    if word not in lexicon:
        return f"“{word}” is not in the {lexicon.info.title} dictionary."
    return None
