"""The app's PNG icons, drawn from web/icon.svg by headless Chromium (installing on a phone wants
raster icons of 192 and 512 px; a maskable one keeps the tile inside the safe circle).

    .venv/bin/python tools/make_icons.py     (writes web/icon-192.png, web/icon-512.png, web/icon-maskable-512.png)
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402

SVG = (ROOT / "web" / "icon.svg").read_text()


def page_for(size: int, padding: float, background: str) -> str:
    inner = round(size * (1 - 2 * padding))
    svg = SVG.replace("<svg ", '<svg width="100%" height="100%" ', 1)
    return (f"<body style='margin:0;background:{background};width:{size}px;height:{size}px;display:grid;place-items:center'>"
            f"<div style='width:{inner}px;height:{inner}px'>{svg}</div></body>")


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=build.find_chromium())
        for name, size, padding, background in (("icon-192.png", 192, 0, "transparent"), ("icon-512.png", 512, 0, "transparent"),
                                                ("icon-maskable-512.png", 512, 0.2, "#fbf7ee")):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_for(size, padding, background))
            page.screenshot(path=ROOT / "web" / name, omit_background=background == "transparent")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
