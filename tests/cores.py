"""Independent seeded work spread over the machine's cores (forked workers, at most two: the
machine CI runs on has two), so the slowest pure-Python tests take half the time."""

from __future__ import annotations

import multiprocessing
import os
import traceback
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable

WORKERS = max(1, min(2, os.cpu_count() or 1))


def shares(count: int) -> list[list[int]]:
    """Indexes 0..count-1 dealt out to the workers in turn."""
    return [list(range(worker, count, WORKERS)) for worker in range(WORKERS)]


def map_on_cores(function: Callable[..., Any], *iterables) -> list[Any]:
    """pool.map over forked workers: `function` must be a module-level function."""
    with ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("fork")) as pool:
        return list(pool.map(function, *iterables))


def failure_of(function: Callable[..., Any], *args: Any) -> str | None:
    """Runs function(*args) in a worker; its failure's traceback as text (picklable), or None."""
    try:
        function(*args)
    except BaseException:  # noqa: BLE001 (pytest.fail raises a BaseException: report it too)
        return traceback.format_exc()
    return None


def assert_all_pass(function: Callable[[list[int]], Any], count: int) -> None:
    """function(indexes) over every share of range(count) at once; the first failure fails the test."""
    failures = [failure for failure in map_on_cores(failure_of, [function] * WORKERS, shares(count)) if failure]
    assert not failures, failures[0]
