"""The two ways an operation says no; bridge.dispatch turns each into its error reply."""


class BadRequest(Exception):
    """The request itself is malformed: not JSON, unknown operation, wrong arguments."""


class Refused(Exception):
    """A well-formed request that cannot be done; the message is for the player."""
