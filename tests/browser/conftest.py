"""Fixtures for browser tests: Debian's Chromium driven by Playwright against the built site,
served on 127.0.0.1 under a sub-path, with every request for another host blocked and failed."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

import build
from harness import TEST_CHROMIUM_FLAGS, TEST_CONTEXT, LocalSite, OutsideRequestRecorder

BOOT_TIMEOUT_MS = 60_000


def chromium_path() -> str:
    path = build.find_chromium()
    if not path:
        pytest.fail("Chromium is missing: run the tests with `python3 build.py test`, which installs it")
    return path


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="session")
def outside_requests() -> Iterator[OutsideRequestRecorder]:
    recorder = OutsideRequestRecorder()
    yield recorder
    recorder.close()


@pytest.fixture(autouse=True)
def no_outside_requests(outside_requests: OutsideRequestRecorder) -> Iterator[list[str]]:
    """Every browser test fails if anything of ours asked for a host other than the local server.
    Two nets: the proxy (sees all traffic that is not loopback, from any part of the browser)
    and Playwright's request events (see every request of our pages and workers, any host)."""
    before = len(outside_requests.requests)
    seen_by_playwright: list[str] = []
    yield seen_by_playwright
    made = outside_requests.app_requests(before) + seen_by_playwright
    assert made == [], f"requests left 127.0.0.1: {made}"


def watch_requests(context: BrowserContext, seen: list[str]) -> None:
    def check(request) -> None:
        url = request.url
        if not url.startswith(("http://127.0.0.1:", "data:", "blob:", "about:")):
            seen.append(f"{request.method} {url}")
    context.on("request", check)


@pytest.fixture(scope="session")
def browser(playwright: Playwright, outside_requests: OutsideRequestRecorder) -> Iterator[Browser]:
    instance = playwright.chromium.launch(executable_path=chromium_path(),
                                          args=TEST_CHROMIUM_FLAGS + outside_requests.flags)
    yield instance
    instance.close()


@pytest.fixture
def context(browser: Browser, no_outside_requests: list[str]) -> Iterator[BrowserContext]:
    """A fresh profile: no cache, no service worker, no storage."""
    instance = browser.new_context(**TEST_CONTEXT)
    watch_requests(instance, no_outside_requests)
    yield instance
    instance.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


@pytest.fixture
def site(dist: Path) -> Iterator[LocalSite]:
    server = LocalSite(dist)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def site_copy(dist: Path, tmp_path: Path) -> Iterator[LocalSite]:
    """A private copy of dist/ that a test may damage."""
    copy = tmp_path / "site"
    shutil.copytree(dist, copy)
    server = LocalSite(copy)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def persistent_profile(playwright: Playwright, outside_requests: OutsideRequestRecorder,
                       no_outside_requests: list[str],
                       tmp_path: Path) -> Iterator[Callable[[], BrowserContext]]:
    """Opens the same on-disk profile again and again: a player closing and reopening the browser."""
    opened: list[BrowserContext] = []

    def open_profile() -> BrowserContext:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=chromium_path(), **TEST_CONTEXT,
            args=TEST_CHROMIUM_FLAGS + outside_requests.flags)
        watch_requests(context, no_outside_requests)
        opened.append(context)
        return context

    yield open_profile
    for context in opened:
        context.close()


def wait_for_boot(page: Page) -> str:
    """Waits until the boot finished either way and returns 'ready' or 'failed'."""
    page.wait_for_function("document.body.dataset.boot !== 'loading'", timeout=BOOT_TIMEOUT_MS)
    return page.evaluate("document.body.dataset.boot")
