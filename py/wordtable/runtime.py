"""Facts about the interpreter we run on, for the page's status line and bug reports."""

from __future__ import annotations

import platform
import sys
from dataclasses import asdict, dataclass
from typing import Any

from wordtable import __version__


@dataclass(frozen=True)
class RuntimeInfo:
    wordtable: str
    python: str
    implementation: str
    platform: str
    in_browser: bool

    def summary(self) -> str:
        """The one line the page shows once Python is up."""
        where = "in your browser" if self.in_browser else f"on {self.platform}"
        return f"Wordtable {self.wordtable} · Python {self.python} running {where}"

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "summary": self.summary()}


def runtime_info() -> RuntimeInfo:
    in_browser = sys.platform == "emscripten"
    return RuntimeInfo(
        wordtable=__version__,
        python=platform.python_version(),
        implementation=sys.implementation.name,
        platform=sys.platform,
        in_browser=in_browser,
    )
