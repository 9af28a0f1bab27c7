"""Screen readers (issue 16): axe-core (pinned in build.py, never shipped) finds no critical or
serious problem on the home screen here, and on every game's new-game form and every position
of a game that bots played in test_layout.py (which shares its page loads with these checks).
It found a critical aria-required-children and a serious aria-prohibited-attr on Spell Write's
grids before."""

from __future__ import annotations

import functools

from playwright.sync_api import Page

import build
from conftest import wait_for_boot


@functools.lru_cache(maxsize=None)
def axe_source() -> str:
    return build.npm_files(build.TEST_NPM["axe-core"])["axe.min.js"].decode()


def problems(page: Page, where: str) -> list[str]:
    """axe-core's critical and serious findings on the page as it is now."""
    if not page.evaluate("Boolean(window.axe)"):
        page.add_script_tag(content=axe_source())
    found = page.evaluate("""async () => {
      const { violations } = await axe.run(document, { resultTypes: ['violations'] });
      return violations.filter((v) => ['critical', 'serious'].includes(v.impact))
        .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    }""")
    return [f"{where}: {line}" for line in found]


def test_the_home_screen(page: Page, site):
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    assert not problems(page, "home")
