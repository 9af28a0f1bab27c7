"""Pictures of Wordsmith's letters drawn from their pieces, to look at them as a player does: the
alphabet card and a few words, at phone and desktop size.

    .venv/bin/python tools/wordsmith_letters_preview.py OUT_DIR     (after `python3 build.py test` set up .venv)

Writes alphabet-phone.png (390×844), alphabet-desktop.png (1280×800) and alphabet-phone-360.png
(the narrowest phone), each as the screen shows it, and a -full.png of each whole page.
Serves web/ on 127.0.0.1 (the module loads as an ES module from web/js/games/, as in the app)
plus one page of its own; any request for another host is refused.
"""

from __future__ import annotations

import functools
import json
import sys
import threading
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import Error as PlaywrightError, sync_playwright  # noqa: E402

import build  # noqa: E402
from harness import CHROMIUM_FLAGS  # noqa: E402

VIEWPORTS = {"phone-360": {"width": 360, "height": 740}, "phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
WORDS = ["BAG", "CAST", "DON'T", "X-RAY", "WORDSMITH", "QUIZ"]
PAGE_NAME = "/wordsmith-letters-preview.html"

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<link rel="stylesheet" href="css/app.css">
<link rel="stylesheet" href="js/games/wordsmith/style.css">
<style>.words { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; }</style>
</head>
<body>
<h2>Wordsmith's alphabet</h2>
<div class="words" id="words"></div>
<div id="card"></div>
<script type="module">
import { alphabetCard, wordSvg } from "./js/games/wordsmith/letters.js";
for (const word of __WORDS__) document.getElementById("words").append(wordSvg(word, { size: 44 }));
document.getElementById("card").append(alphabetCard());
document.body.dataset.ready = "yes";
</script>
</body>
</html>
"""


class PreviewHandler(build.SiteHandler):
    """web/ as it is (no build needed), and the preview page."""

    def do_GET(self) -> None:
        if urllib.parse.urlsplit(self.path).path == PAGE_NAME:
            body = PAGE.replace("__WORDS__", json.dumps(WORDS)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def local_only(route) -> None:
    """Lets requests for this machine through and fails every other one."""
    host = urllib.parse.urlsplit(route.request.url).hostname
    if host in ("127.0.0.1", "localhost"):
        route.continue_()
    else:
        print(f"blocked: {route.request.url}", file=sys.stderr)
        route.abort()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    server = build.QuietServer(("127.0.0.1", 0), functools.partial(PreviewHandler, directory=str(build.WEB_SRC)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}{PAGE_NAME}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=build.find_chromium(), args=CHROMIUM_FLAGS)
            for size, viewport in VIEWPORTS.items():
                context = browser.new_context(viewport=viewport)
                context.route("**/*", local_only)
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))  # this page's own list
                page.goto(url)
                try:
                    page.wait_for_selector("body[data-ready=yes]", timeout=10_000)
                except PlaywrightError:
                    raise SystemExit(f"the page did not draw: {errors or 'no error reported'}") from None
                page.screenshot(path=out / f"alphabet-{size}.png")  # what the screen shows first
                page.screenshot(path=out / f"alphabet-{size}-full.png", full_page=True)
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"pictures in {out}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]))
