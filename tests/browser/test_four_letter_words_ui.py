"""Four Letter Words played through the page: setup, pass-and-play with a bot to the end,
privacy between people, the grid by mouse and keyboard, refusals, saves (resume after a
reload, export and import, damaged or foreign saves left untouched, storage blocked)."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from conftest import wait_for_boot
from four_letter_words_driver import play_to_the_end, screen, take_turn
from tables import open_prepared_game

SAVE_PREFIX = "wordtable.save."


def boot(page: Page, url: str) -> None:
    page.goto(url)
    assert wait_for_boot(page) == "ready"


def new_game(page: Page, preset: str, *, add_bot: str | None = None, speed: str = "0",
             grid: tuple[int, int] | None = None, lexicon: str | None = None, x_variant: bool = False,
             players_decide: bool = False, penalties: bool = False) -> str:
    """Sets a game up through the form and starts it; returns its save id."""
    page.click("a[href='#new=four-letter-words']")
    page.click(f"[data-preset={preset}]")
    if add_bot:
        page.click("#add-seat")
        page.locator(".seat-kind").last.select_option(add_bot)
    if grid:
        page.fill("#flw-rows", str(grid[0]))
        page.fill("#flw-cols", str(grid[1]))
    if x_variant:
        page.check("#flw-x")
    if players_decide:
        page.check("#flw-judge-players")
    if penalties:
        page.check("#flw-penalties")
    if lexicon:
        expect(page.locator(f"#setup-lexicon option[value='{lexicon}']")).to_have_count(1)
        page.select_option("#setup-lexicon", lexicon)
    if preset != "two-people" or add_bot:  # the bots' speed is asked only with a bot at the table
        page.select_option("#setup-speed", speed)
    else:
        expect(page.locator("#setup-bots")).to_be_hidden()
    page.click("#setup-start")
    page.wait_for_url(re.compile(r"#game="))
    return page.evaluate("location.hash.split('=')[1]")


def saves(page: Page) -> dict[str, str]:
    return page.evaluate(f"""Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('{SAVE_PREFIX}')).map(k => [k, localStorage.getItem(k)]))""")


def stored(page: Page, save_id: str) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_PREFIX}{save_id}')"))


def wait_for_human_turn(page: Page) -> str:
    page.wait_for_function("""() => {
        const main = document.querySelector('#table-main');
        return main && !main.inert && main.querySelector(
            '#flw-suggest, #flw-grid, #flw-accept, #flw-defend, #privacy-continue, #game-over');
    }""", timeout=30_000)
    return screen(page)


def test_a_bot_opens_a_game_at_once_and_pauses_before_its_later_moves(page, site):
    """Issue 44: the pause before a bot's move lets everyone see what the last move did. Before
    a game's first move there is none, so a bot that opens the game moves at once (a daily game
    against a bot was 0.7 s later to play); before each later move it waits as set."""
    boot(page, site.url)
    ten_minutes = 600_000
    players = [{"name": "Ann", "bot": None}, {"name": "Ada", "bot": "easy"}]
    save_id = open_prepared_game(page, site.url, "four-letter-words", players, {"players": 2}, seed=1,
                                 bot_delay=ten_minutes)  # seed 1: Ada chooses the first word
    assert wait_for_human_turn(page) == "write"
    assert [seat for seat, _move in stored(page, save_id)["record"]["moves"]] == [1]
    take_turn(page, "write")  # Ann writes; Ada writes next, after her pause
    expect(page.locator(".bot-thinking")).to_contain_text("Ada")
    page.wait_for_timeout(1_000)  # a bot that did not pause would have written by now
    assert [seat for seat, _move in stored(page, save_id)["record"]["moves"]] == [1, 0]
    expect(page.locator(".bot-thinking")).to_contain_text("Ada")


def test_the_home_screen_offers_every_game_and_none_is_coming_soon(page, site):
    boot(page, site.url)
    card = page.locator(".game[data-game=four-letter-words]")
    expect(card.locator("a.new-game")).to_have_text("New game")
    expect(page.locator("#saves")).to_contain_text("No games yet")
    # The cards of the games come from Python's game.info (games.json): player ranges and all.
    # All five games are built: every card offers a new game, none is "coming soon".
    info = {game["id"]: game for game in json.loads((site.directory / "games.json").read_text())["games"]}
    assert len(info) == 5
    expect(page.locator(".game")).to_have_count(5)
    expect(page.locator(".game .badge", has_text="Coming soon")).to_have_count(0)
    for game_id, game in info.items():
        card = page.locator(f".game[data-game={game_id}]")
        expect(card.locator("a.new-game")).to_have_text("New game")
        # Five "New game" links, each named for its game (a screen reader's list of links).
        expect(card.locator("a.new-game")).to_have_accessible_name(f"New game of {game['title']}")
        expect(card.locator("h3")).to_have_text(game["title"])
        expect(card.locator(".meta")).to_contain_text(f"{game['players']['min']}–{game['players']['max']} players · {game['minutes']} min")
        expect(card.locator(f"a[href='how-to-play/{game_id}.html']")).to_have_text("How to play")
    expect(page.locator("#games-problems")).to_be_empty()


def test_the_recommended_grid_follows_the_number_of_players(page, site):
    boot(page, site.url)
    page.click("a[href='#new=four-letter-words']")
    expect(page.locator("label:has(#flw-recommended)")).to_contain_text("(7×7 up to 4, 8×8 for 5–6, 9×9 for 7, 10×10 for 8)")
    page.click("[data-preset=two-people]")
    expect(page.locator("#flw-rows")).to_have_value("7")
    for _ in range(6):
        page.click("#add-seat")
    expect(page.locator("#flw-rows")).to_have_value("10")
    expect(page.locator("#flw-cols")).to_have_value("10")
    expect(page.locator("#add-seat")).to_be_disabled()  # eight players at most
    page.locator(".seat-row button").last.click()
    expect(page.locator("#flw-rows")).to_have_value("9")


def test_two_people_and_a_bot_play_to_the_end_and_review_it(page, site):
    boot(page, site.url)
    save_id = new_game(page, "two-people", add_bot="hard")
    expect(page.locator("#seats .seat")).to_have_count(3)
    privacy_screens = []

    def look(current: str, _actions: int) -> None:
        if current == "privacy":
            # Between two people's turns nothing of either grid is on screen.
            privacy_screens.append(page.locator("#table-main .letter-grid").count())

    actions = play_to_the_end(page, on_screen=look)
    assert actions > 4 and privacy_screens and set(privacy_screens) == {0}
    verdict = page.locator("#verdict").inner_text()
    assert re.match(r"(Player 1|Player 2|Ada|Clover).* (wins|share the win)", verdict), verdict
    expect(page.locator("#game-over .grid-figure")).to_have_count(3)  # every grid revealed

    save = stored(page, save_id)
    assert save["over"] is True and save["summary"].startswith("Finished")
    moves = len(save["record"]["moves"])
    page.click("#replay-open")
    expect(page.locator("#replay-caption")).to_contain_text(f"Step {moves} of {moves}")
    page.click("#replay-prev")
    expect(page.locator("#replay-caption")).to_contain_text(f"Step {moves - 1} of {moves}")
    page.fill("#replay-step", "1")
    first_seat, first_move = save["record"]["moves"][0]
    chooser = save["players"][first_seat]["name"]
    expect(page.locator("#replay-caption")).to_have_text(f"Step 1 of {moves}: {chooser} chose {first_move['word'].upper()}")
    # Before the first word is written every grid is empty.
    page.fill("#replay-step", "0")
    assert set(page.locator("#replay-board .cell").all_inner_texts()) == {""}

    page.click("a:has-text('Home')")
    item = page.locator(f".save[data-save='{save_id}']")
    expect(item).to_contain_text("Finished")
    expect(item.locator("a").first).to_have_text("Result")
    expect(item.locator("a:has-text('Review this game')")).to_have_attribute("href", f"#review={save_id}")
    # The review (this game's first visit fetches it with the link part, wanted only now).
    item.locator("a:has-text('Review this game')").click()
    lines = page.locator("#review-summary li")
    expect(lines).to_have_count(3)
    expect(lines.first).to_contain_text(re.compile(r"kept room for [\d,]+ of the [\d,]+ words their best places would have kept: \d+%\."))
    rows = page.locator("#review-turns .review-turn")
    assert rows.count() >= 2
    rows.first.click()
    expect(rows.first).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#review-turns .review-board .letter-grid").first).to_be_visible()


def test_a_game_resumes_after_a_reload_and_from_the_home_screen(page, site):
    boot(page, site.url)
    save_id = new_game(page, "one-bot")
    for _ in range(3):  # a few moves of the person
        current = wait_for_human_turn(page)
        if current == "choose":
            page.click("#flw-suggest")
            page.wait_for_function("document.querySelector('#flw-word').value.length === 4")
            page.click("#flw-choose")
        elif current == "write":
            page.locator("#flw-grid .cell.start").first.click()
            page.click("#flw-write")
    wait_for_human_turn(page)
    before = stored(page, save_id)["record"]
    assert len(before["moves"]) >= 3
    words = page.locator("#history li").all_inner_texts()

    page.reload()
    assert wait_for_boot(page) == "ready"
    wait_for_human_turn(page)
    assert stored(page, save_id)["record"] == before
    expect(page.locator("#history li")).to_have_text(words)

    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    item = page.locator(f".save[data-save='{save_id}']")
    expect(item).to_contain_text("Player 1, Basil (bot)")
    item.locator("a", has_text="Resume").click()
    wait_for_human_turn(page)
    expect(page.locator("#history li")).to_have_text(words)


def test_placing_a_word_by_keyboard_with_a_preview_and_clear_refusals(page, site):
    boot(page, site.url)
    save_id = new_game(page, "two-people", grid=(5, 6))
    page.click("#privacy-continue")
    page.fill("#flw-word", "zzzz")
    page.click("#flw-choose")
    expect(page.locator("#flw-message")).to_have_text("ZZZZ is not in the Standard dictionary.")
    page.locator("#flw-word").press("Backspace")  # typing again: the old refusal goes
    expect(page.locator("#flw-message")).to_have_text("")
    page.fill("#flw-word", "salt")
    page.click("#flw-choose")
    expect(page.locator("#flw-grid")).to_be_visible()
    # The arrows' names, one space between words ("Write  down" had two).
    assert [page.locator(f"button[data-dir={way}]").get_attribute("aria-label") for way in ("right", "down", "left", "up")] == \
        ["Write to the right", "Write down", "Write to the left", "Write up"]
    expect(page.locator("#flw-strike")).to_have_count(0)  # the chooser writes their own word
    expect(page.locator("#flw-write")).to_be_disabled()
    # Keyboard: focus A1, arrows move to B2, Enter chooses the start; from there an arrow aims
    # (focus stays on the start), and Escape starts again.
    page.locator("[data-cell=A1]").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page.locator("[data-cell=B2]")).to_have_class(re.compile("selected"))
    page.keyboard.press("ArrowDown")
    expect(page.locator("[data-cell=B2]")).to_be_focused()
    preview = [page.locator(f"[data-cell={name}]").inner_text() for name in ("B2", "B3", "B4", "B5")]
    assert preview == list("SALT")
    expect(page.locator("#flw-write")).to_have_text("Write SALT from B2 going down")
    page.keyboard.press("ArrowUp")  # SALT has no room to go up from B2: said, and the aim stays
    expect(page.locator("#flw-message")).to_have_text("From B2, SALT cannot go up.")
    expect(page.locator("#flw-write")).to_have_text("Write SALT from B2 going down")
    page.keyboard.press("Escape")
    expect(page.locator("#flw-write")).to_be_disabled()
    page.keyboard.press("ArrowRight")  # after Escape, arrows move between cells again
    expect(page.locator("[data-cell=C2]")).to_be_focused()
    # Mouse: start at A1, then a cell along the row aims right.
    page.click("[data-cell=A1]")
    page.click("[data-cell=C1]")
    expect(page.locator("#flw-write")).to_have_text("Write SALT from A1 going right")
    page.click("#flw-write")

    # The other player writes SALT too, then chooses the next word (no privacy screen between:
    # it is the same person), which the first chooser may skip with a strike.
    chooser = stored(page, save_id)["record"]["moves"][0][0]
    page.click("#privacy-continue")
    page.click("[data-cell=A1]")
    page.click("[data-cell=A2]")
    page.click("#flw-write")
    expect(page.locator("#flw-word")).to_be_visible()
    # A word crossing nothing written: refused with the reuse rule, though the grid has room…
    page.fill("#flw-word", "quiz")
    page.click("#flw-choose")
    expect(page.locator("#flw-message")).to_have_text(
        "QUIZ cannot go in your grid: every word after your first must reuse 1 to 3 letters already written, "
        "and your grid has no Q, U, I or Z.")
    page.click("#flw-suggest")  # …and a suggestion, a new word, takes the refusal away
    expect(page.locator("#flw-word")).not_to_have_value("quiz")
    expect(page.locator("#flw-message")).to_have_text("")
    page.fill("#flw-word", "last")
    page.click("#flw-choose")
    page.click("[data-cell=F5]")  # far from SALT: no start there
    expect(page.locator("#flw-message")).to_contain_text("LAST cannot start at F5")
    starts = page.locator("#flw-grid .cell.start")
    assert 0 < starts.count() < 5 * 6
    page.locator("#flw-grid .cell.start").first.click()
    page.click("#flw-write")
    page.click("#privacy-continue")
    expect(page.locator("#flw-strike")).to_have_text("Skip: take a strike")  # not the chooser: may skip
    page.click("#flw-strike")
    expect(page.locator(f"#seats .seat[data-seat='{chooser}']")).to_contain_text("1 strike")


def test_take_back_the_last_move_while_the_word_is_still_being_written(page, site):
    boot(page, site.url)
    save_id = new_game(page, "two-people")
    page.click("#privacy-continue")
    page.fill("#flw-word", "salt")
    page.click("#flw-choose")
    page.click("#take-back")
    expect(page.locator("#flw-word")).to_be_visible()
    assert stored(page, save_id)["record"]["moves"] == []


def test_damaged_foreign_and_newer_saves_are_reported_and_left_untouched(page, site):
    boot(page, site.url)
    good_id = new_game(page, "one-bot")
    wait_for_human_turn(page)
    damaged = {
        f"{SAVE_PREFIX}broken": "{not json",
        f"{SAVE_PREFIX}newer": json.dumps({"format": "wordtable-save", "version": 99, "id": "newer"}),
        f"{SAVE_PREFIX}chess": json.dumps({**stored(page, good_id), "id": "chess", "game": "chess"}),
    }
    page.evaluate("entries => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v) }", damaged)
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    problems = page.locator("#saves-problems").inner_text()
    assert "not readable" in problems and "newer version of Wordtable" in problems
    assert "a game this version does not have (“chess”)" in problems
    expect(page.locator(f".save[data-save='{good_id}']")).to_be_visible()  # the others still load
    page.goto(f"{site.url}#game=newer")
    expect(page.locator("#screen-table .notice")).to_contain_text("newer version")
    current = saves(page)
    for key, value in damaged.items():
        assert current[key] == value


def test_export_then_import_a_game_and_refuse_garbage(page, site):
    boot(page, site.url)
    save_id = new_game(page, "one-bot")
    wait_for_human_turn(page)
    page.click("#table-export")
    text = page.locator("#export-text").input_value()
    assert json.loads(text)["record"] == stored(page, save_id)["record"]
    page.click("#export-close")
    page.click("a:has-text('Home')")
    page.locator(f".save[data-save='{save_id}'] button", has_text="Delete").click()
    page.locator(f".save[data-save='{save_id}'] button", has_text="Really delete?").click()
    expect(page.locator(f".save[data-save='{save_id}']")).to_have_count(0)
    before = saves(page)

    page.click("#import summary")
    for garbage, reason in [("hello", "not readable as one"), ('{"format": "x"}', "not a Wordtable save")]:
        page.fill("#import-text", garbage)
        page.click("#import-form button[type=submit]")
        expect(page.locator("#import-result")).to_contain_text(reason)
    forged = json.loads(text)
    forged["record"]["moves"] = [[0, {"type": "choose", "word": "qqqq"}]]
    page.fill("#import-text", json.dumps(forged))
    page.click("#import-form button[type=submit]")
    expect(page.locator("#import-result")).to_contain_text("cannot be imported")
    assert saves(page) == before  # nothing changed

    page.fill("#import-text", text)
    page.click("#import-form button[type=submit]")
    expect(page.locator("#import-result")).to_contain_text("Imported: Four Letter Words with Player 1, Basil")
    expect(page.locator(f".save[data-save='{save_id}']")).to_be_visible()


def test_play_goes_on_with_a_notice_when_storage_is_blocked(context, site):
    # As inside another site's frame with third-party storage blocked: localStorage throws.
    context.add_init_script("""Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });""")
    page = context.new_page()
    boot(page, site.url)
    expect(page.locator("#saves")).to_contain_text("Saving is off")
    new_game(page, "one-bot")
    expect(page.locator("#app-notice")).to_contain_text("Saving is off")
    actions = play_to_the_end(page)
    assert actions > 0
    expect(page.locator("#verdict")).to_be_visible()


def test_the_x_variant_writes_three_xs_instead_of_a_strike(page, site):
    boot(page, site.url)
    new_game(page, "two-people", x_variant=True, grid=(4, 4))
    page.click("#privacy-continue")
    page.fill("#flw-word", "salt")
    page.click("#flw-choose")
    page.click("[data-cell=A1]")
    page.click("[data-cell=B1]")
    page.click("#flw-write")
    page.click("#privacy-continue")
    page.click("#flw-xs")
    for name in ("A1", "B2", "C3"):
        page.click(f"[data-cell={name}]")
    expect(page.locator("#flw-write")).to_have_text("Write the Xs (3 of 3)")
    page.click("#flw-write")
    expect(page.locator("#seats .seat", has_text="no strikes")).to_have_count(2)
    expect(page.locator("#flw-word")).to_be_visible()  # the next word: the game went on


def test_players_decide_a_challenge_in_the_open_settled_by_the_dictionary(page, site):
    boot(page, site.url)
    save_id = new_game(page, "two-people", players_decide=True)
    page.click("#privacy-continue")
    page.fill("#flw-word", "qxzt")  # not a word, but in this mode the players judge
    page.click("#flw-choose")
    # Judging happens in the open: the other player answers at once, no grid on screen.
    expect(page.locator("#flw-challenge")).to_be_visible()
    assert page.locator("#table-main .letter-grid").count() == 0
    expect(page.locator("#table-headline")).to_contain_text("Does everyone accept QXZT?")
    page.click("#flw-challenge")
    page.click("#flw-defend")
    expect(page.locator("#announcement")).to_contain_text("challenged QXZT: it is not in the dictionary, so")
    expect(page.locator("#announcement")).to_contain_text("chooses again")
    page.click("#privacy-continue")  # the chooser's own turn again is private
    page.fill("#flw-word", "salt")
    page.click("#flw-choose")
    page.click("#flw-challenge")
    page.click("#flw-defend")
    expect(page.locator("#announcement")).to_contain_text("SALT: it is in the dictionary, so it stands")
    page.click("#privacy-continue")  # writing is private again
    expect(page.locator("#flw-grid")).to_be_visible()
    moves = [move["type"] for _seat, move in stored(page, save_id)["record"]["moves"]]
    assert moves == ["choose", "challenge", "defend", "choose", "challenge", "defend"]


def test_a_bot_challenges_a_made_up_word_and_the_game_plays_on_to_the_end(page, site):
    boot(page, site.url)
    players = [{"name": "Player 1", "bot": None}, {"name": "Basil", "bot": "medium"}]
    open_prepared_game(page, site.url, "four-letter-words", players,
                       {"players": 2, "judge": "players", "challenge_penalties": True}, seed=2)
    assert wait_for_human_turn(page) == "choose"  # seed 2: seat 0 chooses first, on an empty grid
    page.fill("#flw-word", "qxzt")
    page.click("#flw-choose")
    page.click("#flw-defend")  # the medium bot challenged it
    expect(page.locator("#announcement")).to_contain_text("so Player 1 loses this turn")
    play_to_the_end(page)
    expect(page.locator("#verdict")).to_be_visible()


def test_play_goes_on_with_a_notice_when_storage_is_full(context, site):
    context.add_init_script("""{
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (key.startsWith('wordtable.save.')) throw new DOMException('full', 'QuotaExceededError');
            return setItem.call(this, key, value);
        };
    }""")
    page = context.new_page()
    boot(page, site.url)
    new_game(page, "one-bot")
    expect(page.locator("#app-notice")).to_contain_text("storage for this site is full")
    assert play_to_the_end(page) > 0
    expect(page.locator("#verdict")).to_be_visible()


def test_import_from_a_file(page, site, tmp_path):
    boot(page, site.url)
    save_id = new_game(page, "one-bot")
    wait_for_human_turn(page)
    exported = json.dumps(stored(page, save_id))
    page.click("a:has-text('Home')")
    page.locator(f".save[data-save='{save_id}'] button", has_text="Delete").click()
    page.locator(f".save[data-save='{save_id}'] button", has_text="Really delete?").click()
    file = tmp_path / "game.json"
    file.write_text(exported)
    page.click("#import summary")
    page.set_input_files("#import-file", str(file))  # choosing the file imports it: no second tap
    expect(page.locator("#import-result")).to_contain_text("Imported")
    page.locator(f".save[data-save='{save_id}'] a", has_text="Resume").click()
    wait_for_human_turn(page)
    assert stored(page, save_id)["record"] == json.loads(exported)["record"]
