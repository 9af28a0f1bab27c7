import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # for `import build`

import build  # noqa: E402


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site. `python3 build.py test` builds it first; this makes a bare pytest run work too."""
    return build.build()


# The toy sixth game: a game is one folder and one registry line (docs/adding-a-game.md). It is
# registered for the test run only, so every test over the registry covers it.
from toy_games import register_toy_games  # noqa: E402

register_toy_games()


@pytest.fixture
def bridge_session():
    """A bridge session of this test's own, reading the compiled dictionaries."""
    from bridge_client import compiled_session
    return compiled_session()


@pytest.fixture
def call(bridge_session):
    """call(op, **args): the bridge's reply, in this test's session (bridge_session)."""
    from bridge_client import BridgeClient
    return BridgeClient(bridge_session)
