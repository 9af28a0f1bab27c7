"""The page in Chromium: paints at once, boots Python in a worker, works offline, fails visibly."""

from __future__ import annotations

import contextlib
import json
import os
import re
import time

import pytest
from playwright.sync_api import Page, expect

import build
from conftest import wait_for_boot, watch_requests
from harness import TEST_CONTEXT
from tables import open_prepared_game
from wordtable.games import BUILT_IN

GAMES = ["Four Letter Words", "Wordsmith", "Shrdlu", "One Letter Better", "Spell Write"]
PYTHON_LINE = re.compile(r"^Wordtable \d+\.\d+\.\d+ · Python 3\.14\.\d+ running in your browser \(Pyodide 314\.0\.7\)$")


def collect_console_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def wait_until_offline_ready(page: Page) -> None:
    """The service worker has precached the whole deploy and controls the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


def test_boot_shows_the_python_line(page, site):
    errors = collect_console_errors(page)
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    line = page.inner_text("#python-line")
    assert PYTHON_LINE.match(line), line
    assert f"Wordtable {build.package_version()}" in line
    stages = page.evaluate("window.wordtable.stages.map(s => s.stage)")
    assert stages == ["runtime", "python", "package", "ready"]
    expect(page.locator("#boot")).to_be_hidden()
    assert errors == []


def test_a_newcomer_sees_the_games_first_and_a_player_with_games_their_games(page, site):
    """At 360 px the empty "Your games" and Import came before the games (issue 32)."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site.url)
    expect(page.locator("#games .game")).to_have_count(len(GAMES))
    top = "(selector) => document.querySelector(selector).getBoundingClientRect().top"
    assert page.evaluate(top, "#games") < page.evaluate(top, "#saves-section")
    expect(page.locator("#saves")).to_have_text("No games yet: the games you start are kept here.")
    assert wait_for_boot(page) == "ready"
    page.click("a[href='#new=shrdlu']")
    page.click("#setup-start")
    page.wait_for_url("**#game=*")
    page.goto(site.url + "#home")
    expect(page.locator("#saves li")).to_have_count(1)
    assert page.evaluate(top, "#saves-section") < page.evaluate(top, "#games")


def test_page_paints_before_python_is_up(page, site):
    gate = site.hold(f"pyodide/{build.STDLIB_SENT_NAME}")  # Python cannot finish booting yet
    page.goto(site.url)
    for name in GAMES:
        expect(page.get_by_role("heading", name=name)).to_be_visible()
    expect(page.locator("#boot")).to_be_visible()
    expect(page.locator("#boot-label")).to_have_text("Starting the rules checker…")  # a player's words, not "Python"
    assert page.evaluate("document.body.dataset.boot") == "loading"
    # The main thread is free while the worker boots: the page still answers at once.
    assert page.evaluate("new Promise(r => setTimeout(() => r(1), 0))") == 1
    gate.set()
    assert wait_for_boot(page) == "ready"


def test_the_page_loads_one_script_and_carries_its_styles(page, site):
    """Issue 17: build.py joins the page's modules into one script (js/app.js), preloaded with
    the files the home screen reads, and puts the stylesheets inline."""
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url.removeprefix(site.url)))
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    preloaded = set(page.eval_on_selector_all("link[rel=modulepreload]", "links => links.map(l => l.getAttribute('href'))"))
    modules = {url for url in requested if url.startswith("js/") and url != "js/py-worker.js"}
    assert modules == preloaded == {"js/app.js"}
    assert page.locator("#games a.new-game").count() == len(BUILT_IN)  # the bundle drew the home
    assert not [url for url in requested if url.endswith(".css")]
    inline = page.eval_on_selector_all("style[data-from]", "styles => styles.map(s => s.dataset.from)")
    assert inline[0] == "css/app.css" and len(inline) == 1 + len(list((site.directory / "js" / "games").glob("*/style.css")))
    # Styled: the wordmark's tiles are drawn as tiles, not as plain inline text.
    assert page.eval_on_selector(".wordmark .tile", "t => getComputedStyle(t).display") != "inline"


