"""Colours that carry meaning stay apart for colour-blind players (issue 16): every pair of One
Letter Better's card kinds, of Wordsmith's piece colours and of Spell Write's squares
differs by a CIELAB ΔE of at least 10 (clearly seen; about 2 is the smallest difference anyone
notices) under normal vision and under simulated protanopia, deuteranopia and tritanopia, in the
light and the dark theme. The colours are read from the stylesheets, so changing one is checked.

The simulation is Machado, Oliveira and Fernandes (2009), severity 1 (a complete deficiency),
applied to linear RGB; ΔE is CIE 1976 in CIELAB (D65)."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
SHARED = WEB / "css" / "app.css"
GAMES = WEB / "js" / "games"
APART = 10.0

MACHADO_2009 = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO_2009)


def linear(hex_colour: str) -> tuple[float, ...]:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    text = hex_colour.lstrip("#")
    return tuple(channel(int(text[i:i + 2], 16)) for i in (0, 2, 4))


def seen(hex_colour: str, vision: str) -> tuple[float, ...]:
    rgb = linear(hex_colour)
    if vision == "normal":
        return rgb
    return tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in MACHADO_2009[vision])


def lab(rgb: tuple[float, ...]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116  # noqa: E731
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: str, b: str, vision: str) -> float:
    return math.dist(lab(seen(a, vision)), lab(seen(b, vision)))


def variables(css: str, theme: str) -> dict[str, str]:
    """The custom properties of the :root block (light) or of the dark media block's :root,
    the dark ones falling back to the light ones they do not change."""
    light = dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{6})", css.split("@media (prefers-color-scheme: dark)")[0]))
    if theme == "light":
        return light
    dark_block = css.split("@media (prefers-color-scheme: dark)")[1].split("\n}\n")[0]
    return {**light, **dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{6})", dark_block))}


def too_close(kinds: dict[str, tuple[str, ...]]) -> list[str]:
    """Pairs of kinds (each drawn with one or more colours: a face and a frame) that no colour of
    theirs tells apart under some vision."""
    found = []
    for vision in VISIONS:
        for (a, colours_a), (b, colours_b) in itertools.combinations(kinds.items(), 2):
            apart = max(delta_e(x, y, vision) for x, y in zip(colours_a, colours_b))
            if apart < APART:
                found.append(f"{a}/{b} under {vision}: ΔE {apart:.1f}")
    return found


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_one_letter_better_card_kinds_stay_apart(theme):
    found = variables((GAMES / "one-letter-better" / "style.css").read_text(), theme)
    kinds = {kind: (found[f"--olb-{kind}"], found[f"--olb-{kind}-edge"]) for kind in ("plain", "green", "blue", "red", "wild")}
    assert too_close(kinds) == []


def test_wordsmith_piece_colours_stay_apart():
    # The pieces keep the paper's light ground in both themes (their sheet), and have shapes too.
    found = variables((GAMES / "wordsmith" / "style.css").read_text(), "light")
    assert too_close({kind: (found[f"--ws-{kind}"],) for kind in ("red", "yellow", "blue", "green")}) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_spell_write_squares_stay_apart(theme):
    found = variables(SHARED.read_text(), theme)  # the page's colours
    sheet = (GAMES / "spell-write" / "style.css").read_text()
    bonus = re.search(r"\.play-grid \.sq\.bonus \{ background: (#[0-9a-fA-F]{6})", sheet).group(1)
    # The play grid: an empty square and a bonus one (black squares are hatched).
    assert too_close({"empty": (found["--card"],), "bonus": (bonus,)}) == []
    # The letter grid, ground and frame: a letter, one the player may take, the one chosen.
    assert too_close({"letter": (found["--card"], found["--line"]), "may take": (found["--tile"], found["--ink"]),
                      "chosen": (found["--accent"], found["--accent"])}) == []


def test_the_check_can_fail():
    # The old red and green card faces: nearly the same to a deuteranope (ΔE under 3).
    assert delta_e("#dcf1d6", "#fadcd6", "deuteranopia") < 3 < delta_e("#dcf1d6", "#fadcd6", "normal")
    assert too_close({"green": ("#dcf1d6",), "red": ("#fadcd6",)}) != []
