"""The two ways a move can be wrong. A malformed move is not a move at all (bad JSON shape);
an illegal move is a real move the rules forbid now. Both carry a message for the player."""


class MalformedMove(ValueError):
    pass


class IllegalMove(ValueError):
    pass