def test_the_dictionaries_and_a_new_game_form_work_before_python_is_up(page, site):
    """Issue 17: they need no rules. The dictionaries are listed from the build's manifest; the
    form opens with its choices, and its Start waits for Python, then begins the game."""
    gate = site.hold(f"pyodide/{build.STDLIB_SENT_NAME}")
    page.goto(site.url)
    shipped = json.loads((site.directory / "lexicons" / "manifest.json").read_text())["lexicons"]
    expect(page.locator("#dictionary-list .dictionary")).to_have_count(len(shipped))
    game_id = next(iter(BUILT_IN))
    page.click(f"a[href='#new={game_id}']")
    expect(page.locator("#setup-lexicon option")).to_have_count(len(shipped))
    expect(page.locator("#setup-start")).to_be_enabled()
    page.click("[data-preset=one-bot]")
    page.click("#setup-start")
    expect(page.locator("#setup-message")).to_have_text("Python is still starting: the game begins as soon as it is ready.")
    assert page.evaluate("document.body.dataset.boot") == "loading"
    gate.set()
    page.wait_for_url(re.compile("#game="))
    assert wait_for_boot(page) == "ready"


PLAYERS = [{"name": "Ada", "bot": None}, {"name": "Basil", "bot": "medium"}]


def saved_game(page, site, game: str, seed: int) -> tuple[str, str]:
    """A game with one person and a bot that waits (the screen holds still), once its last
    screen is kept: its id and its save's text."""
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    save_id = open_prepared_game(page, site.url, game, PLAYERS, {"players": 2}, seed=seed, bot_delay=60_000)
    page.wait_for_function(f"JSON.parse(localStorage.getItem('wordtable.seen.{save_id}'))?.own")
    return save_id, page.evaluate(f"localStorage.getItem('wordtable.save.{save_id}')")


@contextlib.contextmanager
def opened_while_python_starts(browser, site, save_id: str, stored: dict[str, str]):
    """The saved game opened in another browser profile holding only these storage items, with
    Python held at its standard library (no service worker, so the held file holds); yields the
    page and the gate that lets Python go on."""
    later = browser.new_context(service_workers="block", **TEST_CONTEXT)
    try:
        later.add_init_script("".join(f"localStorage.setItem({json.dumps(key)}, {json.dumps(text)});"
                                      for key, text in stored.items()))
        fresh = later.new_page()
        gate = site.hold(f"pyodide/{build.STDLIB_SENT_NAME}")
        fresh.goto(f"{site.url}#game={save_id}")
        expect(fresh.locator("#table-preview")).to_have_text("Waiting for Python to start…")
        yield fresh, gate
    finally:
        later.close()


@pytest.mark.parametrize("game", list(BUILT_IN))
def test_a_resumed_game_is_drawn_from_its_save_before_python_is_up(browser, page, site, game):
    """Issue 17: a reload shows the game's last screen at once (players, history and, with one
    person at the device, their own board); it becomes playable when Python is up."""
    save_id, stored = saved_game(page, site, game, seed=11)
    seats = page.locator("#seats").inner_text()
    history = page.locator("#history").inner_text()
    seen = page.evaluate(f"localStorage.getItem('wordtable.seen.{save_id}')")
    assert "lastSeen" not in stored and '"own"' not in stored  # the picture is not part of the save
    items = {f"wordtable.save.{save_id}": stored, f"wordtable.seen.{save_id}": seen}
    with opened_while_python_starts(browser, site, save_id, items) as (fresh, gate):
        assert fresh.locator("#seats").inner_text() == seats
        assert fresh.locator("#history").inner_text() == history
        picture = fresh.locator("#table-main > :not(#table-preview)")
        renderer_keys = "import('./js/games/index.js').then(m => Object.keys(m.RENDERERS.find(r => r.id === %r)))" % game
        if "waitingPicture" in fresh.evaluate(renderer_keys):
            expect(picture).to_have_count(1)
        assert fresh.evaluate("document.body.dataset.boot") == "loading"
        gate.set()
        assert wait_for_boot(fresh) == "ready"
        expect(fresh.locator("#table-preview")).to_have_count(0)
        expect(fresh.locator("#seats li")).to_have_count(2)


