"""What counts as a valid word in each game, in one place."""

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


WORD_RULES: dict[str, WordRule] = {
    "four-letter-words": WordRule("a-z", 4, 4, "every word has exactly four letters."),
    "shrdlu": WordRule("a-z", 5, 6, "a spread asks for a word of five or six letters."),
    "spell-write": WordRule("a-z", 2, 4, "words of two to four letters score."),
    # Wordsmith counts apostrophes and hyphens as letters.
    "wordsmith": WordRule("a-z'\\-", 2, None, "a word needs at least two letters."),
    # One Letter Better: steals must make non-hyphenated words.
    "one-letter-better": WordRule("a-z", 2, None, "a word needs at least two letters."),
}


def refusal(lexicon: Lexicon, game: str, word: str) -> str | None:
    """Why word is not valid in game with this dictionary, or None if it is."""
    rule = WORD_RULES[game]
    reason = rule.shape_refusal(word)
    if reason:
        return reason
    if word not in lexicon:
        return f"“{word}” is not in the {lexicon.info.title} dictionary."
    return None
