"""Wordsmith's letters drawn from their pieces (web/js/games/wordsmith/letters.js), checked under
Node against Python's alphabet: each character is drawn with exactly the pieces Python says it
takes, every straight piece has its kind's length and every arc its radius, whatever the angle,
and every piece stays inside the letter's box. The drawing functions are run on a tiny stand-in
for the DOM, to check what a player (and a screen reader) is told."""

from __future__ import annotations

import math

import pytest

from web_js import run_script
from wordtable.games.wordsmith.alphabet import ALPHABET, KINDS

EXPECTED_CHARACTERS = set("abcdefghijklmnopqrstuvwxyz-'")
# A piece's centre line may leave the box by this much: the drawing's padding still holds the
# line's width and round caps.
MARGIN = 0.05
EXACT = 1e-6

DUMP = r"""
// A stand-in for the few DOM calls the drawing makes.
class Node {
  constructor(tag) {
    this.tag = tag; this.attributes = {}; this.children = [];
    this.style = { setProperty: (k, v) => { this.attributes[`style:${k}`] = v; } };
  }
  setAttribute(name, value) { this.attributes[name] = value; }
  append(...children) { this.children.push(...children); }
}
globalThis.document = { createElement: (tag) => new Node(tag), createElementNS: (ns, tag) => new Node(tag) };
const walk = (node, out = []) => { if (node instanceof Node) { out.push(node); node.children.forEach((c) => walk(c, out)); } return out; };
const summary = (node) => ({ tag: node.tag, attributes: node.attributes,
  shapes: walk(node).filter((n) => ["line", "path", "rect"].includes(n.tag)).map((n) => [n.tag, n.attributes.stroke]) });

const L = await import("./js/games/wordsmith/letters.js");
const letters = Object.fromEntries(L.CHARACTERS.map((c) => [c, { width: L.widthOf(c), pieces: L.piecesOf(c) }]));
const card = walk(L.alphabetCard());
console.log(JSON.stringify({
  kinds: L.KINDS, length: L.LENGTH, radius: L.RADIUS, height: L.HEIGHT, colours: L.COLOURS, letters,
  drawn: { b: summary(L.letterSvg("b", { size: 40 })), B: summary(L.letterSvg("B")), dimmed: summary(L.letterSvg("q", { dim: true })),
    word: summary(L.wordSvg("X-ray")), unknown: summary(L.wordSvg("café")), piece: summary(L.pieceSvg("green")) },
  card: { cells: card.filter((n) => n.tag === "figure").length,
          text: card.flatMap((n) => n.children.filter((c) => typeof c === "string")).join(" ") },
}));
"""


@pytest.fixture(scope="module")
def dumped(tmp_path_factory) -> dict:
    return run_script(tmp_path_factory.mktemp("wordsmith-letters"), DUMP, what="wordsmith-letters.js (import and draw)")


def is_arc(piece: dict) -> bool:
    return "r" in piece


def arc_points(piece: dict, steps: int = 180) -> list[tuple[float, float]]:
    """Points along a half circle, both ends included."""
    first = math.radians(piece["facing"] - 90)
    return [(piece["cx"] + piece["r"] * math.cos(first + math.pi * i / steps),
             piece["cy"] + piece["r"] * math.sin(first + math.pi * i / steps)) for i in range(steps + 1)]


def points_of(piece: dict) -> list[tuple[float, float]]:
    if is_arc(piece):
        return arc_points(piece)
    return [(piece["x1"], piece["y1"]), (piece["x2"], piece["y2"])]


def test_the_table_covers_exactly_pythons_characters(dumped):
    assert set(dumped["letters"]) == EXPECTED_CHARACTERS == set(ALPHABET)
    assert tuple(dumped["kinds"]) == KINDS


def test_every_character_uses_exactly_pythons_pieces(dumped):
    for char, cost in ALPHABET.items():
        pieces = dumped["letters"][char]["pieces"]
        counts = tuple(sum(piece["kind"] == kind for piece in pieces) for kind in KINDS)
        assert counts == cost, f"{char!r} is drawn with {counts}, Python says {cost}"


def test_the_pieces_keep_their_proportions(dumped):
    length, radius = dumped["length"], dumped["radius"]
    assert length["red"] == 2 * length["yellow"]  # a short stroke is half a long one
    assert 2 * radius["blue"] == length["red"] and 2 * radius["green"] == length["yellow"]  # diameters
    assert dumped["height"] == length["red"]