def test_a_damaged_last_screen_is_skipped_and_the_game_still_opens(browser, page, site):
    save_id, stored = saved_game(page, site, "four-letter-words", seed=5)
    damaged = {"view": {"phase": 7, "grids": "no"}, "own": {"seat": 0, "view": {"grid": None}}}
    items = {f"wordtable.save.{save_id}": stored, f"wordtable.seen.{save_id}": json.dumps(damaged)}
    with opened_while_python_starts(browser, site, save_id, items) as (fresh, gate):
        expect(fresh.locator("#seats li")).to_have_count(0)  # the damaged picture was not drawn
        gate.set()
        assert wait_for_boot(fresh) == "ready"
        expect(fresh.locator("#table-headline")).to_contain_text("chooses the next word")
        expect(fresh.locator("#table-preview")).to_have_count(0)
        fresh.wait_for_function(f"JSON.parse(localStorage.getItem('wordtable.seen.{save_id}'))?.own")
        redrawn = json.loads(fresh.evaluate(f"localStorage.getItem('wordtable.seen.{save_id}')"))
        assert redrawn["view"]["phase"] != 7 and redrawn["own"]["view"]["grid"]  # Python's views replaced it


@pytest.mark.parametrize("size", [(390, 844), (1366, 900)])
def test_the_home_screen_does_not_jump_when_the_boot_panel_goes(page, site, size):
    """The boot panel floats over the page's foot: when Python is up and it goes away, the game
    list stays where the player was about to tap it."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    gate = site.hold(f"pyodide/{build.STDLIB_SENT_NAME}")
    page.goto(site.url)
    expect(page.locator("#games .game")).to_have_count(len(GAMES))
    expect(page.locator("#boot")).to_be_visible()
    where = "() => [...document.querySelectorAll('#games .game')].map(g => Math.round(g.getBoundingClientRect().top))"
    before = page.evaluate(where)
    gate.set()
    assert wait_for_boot(page) == "ready"
    expect(page.locator("#boot")).to_be_hidden()
    assert page.evaluate(where) == before


def test_offline_reload_and_later_visit(page, context, site):
    check = ("(name, word) => wordtable.python.call('lexicon.check', {lexicon: name, words: [word]})"
             ".then((r) => r.results[0].valid, (e) => e.message)")
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    # Dictionaries a first visit did not need at first are fetched when first used and kept:
    # one used before the service worker installed (it takes it from the HTTP cache), one after.
    assert page.evaluate("navigator.serviceWorker.controller") is None
    assert page.evaluate(f"({check})('large', 'qi')") is True
    wait_until_offline_ready(page)
    assert page.evaluate(f"({check})('british', 'colour')") is True
    page.wait_for_function("caches.match('lexicons/british.marisa.packed').then(Boolean)")
    site.stop()  # the network is gone
    page.reload()
    assert wait_for_boot(page) == "ready"
    assert PYTHON_LINE.match(page.inner_text("#python-line"))
    # Offline, the dictionaries used once still work (one never used says which it is and what
    # the device has: test_offline_games.py).
    assert page.evaluate(f"({check})('large', 'qi')") is True
    assert page.evaluate(f"({check})('british', 'colour')") is True
    later = context.new_page()
    later.goto(site.url + "?from=a-link")  # a query string still finds the cached page and files
    assert wait_for_boot(later) == "ready"
    assert later.evaluate(f"({check})('british', 'colour')") is True


def test_a_first_visit_boots_without_the_snapshot_and_later_visits_with_it(page, site):
    """Issue 17: the memory snapshot (4.8 MB) is not on a first visit's way to a game: the
    service worker fetches it once a game is playable, and the next visit starts from it."""
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    assert page.evaluate("wordtable.info.snapshot") is False
    assert build.SNAPSHOT_NAME not in fetched
    page.evaluate("dispatchEvent(new Event('wordtable:playable'))")  # as the first game's table does
    wait_until_offline_ready(page)
    assert build.STDLIB_SENT_NAME in fetched and build.STDLIB_PYC_NAME not in fetched
    fetched.clear()
    page.reload()
    assert wait_for_boot(page) == "ready"
    assert page.evaluate("wordtable.info.snapshot") is True
    # Issue 44: our package comes imported, the first game set up, from the snapshot.
    assert page.evaluate("wordtable.info.packageInSnapshot") is True
    # Issue 44: the standard library, sent gzipped, is read inflated from the worker's cache.
    assert build.STDLIB_PYC_NAME in fetched and build.STDLIB_SENT_NAME not in fetched, fetched
    reply = page.evaluate("wordtable.python.call('lexicon.check', {lexicon: 'standard', words: ['cat']})")
    assert reply["results"][0]["valid"] is True


def test_offline_after_restarting_the_browser(persistent_profile, site):
    first = persistent_profile()
    page = first.new_page()
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    wait_until_offline_ready(page)
    first.close()
    site.stop()
    again = persistent_profile().new_page()
    again.goto(site.url)
    assert wait_for_boot(again) == "ready"
    assert PYTHON_LINE.match(again.inner_text("#python-line"))


def test_outside_requests_are_blocked_and_caught(page, site, outside_requests, no_outside_requests):
    """The guard that every browser test relies on really sees a request for another host."""
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    before = len(outside_requests.requests)
    # From Python's worker: the page itself cannot even ask (its Content-Security-Policy, below).
    worker = next(w for w in page.workers if "py-worker" in w.url)
    outcome = worker.evaluate("""fetch('http://wordtable-guard.example/ping', {mode: 'no-cors'})
                                 .then(() => 'answered', () => 'failed')""")
    assert outcome == "failed"
    assert any("wordtable-guard.example" in r for r in outside_requests.app_requests(before))
    assert any("wordtable-guard.example" in r for r in no_outside_requests)
    # Seen and accounted for: clear them so the autouse check passes.
    del outside_requests.requests[before:]
    no_outside_requests.clear()


def test_the_pages_policy_lets_the_browser_refuse_any_other_host(browser, site, no_outside_requests):
    """The site's Content-Security-Policy: the page boots, plays and invites a friend with no
    violation, and a request for another host (a script, an image, a fetch) is refused by the
    browser itself. (The other tests' contexts bypass the policy: see harness.TEST_CONTEXT.)"""
    context = browser.new_context()
    watch_requests(context, no_outside_requests)
    page = context.new_page()
    page.add_init_script("""window.violations = [];
        document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + e.blockedURI));""")
    page.goto(site.url)
    page.wait_for_selector("body[data-boot=ready]", timeout=60_000)
    page.click("a[href='#new=shrdlu']")
    page.click("#setup-start")
    page.wait_for_selector("#spread")
    page.goto(site.url + "#new=four-letter-words")
    page.click("[data-preset=online]")
    page.click("#setup-start")
    page.click("[data-invite='1']")
    page.check("#reach-here")
    page.wait_for_selector("#invite-dialog .qr svg")
    assert page.evaluate("violations") == []
    outcome = page.evaluate("""async () => {
        const fetched = await fetch('http://wordtable-guard.example/ping', {mode: 'no-cors'}).then(() => 'answered', () => 'refused');
        const script = document.createElement('script');
        script.src = 'http://wordtable-guard.example/x.js';
        document.head.append(script);
        const image = new Image();
        image.src = 'http://wordtable-guard.example/x.png';
        await new Promise((resolve) => setTimeout(resolve, 300));
        return [fetched, violations.map((v) => v.split(' ')[0]).sort()]; }""")
    assert outcome == ["refused", ["connect-src", "img-src", "script-src-elem"]]
    context.close()
    # Playwright reports the refused script and image as requests begun: the test's own, cleared.
    assert sorted(no_outside_requests) == ["GET http://wordtable-guard.example/x.js", "GET http://wordtable-guard.example/x.png"]
    no_outside_requests.clear()


def damage(path):
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 4096] = bytes(4096)
    path.write_bytes(bytes(data))


