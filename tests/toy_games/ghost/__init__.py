"""Ghost, the toy sixth game: its rules (rules.py) and bots (bots.py), registered by the tests
only (tests/conftest.py)."""