def test_every_piece_has_its_kinds_exact_size(dumped):
    length, radius = dumped["length"], dumped["radius"]
    for char, letter in dumped["letters"].items():
        for piece in letter["pieces"]:
            kind = piece["kind"]
            if kind in ("blue", "green"):
                assert is_arc(piece), f"{char!r}: a {kind} piece is an arc"
                assert abs(piece["r"] - radius[kind]) < EXACT, f"{char!r}: {kind} arc of radius {piece['r']}"
            else:
                assert not is_arc(piece), f"{char!r}: a {kind} piece is straight"
                drawn = math.dist((piece["x1"], piece["y1"]), (piece["x2"], piece["y2"]))
                assert abs(drawn - length[kind]) < EXACT, f"{char!r}: {kind} stroke {drawn} long, not {length[kind]}"


def test_every_piece_lies_inside_its_letters_box(dumped):
    height = dumped["height"]
    for char, letter in dumped["letters"].items():
        width = letter["width"]
        assert 0 <= width <= 1.1 * height, f"{char!r} is {width} wide"
        for piece in letter["pieces"]:
            for x, y in points_of(piece):
                assert -MARGIN <= x <= width + MARGIN and -MARGIN <= y <= height + MARGIN, \
                    f"{char!r}: its {piece['kind']} piece reaches ({x:.3f}, {y:.3f}), outside {width:.3f} × {height}"


def test_a_letter_is_drawn_from_its_pieces_and_says_what_it_takes(dumped):
    b, colours = dumped["drawn"]["b"], dumped["colours"]
    assert b["tag"] == "svg" and b["attributes"]["role"] == "img"
    assert b["attributes"]["aria-label"] == "B: 1 red, 2 green"
    assert b["attributes"]["height"] == "40" and b["attributes"]["stroke-linecap"] == "round"
    assert sorted(b["shapes"]) == sorted([["line", colours["red"]], ["path", colours["green"]], ["path", colours["green"]]])
    assert dumped["drawn"]["B"]["attributes"]["aria-label"] == "B: 1 red, 2 green"  # either case
    assert dumped["drawn"]["dimmed"]["attributes"]["opacity"] == "0.35"
    assert dumped["drawn"]["piece"]["shapes"] == [["path", colours["green"]]]


def test_a_word_is_drawn_with_placeholders_for_characters_without_pieces(dumped):
    word = dumped["drawn"]["word"]
    assert word["attributes"]["aria-label"] == "X-RAY: 6 red, 5 yellow, 1 green"
    assert len(word["shapes"]) == 2 + 1 + 3 + 3 + 3
    unknown = dumped["drawn"]["unknown"]
    assert [shape[0] for shape in unknown["shapes"]].count("rect") == 1  # é
    assert unknown["attributes"]["aria-label"].startswith("CAFÉ:")


def test_the_alphabet_card_shows_every_character_and_the_legend(dumped):
    card = dumped["card"]
    assert card["cells"] == len(EXPECTED_CHARACTERS)
    for kind, count in (("red", 40), ("yellow", 40), ("blue", 20), ("green", 20)):
        assert f"{count} in the box" in card["text"], kind


VARIANTS = r"""
globalThis.document = { createElement: () => ({}), createElementNS: () => ({}) };
const W = await import("./js/games/wordsmith/index.js");
const base = { lexicon: "wordsmith", challenges: 3, secret: false, advanced: false, required_from: "word", crossed: [] };
const keys = Object.fromEntries(["off", "plain", "dice"].map((way) => [way, W.variantOf({ ...base, word_by_word: way })]));
const texts = Object.fromEntries(["off", "plain", "dice"].map((way) => [way, W.variantText({ ...base, word_by_word: way })]));
console.log(JSON.stringify({ keys, texts }));
"""


def test_solo_best_scores_kept_before_word_by_word_had_two_readings_are_still_found(tmp_path):
    """A solo best is kept under its variant's key; Word by Word was yes/no (yes: three dice a
    word), and the keys written then must still name the same games."""
    found = run_script(tmp_path, VARIANTS, what="wordsmith.js")
    before = '{{"lexicon":"wordsmith","challenges":3,"secret":false,"word_by_word":{},"advanced":false,"required_from":null,"crossed":0}}'
    assert found["keys"]["off"] == before.format("false")
    assert found["keys"]["dice"] == before.format("true")
    assert found["keys"]["plain"] not in (before.format("false"), before.format("true"))
    assert found["texts"]["plain"] == "3 challenges, Word by Word, wordsmith dictionary"
    assert found["texts"]["dice"] == "3 challenges, Word by Word, advanced (3 dice a word), wordsmith dictionary"
