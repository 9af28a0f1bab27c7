"""Online play across home networks, in a NAT lab (natlab.py): two homes behind home routers on a
simulated internet with Debian's coturn as the STUN and TURN server. Each device runs its own
Chromium (mDNS host candidates, as a real Chrome) and serves the site on its own loopback. The
app's own screens invite, answer and play; nothing reaches the machine's network."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

import build
import natlab
from harness import TEST_CHROMIUM_FLAGS, TEST_CONTEXT, LocalSite
from online_driver import invitation, ready
from online_pages import fitting_word

DIAGNOSIS_S = 20  # the promise: a connection that cannot open is explained within 20 s
HOSTILE = "<img src=x onerror=\"window.pwned=1\">\u202e\u200f" + "Ω" * 10_000


LOCAL = ("http://127.0.0.1:", "data:", "blob:", "about:")


def watch_requests(context, seen: list[str]) -> None:
    context.on("request", lambda request: None if request.url.startswith(LOCAL) else seen.append(request.url))


class Devices:
    def __init__(self, lab: natlab.Lab, browsers: dict, sites: dict, seen: list[str]):
        self.lab, self.browsers, self.sites, self.seen = lab, browsers, sites, seen
        self.contexts: list = []

    def page(self, device: str):
        context = self.browsers[device].new_context(**TEST_CONTEXT)
        watch_requests(context, self.seen)
        self.contexts.append(context)
        page = context.new_page()
        page.goto(self.sites[device].url)
        ready(page)
        return page

    def close_pages(self) -> None:
        for context in self.contexts:
            context.close()
        self.contexts.clear()


@pytest.fixture(scope="module")
def devices(playwright, dist) -> Iterator[Devices]:
    why = natlab.missing()
    if why:
        pytest.fail(f"the NAT lab cannot be built here: {why}")
    seen: list[str] = []
    with natlab.Lab() as lab:
        sites = {}
        for device in natlab.DEVICES:
            site = LocalSite(dist)
            site.port = 8765  # the same address on every device: a link made on one opens on another
            lab.inside(device, site.start)
            sites[device] = site
        browsers = {device: playwright.chromium.launch(executable_path=lab.launcher(device, build.find_chromium()),
                                                       args=TEST_CHROMIUM_FLAGS)
                    for device in natlab.DEVICES}
        try:
            yield Devices(lab, browsers, sites, seen)
        finally:
            for browser in browsers.values():
                browser.close()
            for site in sites.values():
                site.stop()
    assert seen == [], f"requests left the devices' own sites: {seen}"


@pytest.fixture
def lab(devices: Devices) -> Iterator[Devices]:
    devices.lab.symmetric(False)
    yield devices
    devices.close_pages()


def settings(page, public_stun: list[str] | None = None, own: str | None = None) -> None:
    """The online settings, filled in as a player does."""
    if not page.evaluate("document.querySelector('#online-settings').open"):
        page.click("#online-settings summary")
    if public_stun is not None:
        page.fill("#public-stun", "\n".join(public_stun))
        page.click("#stun-form button[type=submit]")
        page.wait_for_selector("#stun-result.good")
    if own is not None:
        page.fill("#ice-servers", own)
        page.click("#ice-form button[type=submit]")
        page.wait_for_selector("#ice-result.good")


def invite(lab: Devices, host_device: str, guest_device: str, where: str, guest_name: str = "Bo", prepare=None):
    """A host page starts Four Letter Words with a friend online and invites them; the friend's
    page opens the link, picks a name and shows its answer, which the host pastes. Returns both
    pages and the moment the host pressed Connect. prepare(host) sets the host's browser up first."""
    host = lab.page(host_device)
    if prepare:
        prepare(host)
    host.click("a[href='#new=four-letter-words']")
    host.click("[data-preset=online]")
    host.locator(".seat-name-input").first.fill("Ann")
    host.fill("#flw-rows", "5")
    host.fill("#flw-cols", "5")
    host.click("#setup-start")
    host.wait_for_selector("#online-seats")
    link = invitation(host, 1, where)
    guest = lab.browsers[guest_device].new_context(**TEST_CONTEXT)
    watch_requests(guest, lab.seen)
    lab.contexts.append(guest)
    guest = guest.new_page()
    guest.goto(link)
    ready(guest)
    guest.wait_for_selector("#answer-code", timeout=15_000)
    # The name is the friend's to choose: a hostile one is cut and shown as text.
    guest.evaluate("(name) => { document.querySelector('#guest-name').value = name; }", guest_name)
    answer = guest.locator("#answer-code").input_value()
    lab.heading = guest.inner_text("#guest-invited")  # what the friend reads first
    host.fill("#invite-answer", answer)
    host.click("#invite-connect")
    return host, guest, time.monotonic(), link, answer