CORRUPTIONS = {
    # file (relative to the site), what is done to it, the stage the player is told about
    "wasm damaged": ("pyodide/pyodide.asm.wasm", damage, "step 2 of 4: starting the rules checker"),
    "stdlib missing": (f"pyodide/{build.STDLIB_SENT_NAME}", lambda p: p.unlink(), "step 2 of 4: starting the rules checker"),
    "our wheel damaged": (None, damage, "step 3 of 4: reading the five games' rules"),
    "lock file missing": (f"pyodide/{build.LOCK_NAME}", lambda p: p.unlink(), "step 2 of 4: starting the rules checker"),
    "runtime missing": ("pyodide/pyodide.mjs", lambda p: p.unlink(), "step 1 of 4: fetching what checks the rules"),
    "worker missing": ("js/py-worker.js", lambda p: p.unlink(), "starting the python worker"),
}


@pytest.mark.parametrize("case", list(CORRUPTIONS))
def test_a_damaged_site_shows_what_failed_and_retry_recovers(page, site_copy, case):
    name, harm, stage_words = CORRUPTIONS[case]
    name = name or f"pyodide/{build.own_wheel().name}{build.PACKED_SUFFIX}"
    target = site_copy.directory / name
    original = target.read_bytes()
    harm(target)
    page.goto(site_copy.url)
    assert wait_for_boot(page) == "failed"
    expect(page.get_by_role("heading", name="Wordtable could not start")).to_be_visible()
    assert stage_words in page.inner_text("#boot-error-what").lower()
    assert page.inner_text("#boot-error-detail").strip()
    expect(page.locator("#boot-retry")).to_be_visible()
    # The host fixes the file; the player presses "Try again" and plays. The fix is dated
    # later than the damage, as a real deploy's is: the server's Last-Modified counts whole
    # seconds, and a fix in the same second was answered 304, the damaged copy kept (1 run in 8).
    damaged_ns = target.stat().st_mtime_ns if target.exists() else time.time_ns()
    target.write_bytes(original)
    os.utime(target, ns=(damaged_ns + 2_000_000_000, damaged_ns + 2_000_000_000))
    page.click("#boot-retry")
    assert wait_for_boot(page) == "ready"
    assert PYTHON_LINE.match(page.inner_text("#python-line"))


