"""Lexicon benchmark: the same queries (bench/lexicon_queries.py) in CPython and in Pyodide
inside headless Chromium, side by side, each with a brute-force scan of the word list.

    .venv/bin/python bench/lexicon.py        (after `python3 build.py test` has made .venv)

CPython runs twice: with the native marisa_trie for lookups, and with the pure-Python reader
that the browser uses. Medians; p99 where it matters. Not a test: numbers, not verdicts.
"""

from __future__ import annotations

import functools
import json
import sys
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "bench"), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
import lexicon_queries  # noqa: E402
from harness import CHROMIUM_FLAGS  # noqa: E402
from startup import BARE_PREFIX, BenchHandler  # noqa: E402


class LexiconBenchHandler(BenchHandler):
    def translate_path(self, path: str) -> str:
        path = urllib.parse.urlsplit(path).path
        if path.startswith(BARE_PREFIX) and path.endswith(".py") and path.count("/") == 2:
            return str(ROOT / "bench" / path.rsplit("/", 1)[1])
        if path.startswith(BARE_PREFIX + "wordlists/"):
            return str(ROOT / "wordlists" / path.rsplit("/", 1)[1])
        return super().translate_path(path)


def in_browser(dist: Path, module: str = "lexicon_queries", arg: str | None = None) -> dict:
    handler = functools.partial(LexiconBenchHandler, directory=str(dist))
    server = build.QuietServer(("127.0.0.1", 0), handler)
    import threading
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=build.find_chromium(), args=CHROMIUM_FLAGS)
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"http://127.0.0.1:{server.server_address[1]}{BARE_PREFIX}lexicon.html?module={module}"
                      + ("" if arg is None else f"&arg={arg}"))
            for _ in range(600):  # up to ten minutes; an error in the page ends it at once
                if errors or page.evaluate("Boolean(window.result) || document.getElementById('status').textContent !== 'running…'"):
                    break
                page.wait_for_timeout(1000)
            if errors:
                raise RuntimeError(errors)
            result = json.loads(page.evaluate("window.result"))
            browser.close()
            return result
    finally:
        server.shutdown()


def cell(result: dict) -> str:
    if "per_second" in result:
        return f"{result['per_second']:>9,.0f}/s"
    if "megabytes" in result:
        return f"{result['megabytes']:>8.1f} MB"
    text = f"{result['median_ms']:>8.2f} ms"
    if "p99_ms" in result:
        text += f" (p99 {result['p99_ms']:.1f})"
    return text


def ratio(result: dict) -> str:
    if "baseline_ms" not in result:
        return ""
    return f"scan {result['baseline_ms']:.1f} ms, {result['baseline_ms'] / result['median_ms']:.0f}x faster"


def main() -> None:
    dist = build.build()
    columns = {
        "Pyodide (Chromium)": in_browser(dist),
        "CPython, pure reader": lexicon_queries.run(str(dist / "lexicons"), str(ROOT / "wordlists" / "standard.txt"), native=False),
        "CPython, native": lexicon_queries.run(str(dist / "lexicons"), str(ROOT / "wordlists" / "standard.txt"), native=True),
    }
    count = len((ROOT / "wordlists" / "standard.txt").read_text().split())
    print(f"Lexicon queries on the standard list ({count:,} words); median over 60 random cases each")
    for query in columns["Pyodide (Chromium)"]:
        print(f"  {query}")
        for name, results in columns.items():
            print(f"    {name:22} {cell(results[query]):28} {ratio(results[query])}")


if __name__ == "__main__":
    main()