def a_move_arrives(host, guest) -> None:
    """Whoever chooses first chooses a word; the other screen shows it to be written."""
    try:
        guest.wait_for_function("wordtable.guest && wordtable.guest.view", timeout=30_000)
    except Exception:
        raise AssertionError(f"no view at the guest: {guest.inner_text('body')[:600]!r}"
                             f" / host {host.inner_text('#screen-table')[:600]!r}") from None
    view = guest.evaluate("wordtable.guest.view")
    if view["chooser"] == view["seat"]:
        guest.fill("#flw-word", fitting_word(view))
        guest.click("#flw-choose")
        host.wait_for_selector("#flw-grid, #privacy-continue", timeout=15_000)
    else:
        host.click("#flw-suggest")
        host.wait_for_function("document.querySelector('#flw-word').value.length === 4")
        host.click("#flw-choose")
        guest.wait_for_selector("#flw-grid", timeout=15_000)


def connected_within(host, guest, pressed: float, limit_s: float = 15) -> float:
    guest.wait_for_selector("#table-headline", timeout=limit_s * 1000)
    host.wait_for_selector("#invite-status[data-state=connected]", timeout=limit_s * 1000)
    seconds = time.monotonic() - pressed
    host.click("#invite-close")
    return seconds


def explained_within(host, guest, pressed: float) -> tuple[str, str, float]:
    try:
        host.wait_for_selector("#invite-status[data-state=unreachable]", timeout=DIAGNOSIS_S * 1000)
        guest.wait_for_function("/^(Not connected yet|Could not connect)/.test(document.querySelector('#guest-status').textContent)",
                                timeout=DIAGNOSIS_S * 1000)
    except Exception:
        raise AssertionError(f"no diagnosis after {time.monotonic() - pressed:.1f} s: host "
                             f"{host.inner_text('#invite-dialog')[-400:]!r}, guest {guest.inner_text('#guest-status')!r}") from None
    return host.inner_text("#invite-status"), guest.inner_text("#guest-status"), time.monotonic() - pressed


def test_same_network_connects_with_nothing_contacted_and_a_hostile_name_is_only_text(lab):
    host, guest, pressed, link, _answer = invite(lab, "a", "a2", "here", guest_name=HOSTILE)
    assert "stun" not in link.split("#join=")[1].split("&")[0].lower()  # no server in the invitation
    connected_within(host, guest, pressed)
    a_move_arrives(host, guest)
    shown = host.locator("[data-online='1'] .seat-name").inner_text()
    assert shown == "<img src=x onerror=\"window.pwne"[:24] and len(shown) == 24
    assert host.locator("#screen-table img[src=x], #online-seats img").count() == 0
    assert guest.locator("#screen-table img[src=x]").count() == 0
    assert host.evaluate("window.pwned") is None and guest.evaluate("window.pwned") is None
    # Every screen shows the name the friend chose, cleaned: the host's save keeps it too.
    guest.wait_for_function("wordtable.guest.names[1] === %r" % shown)


def test_two_homes_connect_with_somewhere_else_and_the_servers_travel_in_the_link(lab):
    # The public list replaced by the lab's STUN servers, on the host's device only.
    host, guest, pressed, link, answer = invite(lab, "a", "b", "anywhere",
                                                prepare=lambda page: settings(page, public_stun=lab.lab.stun_urls()))
    offer = link.split("#join=")[1].split("&")[0]
    assert "198.51.100.20" in offer and "198.51.100.1/" in offer  # the servers, and the host's public address
    assert len(offer) < 300
    note = host.inner_text("#reach-note")
    assert "198.51.100.20" in note and "never the game" in note and "public IP address" in note
    servers_line = guest.inner_text("#guest-servers")  # the friend set nothing: the link brought them
    assert "198.51.100.20" in servers_line and "never the game" in servers_line
    assert "198.51.100.2/" in answer  # the friend's public address, found with the link's server
    # The host's dialog names the friend by the name they gave (the seat was "Friend 2").
    expect(host.locator("#invite-status")).to_have_text("Connected: Bo is at the table. You can close this.", timeout=15_000)
    seconds = connected_within(host, guest, pressed)
    assert seconds < 10
    a_move_arrives(host, guest)
    assert lab.heading == "Ann invites you to play Four Letter Words"