def test_python_starts_the_long_way_without_the_snapshot(page, site_copy):
    """The memory snapshot is only a shortcut: a site without it still boots, on later visits too."""
    (site_copy.directory / "pyodide" / build.SNAPSHOT_NAME).unlink()
    build.write_service_worker(site_copy.directory)
    page.goto(site_copy.url)
    assert wait_for_boot(page) == "ready"
    wait_until_offline_ready(page)
    page.reload()
    assert wait_for_boot(page) == "ready"
    assert PYTHON_LINE.match(page.inner_text("#python-line"))
    assert page.evaluate("wordtable.info.snapshot") is False


def test_a_snapshot_of_another_deploy_keeps_python_but_not_our_package(page, site_copy):
    """Issue 44: the snapshot holds our package imported and the first game's dictionaries
    loaded. A snapshot whose key is not the one our lock names (another deploy's, say) still
    saves Python's start-up, but its modules and what they hold are dropped and our package is
    imported again from this deploy's wheel, which then plays."""
    lock_path = site_copy.directory / "pyodide" / build.LOCK_NAME
    lock = json.loads(lock_path.read_text())
    lock["wordtable"]["snapshot_key"] = "0" * 64
    lock_path.write_text(json.dumps(lock))
    build.write_service_worker(site_copy.directory)
    page.goto(site_copy.url)
    assert wait_for_boot(page) == "ready"
    assert page.evaluate("wordtable.info.packageInSnapshot") is False
    wait_until_offline_ready(page)
    page.reload()
    assert wait_for_boot(page) == "ready"
    assert page.evaluate("[wordtable.info.snapshot, wordtable.info.packageInSnapshot]") == [True, False]
    reply = page.evaluate("wordtable.python.call('lexicon.check', {lexicon: 'standard', words: ['cat', 'xqzt']})")
    assert [result["valid"] for result in reply["results"]] == [True, False]
    record = page.evaluate("wordtable.python.call('game.new', {game: 'four-letter-words', options: {}, seed: 7})")["record"]
    assert record["game"] == "four-letter-words"


