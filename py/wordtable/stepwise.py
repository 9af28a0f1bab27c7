"""Work done a slice at a time. The browser's Python answers one request at a time, so a long
build (Wordsmith's word groups, One Letter Better's anagrams: a few hundred ms there) would
make every request sent meanwhile wait for all of it; a game's warm-up runs such builds a
slice per request instead (bridge: game.warm_up), and whatever asks for the value before the
warm-up is over finishes the rest at once."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import Generic, TypeVar

Value = TypeVar("Value")
Build = Generator[None, None, Value]  # yields between slices, returns the value
_UNBUILT = object()

# How many items (words, groups) a build handles between two yields: a few ms in the browser.
SLICE_ITEMS = 2048


class Stepwise(Generic[Value]):
    """A value built by a generator: steps() advances the build a slice per step, value()
    finishes what is left (or does it all). A build that raises (a file the worker must fetch
    first) starts over when next asked."""

    def __init__(self, build: Callable[[], Build[Value]]):
        self._build = build
        self._running: Build[Value] | None = None
        self._value: object = _UNBUILT

    @property
    def built(self) -> bool:
        return self._value is not _UNBUILT

    def steps(self) -> Iterator[None]:
        while self._value is _UNBUILT:
            if self._running is None:
                self._running = self._build()
            try:
                next(self._running)
            except StopIteration as finished:
                self._value, self._running = finished.value, None
                return
            except BaseException:
                self._running = None
                raise
            yield

    def value(self) -> Value:
        for _ in self.steps():
            pass
        return self._value  # type: ignore[return-value]
