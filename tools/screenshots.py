"""Screenshots of each screen at phone and desktop size, to look at the app as a player does.

    .venv/bin/python tools/screenshots.py [OUT_DIR]     (after `python3 build.py test` set up .venv)
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

import build  # noqa: E402
from harness import CHROMIUM_FLAGS, LocalSite  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    dist = build.build()
    broken = Path(tempfile.mkdtemp()) / "site"
    shutil.copytree(dist, broken)
    (broken / "pyodide" / build.STDLIB_PYC_NAME).unlink()
    good, bad = LocalSite(dist), LocalSite(broken)
    good.start()
    bad.start()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=build.find_chromium(), args=CHROMIUM_FLAGS)
        for size, viewport in VIEWPORTS.items():
            page = browser.new_context(viewport=viewport).new_page()
            gate = good.hold(f"pyodide/{build.STDLIB_PYC_NAME}")
            page.goto(good.url)
            page.wait_for_selector("#boot-label:has-text('Starting Python')")
            page.screenshot(path=out / f"loading-{size}.png", full_page=True)
            gate.set()
            page.wait_for_function("document.body.dataset.boot === 'ready'", timeout=60_000)
            page.screenshot(path=out / f"home-{size}.png", full_page=True)
            page.wait_for_selector("#word-check button:not([disabled])")
            page.fill("#word-check-input", "nigth")
            page.click("#word-check button")
            page.click("#own-list summary")
            page.fill("#own-list-title", "Foods")
            page.fill("#own-list-text", "kale\nleek\n42\nquinoa")
            page.click("#own-list-form button[type=submit]")
            page.wait_for_selector("#own-list-result:not(:empty)")
            page.locator("#dictionaries").screenshot(path=out / f"dictionaries-{size}.png")
            page.goto(bad.url)
            page.wait_for_function("document.body.dataset.boot === 'failed'", timeout=60_000)
            page.screenshot(path=out / f"boot-error-{size}.png", full_page=True)
            good.held.clear()
        browser.close()
    good.stop()
    bad.stop()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "screenshots")