def test_a_browser_without_webassembly_is_told_so(page, site):
    page.add_init_script("delete globalThis.WebAssembly")
    page.goto(site.url)
    assert wait_for_boot(page) == "failed"
    assert "does not support WebAssembly" in page.inner_text("#boot-error-detail")


def deploy_twice(page, site_copy):
    """Visit until the first deploy is cached, then put a second deploy on the server (one
    stylesheet changed, and the precache list with it). Returns the first deploy's caches and
    the changed stylesheet."""
    page.goto(site_copy.url)
    assert wait_for_boot(page) == "ready"
    wait_until_offline_ready(page)
    old_caches = page.evaluate("caches.keys()")
    assert len(old_caches) == 1
    css = site_copy.directory / "css" / "app.css"
    css.write_text(css.read_text() + "\n/* deploy 2 */\n")
    build.write_service_worker(site_copy.directory)
    return old_caches, css


def test_a_new_deploy_replaces_the_old_cache_as_a_whole(page, site_copy):
    old_caches, _css = deploy_twice(page, site_copy)
    page.reload()
    assert wait_for_boot(page) == "ready"
    # Until the player accepts, the page keeps running on the old deploy's files only.
    expect(page.locator("#update-banner")).to_be_visible(timeout=30_000)
    assert "deploy 2" not in page.evaluate("fetch('css/app.css').then(r => r.text())")
    with page.expect_navigation(timeout=30_000):  # the page reloads onto the new deploy
        page.click("#update-apply")
    assert wait_for_boot(page) == "ready"
    page.wait_for_function(f"caches.keys().then(k => k.length === 1 && k[0] !== {old_caches[0]!r})",
                           timeout=30_000)
    assert "deploy 2" in page.evaluate("fetch('css/app.css').then(r => r.text())")


def test_a_damaged_deploy_never_replaces_a_working_one(page, site_copy):
    old_caches, css = deploy_twice(page, site_copy)
    # The new deploy's upload was cut short: its stylesheet arrived truncated, so the server
    # does not match the list. (Unchanged files are reused from the old cache.)
    css.write_bytes(css.read_bytes()[:-100])
    outcome = page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration.update().catch(() => null);
        const worker = registration.installing;
        if (!worker) return "no update started";
        return new Promise(resolve => {
            const settle = () => { if (worker.state !== "installing") resolve(worker.state); };
            worker.addEventListener("statechange", settle);
            settle();
        });
    }""")
    assert outcome == "redundant"  # the install failed as a whole
    assert page.evaluate("caches.keys()") == old_caches
    page.reload()
    assert wait_for_boot(page) == "ready"  # still the old, whole deploy from the cache
    expect(page.locator("#update-banner")).to_be_hidden()


def test_micropip_installs_from_our_lock_with_integrity(page, site):
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    assert build.STDLIB_ON_DEMAND_NAME not in fetched  # a visit that installs nothing never fetches it
    result = page.evaluate("window.wordtable.python.loadPackages(['micropip'])")
    assert result == {"loaded": ["micropip"], "errors": []}
    assert build.STDLIB_ON_DEMAND_NAME in fetched  # what installing imports came with it


def test_a_tampered_on_demand_standard_library_is_refused(page, site_copy):
    damage(site_copy.directory / "pyodide" / build.STDLIB_ON_DEMAND_NAME)
    page.goto(site_copy.url)
    assert wait_for_boot(page) == "ready"
    result = page.evaluate("window.wordtable.python.loadPackages(['micropip'])")
    assert result["loaded"] == [] and "python_stdlib-on-demand.zip" in " ".join(result["errors"])
    # Python itself goes on: the games never need that part.
    reply = page.evaluate("wordtable.python.call('lexicon.check', {lexicon: 'standard', words: ['cat']})")
    assert reply["results"][0]["valid"] is True


def test_a_tampered_wheel_is_refused_on_demand(page, site_copy):
    damage(site_copy.directory / "pyodide" / "micropip-0.11.1-py3-none-any.whl")
    page.goto(site_copy.url)
    assert wait_for_boot(page) == "ready"
    result = page.evaluate("window.wordtable.python.loadPackages(['micropip'])")
    assert result["loaded"] == []
    assert result["errors"], "the failed integrity check must be reported"
