"""Decks for the rules, the same calls with either kind of seed (engine.rng).

With a numbered seed (a game on one device) a shuffle orders the cards at once, as a real
shuffle does. With shared randomness (online) a shuffle orders nothing: the cards wait in a
group whose order is not yet drawn, and each draw picks at random among that group's cards,
as one random event when the rules draw. Every card is equally likely either way, but online
nobody, the host's device included, knows a card before it is drawn.

A deck is (cards, unordered): the cards from the top, and the sizes of the not-yet-ordered
groups they start with (cards of a group are kept sorted, so their order says nothing); with
a numbered seed `unordered` is always empty.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from wordtable.engine.rng import Seed, SharedSeed, rng_for

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

Card = TypeVar("Card", bound="SupportsRichComparison")  # online, a deck is sorted (see shuffled)
# The cards in order, and the sizes of the groups at the top whose order is not drawn yet.
Deck = tuple[tuple[Card, ...], tuple[int, ...]]


def shuffled(seed: Seed, cards: Sequence[Card], *purpose: object) -> Deck[Card]:
    """A shuffled deck of these cards."""
    if isinstance(seed, SharedSeed):
        return tuple(sorted(cards)), (len(cards),) if cards else ()
    order = list(cards)
    rng_for(seed, *purpose).shuffle(order)
    return tuple(order), ()


def put_under(seed: Seed, deck: Deck[Card], cards: Sequence[Card], *purpose: object) -> Deck[Card]:
    """The deck with these cards shuffled and put under it."""
    top, unordered = deck
    under, under_unordered = shuffled(seed, cards, *purpose)
    if under_unordered:
        # The groups above must all be unordered too: an ordered top stays on top.
        if sum(unordered) != len(top):
            raise ValueError("an ordered deck cannot take unordered cards")
        return top + under, unordered + under_unordered
    return top + under, unordered


def draw(seed: Seed, deck: Deck[Card], count: int, *purpose: object) -> tuple[tuple[Card, ...], Deck[Card]]:
    """The first `count` cards of the deck (fewer if it runs out), and the deck left."""
    cards, unordered = list(deck[0]), list(deck[1])
    if not unordered:
        return tuple(cards[:count]), (tuple(cards[count:]), ())
    rng = rng_for(seed, *purpose)
    drawn: list[Card] = []
    while len(drawn) < count and cards:
        if not unordered:
            drawn.append(cards.pop(0))
            continue
        drawn.append(cards.pop(rng.randrange(unordered[0])))
        unordered[0] -= 1
        if unordered[0] == 0:
            unordered.pop(0)
    return tuple(drawn), (tuple(cards), tuple(unordered))
