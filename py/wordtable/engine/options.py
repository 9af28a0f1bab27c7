"""A game's options, declared once as dataclass fields: their defaults, allowed values and the
label a player reads. From that one declaration come validation (with messages for players),
JSON, and the description `game.info` gives the page (the new-game form, the home cards).

    @dataclass(frozen=True)
    class Options(GameOptions):
        players: int = option(2, "Players", minimum=2, maximum=8)
        rows: int = option(7, "Rows", minimum=4, maximum=12, by_players={2: 7, 5: 8})
        judge: str = option("dictionary", "Who judges the words", choices=("dictionary", "players"))
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from wordtable.engine.errors import BadOptions

KINDS = ("int", "bool", "choice", "letters", "lexicon", "per_seat")
PER_SEAT_MAX = 8  # no game seats more players
LEXICON_NAME_MAX = 100


@dataclass(frozen=True)
class OptionSpec:
    name: str
    label: str
    kind: str
    default: Any
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    by_players: tuple[tuple[int, Any], ...] = ()  # a default that depends on the number of players
    legacy: tuple[tuple[Any, Any], ...] = ()      # (an older value, what it means now): saves keep loading
    # The default before it changed, and by number of players: a saved record without this option
    # was made under it and keeps it (when_missing); a new record holds every option (complete).
    # None: the default never changed.
    earlier_default: tuple[Any, tuple[tuple[int, Any], ...]] | None = None
    each: int | None = None  # a per-seat option left empty: what every seat gets (the page says it)

    def default_for(self, players: int | None) -> Any:
        """The default a new game takes (the form's, and what complete writes); players None:
        not said (or not a number), so the default for any number."""
        for count, value in self.by_players:
            if count == players:
                return value
        return self.default

    def when_missing(self, players: int) -> Any:
        """What options without this one mean: the default they were written under. For an
        option whose default changed, the earlier one (old saves wrote only what they chose)."""
        if self.earlier_default is None:
            return self.default_for(players)
        default, by_players = self.earlier_default
        return dict(by_players).get(players, default)

    def bounds(self) -> tuple[int, int]:
        """The minimum and maximum, which an int or per_seat option always declares."""
        assert self.minimum is not None and self.maximum is not None, f"{self.name} declares no bounds"
        return self.minimum, self.maximum

    def to_json(self) -> dict[str, Any]:
        default = list(self.default) if isinstance(self.default, tuple) else self.default
        info: dict[str, Any] = {"name": self.name, "label": self.label, "kind": self.kind, "default": default}
        if self.minimum is not None:
            info["minimum"], info["maximum"] = self.minimum, self.maximum
        if self.choices:
            info["choices"] = list(self.choices)
        if self.by_players:
            info["by_players"] = {str(count): value for count, value in self.by_players}
        if self.each is not None:
            info["each"] = self.each
        return info

    def parse(self, value: Any) -> Any:
        """The value checked and normalised; BadOptions with the reason otherwise."""
        for old, now in self.legacy:
            if type(value) is type(old) and value == old:  # type too: 1 is not True
                return now
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOptions(f"{self.label} must be a whole number.")
            low, high = self.bounds()
            if not low <= value <= high:
                raise BadOptions(f"{self.label} must be from {low} to {high}.")
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise BadOptions(f"{self.label}: answer yes or no (true or false).")
            return value
        if self.kind == "per_seat":
            return self._parse_per_seat(value)
        if not isinstance(value, str):
            raise BadOptions(f"{self.label} must be text.")
        if self.kind == "choice":
            if value not in self.choices:
                raise BadOptions(f"{self.label} is one of: {', '.join(self.choices)}.")
            return value
        if self.kind == "letters":
            letters = "".join(sorted(set(value.lower())))
            if letters and not (letters.isascii() and letters.isalpha()):
                raise BadOptions(f"{self.label} must be letters A to Z.")
            return letters
        if not 0 < len(value) <= LEXICON_NAME_MAX:
            raise BadOptions(f"{self.label} must name a dictionary.")
        return value

    def _parse_per_seat(self, value: Any) -> tuple[int, ...]:
        """A whole number for each seat (the empty list: the default for everyone); the game
        checks the length against its players."""
        if not isinstance(value, (list, tuple)) or len(value) > PER_SEAT_MAX:
            raise BadOptions(f"{self.label} must be a list with a number for each player.")
        low, high = self.bounds()
        for number in value:
            if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= high:
                raise BadOptions(f"{self.label}: each player's number is from {low} to {high}.")
        return tuple(value)


def option(default: Any, label: str, *, minimum: int | None = None, maximum: int | None = None,
           choices: tuple[str, ...] = (), by_players: dict[int, Any] | None = None, kind: str | None = None,
           legacy: dict[Any, Any] | None = None, earlier_default: tuple[Any, dict[int, Any]] | None = None,
           each: int | None = None) -> Any:
    """A dataclass field that is also a declared option (see the module's docstring). legacy:
    values an older version saved, each read as the value that plays the same game now.
    earlier_default: (the default, by number of players) before the default changed. each: for
    a per-seat option, what every seat gets when it is left empty."""
    if kind is None:
        kind = "bool" if isinstance(default, bool) else "int" if isinstance(default, int) else \
            "choice" if choices else "letters"
    assert kind in KINDS, kind
    spec = {"label": label, "kind": kind, "minimum": minimum, "maximum": maximum, "choices": tuple(choices),
            "by_players": tuple(sorted((by_players or {}).items())), "legacy": tuple((legacy or {}).items()),
            "earlier_default": None if earlier_default is None else (earlier_default[0], tuple(sorted(earlier_default[1].items()))),
            "each": each}
    return dataclasses.field(default=default, metadata={"option": spec})


@dataclass(frozen=True)
class GameOptions:
    """Base of every game's options. Subclasses declare `players` (its minimum and maximum are
    the game's player range), `lexicon`, and their own options with option()."""

    title: ClassVar[str] = "This game"
    if TYPE_CHECKING:  # declared by every game's own Options, as option() fields
        players: int
        lexicon: str

    @classmethod
    def specs(cls) -> list[OptionSpec]:
        return [OptionSpec(f.name, default=f.default, **f.metadata["option"])
                for f in dataclasses.fields(cls) if "option" in f.metadata]

    @classmethod
    def player_range(cls) -> tuple[int, int]:
        players = next(spec for spec in cls.specs() if spec.name == "players")
        return players.bounds()

    @classmethod
    def parse(cls, data: Any) -> GameOptions:
        """Options from JSON: missing ones take their defaults, unknown ones are refused."""
        if not isinstance(data, dict):
            raise BadOptions("The options must be an object.")
        specs = {spec.name: spec for spec in cls.specs()}
        unknown = sorted(set(data) - set(specs))
        if unknown:
            raise BadOptions(f"{cls.title} has no option {str(unknown[0])[:40]!r}.")
        low, high = cls.player_range()
        players = data.get("players", specs["players"].default)
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise BadOptions(f"{cls.title} is for {low} to {high} players.")
        values = {name: spec.parse(data[name]) if name in data else spec.when_missing(players)
                  for name, spec in specs.items()}
        parsed = cls(**values)
        parsed.check()
        return parsed

    @classmethod
    def complete(cls, data: Any) -> dict[str, Any]:
        """A new game's options, every one written out with today's defaults (BadOptions as
        parse): the record keeps them, so a default changed later cannot change the game."""
        if not isinstance(data, dict):
            raise BadOptions("The options must be an object.")
        players = data.get("players")
        players = players if isinstance(players, int) and not isinstance(players, bool) else None
        defaults = {spec.name: spec.default_for(players) for spec in cls.specs() if spec.name not in data}
        return cls.parse({**defaults, **data}).to_json()

    def check(self) -> None:
        """Rules between options (a game overrides it); raise BadOptions."""

    def to_json(self) -> dict[str, Any]:
        return {spec.name: list(value) if isinstance(value := getattr(self, spec.name), tuple) else value
                for spec in self.specs()}
