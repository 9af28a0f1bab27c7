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
