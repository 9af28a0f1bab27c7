"""Lucky Letters, the toy seventh game, with chance and a hidden hand per seat: its rules
(rules.py) and bots (bots.py), registered by the tests only (tests/conftest.py)."""