def test_two_homes_with_nothing_set_up_are_told_why_on_both_screens(lab):
    host, guest, pressed, link, answer = invite(lab, "a", "b", "here")
    host_says, guest_says, seconds = explained_within(host, guest, pressed)
    assert seconds < DIAGNOSIS_S
    assert "You are on different networks: choose “somewhere else” and invite again" in host_says
    assert "different networks" in guest_says and "dropped" not in guest_says
    assert host.inner_text("[data-online='1'] .seat-status") == "could not connect"
    assert host.locator("[data-online='1'] button").inner_text() == "Invite again"
    # The same answer pasted again: the invitation took it already, and a new one is a tap away.
    expect(host.locator("#invite-new")).to_be_visible()
    host.fill("#invite-answer", answer)
    host.click("#invite-connect")
    expect(host.locator("#invite-status")).to_have_text(
        "This invitation was used already: it takes one answer. Make a new invitation below and send it again.")
    host.click("#invite-new")
    host.wait_for_function("(old) => document.querySelector('#invite-link')?.value.includes('#join=') && "
                           "document.querySelector('#invite-link').value !== old", arg=link, timeout=15_000)
    expect(host.locator("#invite-new")).to_be_hidden()
    assert host.inner_text("[data-online='1'] .seat-status") == "invited"
    # An answer with one character changed on the way is caught at once, and changes nothing.
    changed = answer[:12] + ("B" if answer[12] != "B" else "C") + answer[13:]
    host.fill("#invite-answer", changed)
    host.click("#invite-connect")
    expect(host.locator("#invite-status")).to_have_text(
        "That code was changed on the way: a character is wrong or missing. Copy it again, whole (or scan its QR code).")
    assert host.inner_text("[data-online='1'] .seat-status") == "invited"


def test_somewhere_else_with_no_stun_server_answering_is_told_at_once_with_a_way_that_works(lab):
    host = lab.page("a")
    silent = [f"stun:{lab.lab.stun_urls()[0].split(':')[1]}:3999"]  # the lab's server, a port where nothing answers
    settings(host, public_stun=silent)
    host.click("a[href='#new=four-letter-words']")
    host.click("[data-preset=online]")
    host.click("#setup-start")
    invitation(host, 1, "anywhere")
    status = host.locator("#reach-warning")  # above the link, before it is sent
    expect(status).to_contain_text("This device's public address could not be found")
    expect(status).to_contain_text("“Play by link”, which works anywhere")
    # Tested from the settings: the same, in the same words.
    host.click("#invite-close")
    host.goto(lab.sites["a"].url)
    ready(host)
    settings(host)
    host.click("#network-test")
    host.wait_for_selector("#network-result[data-kind]", timeout=20_000)
    assert host.get_attribute("#network-result", "data-kind") == "local"
    assert "Play by link works anywhere" in host.inner_text("#network-result")


def test_strict_nats_are_told_to_use_a_relay_and_a_relay_on_the_hosts_side_connects(lab):
    lab.lab.symmetric(True)
    host, guest, pressed, _link, _answer = invite(lab, "a", "b", "anywhere",
                                                  prepare=lambda page: settings(page, public_stun=lab.lab.stun_urls()))
    host_says, guest_says, seconds = explained_within(host, guest, pressed)
    assert "blocks direct connections" in host_says and "relay (TURN)" in host_says
    assert "blocks direct connections" in guest_says
    # The host adds a relay of their own; the friend still sets nothing.
    host, guest, pressed, link, _answer = invite(
        lab, "a", "b", "anywhere", prepare=lambda page: settings(page, public_stun=lab.lab.stun_urls(), own=lab.lab.turn_line()))
    assert "lab-secret" not in link and "wordtable" not in link.split("#join=")[1].split("&")[0]  # credentials stay home
    connected_within(host, guest, pressed)
    a_move_arrives(host, guest)


def test_my_network_is_tested_in_players_words(lab):
    page = lab.page("a")
    settings(page, public_stun=lab.lab.stun_urls())

    def test_it() -> tuple[str, str]:
        page.click("#network-test")
        page.wait_for_selector("#network-result[data-kind]", timeout=20_000)
        result = page.get_attribute("#network-result", "data-kind"), page.inner_text("#network-result")
        page.evaluate("delete document.querySelector('#network-result').dataset.kind")
        return result

    kind, text = test_it()
    assert kind == "reachable" and "your public address is 198.51.100.1" in text
    lab.lab.symmetric(True)
    kind, text = test_it()
    assert kind == "strict" and "only through a relay (TURN)" in text
    settings(page, own=lab.lab.turn_line())
    kind, text = test_it()
    assert kind == "strict" and "Your relay (TURN) server works" in text
    settings(page, public_stun=[], own="")
    kind, text = test_it()
    assert kind == "none" and "same network only" in text
