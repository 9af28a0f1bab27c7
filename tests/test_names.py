"""Players' names (wordtable.online.names): nothing hidden, nobody shown twice (issue 42, item 6)."""

from __future__ import annotations

import pytest

from wordtable.online.names import NAME_LENGTH, clean_name, look_alike

# "Ann" as a second player could write it to pass for the first.
DISGUISED_ANNS = [
    "\u0410nn",          # Cyrillic capital A
    "A\u043f\u043f",     # Cyrillic small pe, twice
    "Ann\u200d",         # zero-width joiner
    "An\u2060n",         # word joiner
    "Ann\u3164",         # Hangul filler (a letter, drawn as nothing)
    "Ann\U000e0041",     # a tag character
    "\uff21\uff4e\uff4e",  # full-width letters
    "\U0001d400\U0001d427\U0001d427",  # mathematical bold letters
    "\u0391nn",          # Greek capital alpha
    "Ann\ufe0f",         # an emoji selector after a letter
    "Ann\u034f",         # the combining grapheme joiner
    "A\u200bnn",         # zero-width space
    " ANN ",             # case and spaces
]


def test_every_disguise_of_a_name_reads_as_that_name():
    for disguised in DISGUISED_ANNS:
        cleaned = clean_name(disguised)
        assert cleaned is not None and look_alike(cleaned, "Ann"), (disguised, cleaned)
        assert cleaned.casefold() == "ann", (disguised, cleaned)  # the look-alike letters made Latin


@pytest.mark.parametrize("name", ["Анна", "Αλέξανδρος", "Ζωή", "Дмитрий Пе", "李小龍", "Zoë", "José María",
                                  "👩\u200d👩\u200d👧 Bo", "\u2764\ufe0f Ann"])
def test_real_names_in_other_scripts_and_emoji_stay_as_written(name):
    assert clean_name(name) == name


def test_a_whole_name_in_another_script_is_not_taken_for_latin_but_a_mixed_one_is():
    assert clean_name("Анна") == "Анна" and not look_alike("Анна", "Ann")
    assert clean_name("Аnnа") == "Anna"  # Cyrillic А and а around Latin nn
    assert look_alike("АВЕ", "ABE")  # wholly Cyrillic, yet drawn exactly like the Latin name: alike


def test_hidden_and_direction_marks_go_and_a_name_keeps_its_length():
    assert clean_name("\u202eevil\u202c") == "evil"
    assert clean_name("\u200b\u2060\u3164\ufeff") is None
    assert len(clean_name("B" * 100)) == NAME_LENGTH
    assert clean_name("x" * (NAME_LENGTH - 1) + "👩\u200d👩") == "x" * (NAME_LENGTH - 1) + "👩"  # no dangling joiner
