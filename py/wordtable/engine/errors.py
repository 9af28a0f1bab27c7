"""The ways a request about a game can be wrong, each with a message for the player.

A malformed move is not a move at all (bad JSON shape); an illegal move is a real move the
rules forbid now; bad options cannot start a game. The bridge turns each into a reply in one
place (a malformed move is a bad request, the others are refusals)."""


class GameError(ValueError):
    """Anything the rules refuse; the message is fit to show a player."""


class MalformedMove(GameError):
    pass


class IllegalMove(GameError):
    pass


class BadOptions(GameError):
    pass


class RecordMismatch(GameError):
    """An online record's shared randomness does not hold: a reveal that does not follow its
    commitment, or another random event than the rules drew at that point."""
