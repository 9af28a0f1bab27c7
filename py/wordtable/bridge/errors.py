"""The two ways an operation says no; bridge.dispatch turns each into its error reply."""


class BadRequest(Exception):
    """The request itself is malformed: not JSON, unknown operation, wrong arguments."""


class Refused(Exception):
    """A well-formed request that cannot be done; the message is for the player. kind: the
    error reply's kind, "refused" unless the page has something more to offer (a game by link
    whose seat another device took: "seat-taken", and the page offers to remove it)."""

    def __init__(self, message: str, kind: str = "refused") -> None:
        super().__init__(message)
        self.kind = kind
