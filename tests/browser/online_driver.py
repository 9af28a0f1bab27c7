"""Browsers for the online tests, benchmark and screenshots, inside a network namespace (see
netns.py): the site served locally, Chromium started with raw WebRTC addresses, every request
that leaves 127.0.0.1 recorded, and the app's own screens to host a game and invite a friend."""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

import build
from harness import TEST_CHROMIUM_FLAGS, TEST_CONTEXT, LocalSite

# Raw addresses instead of mDNS names: the namespace has no multicast DNS.
FLAGS = [flag + ",WebRtcHideLocalIpsWithMdns" if flag.startswith("--disable-features=") else flag
         for flag in TEST_CHROMIUM_FLAGS]
LOCAL = ("http://127.0.0.1:", "data:", "blob:")
# A closed tab whose goodbye never arrived is dropped once ICE fails, or at the latest once its
# silence passes net.js's GONE_MIN_MS (30 s): a screen says so within this.
DROP_SEEN_MS = 60_000


def ready(page) -> None:
    try:
        page.wait_for_function("document.body.dataset.boot === 'ready'", timeout=60_000)
    except Exception:
        raise AssertionError("boot: " + page.evaluate("document.body.dataset.boot"
                                                     " + ' | ' + document.getElementById('boot-label').textContent"
                                                     " + ' | ' + document.getElementById('boot-error-detail').textContent")) from None


def invitation(host, seat: int, where: str = "here") -> str:
    """Opens a seat's invitation at the host and answers where the friend is (unless this
    browser remembers it already); returns the link to send."""
    host.click(f"[data-invite='{seat}']")
    choice = host.locator(f"#reach-{where}")
    if not choice.is_checked():
        choice.check()
    host.wait_for_function("(where) => document.querySelector('#invite-link')?.value.includes('#join=') && "
                           "document.querySelector('#reach-' + where).checked", arg=where, timeout=15_000)
    return host.locator("#invite-link").input_value()


CPU_CGROUPS = Path("/sys/fs/cgroup/cpu")  # cgroup v1's CPU controller, where the machine has one
QUOTA_PERIOD_US = 20_000  # short, so the slowed browser waits 20 ms at most at a time, as a busy phone


@contextmanager
def slowed_chromium(slow_cpu: float) -> Iterator[tuple[str, bool]]:
    """(the Chromium to start, whether it runs slowed). A slow phone that costs the machine nothing:
    the browser runs in a cgroup whose CPU quota is 1/slow_cpu of this machine's cores, all its
    pages and workers together, and the rest of the machine stays free for other tests. DevTools'
    CPU throttling (the fallback, where no cgroup can be made) slows each page's main thread
    alone, and keeps a core busy per page even when idle: Chromium spins to slow it (an idle
    page: 28.7 CPU-s in 30 s). The four-game scenario (online_games_pages.py), slow_cpu 2 on two
    cores: 149 s and 105 CPU-s for the machine; throttled 4× by DevTools it took 184 s and 298."""
    chromium = build.find_chromium()
    group = CPU_CGROUPS / f"wordtable-slow-{os.getpid()}-{time.monotonic_ns()}"
    try:
        if slow_cpu <= 1:
            raise OSError("not slowed")
        group.mkdir()
        (group / "cpu.cfs_period_us").write_text(str(QUOTA_PERIOD_US))
        cores = os.cpu_count() or 1
        (group / "cpu.cfs_quota_us").write_text(str(int(QUOTA_PERIOD_US * cores / slow_cpu)))
    except OSError:
        if group.exists():
            group.rmdir()
        yield chromium, False
        return
    with tempfile.TemporaryDirectory() as folder:
        launcher = Path(folder) / "chromium-slowed"
        launcher.write_text(f'#!/bin/sh\necho $$ > "{group}/cgroup.procs"\nexec "{chromium}" "$@"\n')
        launcher.chmod(0o755)
        try:
            yield str(launcher), True
        finally:
            for _ in range(50):  # its processes end a moment after the browser closes
                try:
                    group.rmdir()
                    break
                except OSError:
                    time.sleep(0.1)


class Pages:
    """Pages of one browser, each in a context of its own (its own storage, like another person's
    browser), and the app's steps to host a game online and connect a friend to it."""

    def __init__(self, browser, site, outside: list[str], viewport: dict | None = None, slow_cpu: float = 1,
                 init_script: str | None = None, throttle: bool = True):
        self.browser, self.site, self.outside, self.viewport, self.slow_cpu = browser, site, outside, viewport, slow_cpu
        self.throttle = throttle  # DevTools slows each page (no CPU quota slows the whole browser)
        self.init_script = init_script
        self.opened: list = []  # every page made, in order

    def new(self):
        context = (self.browser.new_context(viewport=self.viewport, **TEST_CONTEXT) if self.viewport
                   else self.browser.new_context(**TEST_CONTEXT))
        context.on("request", lambda r: None if r.url.startswith(LOCAL) else self.outside.append(r.url))
        if self.init_script:
            context.add_init_script(self.init_script)
        return self.tab(context)

    def tab(self, context):
        """A new tab in a context (the same browser, the same storage), slowed as every page."""
        page = context.new_page()
        self.opened.append(page)
        # A slow phone: the page's main thread runs slow_cpu times slower. Chromium does it by
        # interrupting that thread and spinning in its signal handler, so a throttled page keeps
        # (1 - 1/slow_cpu) of a core busy even when idle: close pages a test is done with.
        if self.slow_cpu > 1 and self.throttle:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": self.slow_cpu})
        return page

    def start(self, game: str, friends: int, options=None):
        """A host page with a new game for itself and `friends` online; options(page) fills in
        the game's own fields of the form."""
        host = self.new()
        host.goto(self.site.url)
        ready(host)
        host.click(f"a[href='#new={game}']")
        host.click("[data-preset=online]")
        for _ in range(friends - 1):
            host.click("#add-seat")
            host.locator(".seat-kind").last.select_option("online")
        if options:
            options(host)
        host.click("#setup-start")
        host.wait_for_selector("#online-seats")
        return host

    def join(self, host, seat: int, guest=None, by_qr: bool = False, folder: Path | None = None, on_answer=None,
             where: str = "here", close: bool = True):
        """Invites a seat and connects a guest page to it: by pasting the answer code, or by
        reading its QR code from a picture of the guest's screen. on_answer(host, guest) is
        called once the guest shows its answer, before the host uses it. where: the friend is
        "here" (this network) or "anywhere" (the invitation's answer to "Where is …?"). close:
        the host closes the invitation dialog once the guest is in (False: the test sees to it)."""
        link = invitation(host, seat, where)
        guest = guest or self.new()
        guest.goto(link)
        ready(guest)
        guest.wait_for_selector("#answer-code", timeout=15_000)
        answer = guest.locator("#answer-code").input_value()
        self.returning = guest.locator("#guest-returning").count() == 1  # told the seat is kept
        if on_answer:
            on_answer(host, guest)
        if by_qr:
            guest.wait_for_selector("#guest-answer .qr svg")
            picture = folder / f"answer-{seat}.png"
            guest.locator("#guest-answer .qr").screenshot(path=str(picture))
            host.set_input_files("#invite-dialog .qr-photo", str(picture))
            host.wait_for_function("document.querySelector('#invite-answer').value.length > 0", timeout=15_000)
            assert host.locator("#invite-answer").input_value() == answer, "the QR code read is the answer"
        else:
            host.fill("#invite-answer", answer)
            host.click("#invite-connect")
        guest.wait_for_selector("#table-headline", timeout=15_000)
        if close:  # (in one step: a race closes the dialog itself as it starts)
            host.evaluate("document.querySelector('#invite-close')?.click()")
        try:
            host.wait_for_selector(f"[data-online='{seat}'].online-connected")
        except Exception:
            raise AssertionError(f"seat {seat} never connected. Host's seats: "
                                 + host.locator("#online-seats").inner_text()
                                 + " | guest's screen: " + guest.locator("body").inner_text()[:800]) from None
        return guest


@contextmanager
def browser_pages(dist: str, viewport: dict | None = None, slow_cpu: float = 1,
                  init_script: str | None = None) -> Iterator[Pages]:
    """The built site served and a Chromium started for the run; pages.outside lists every
    request that left 127.0.0.1. slow_cpu: how many times slower than this machine (slowed_chromium);
    init_script runs in every page before the site's own scripts."""
    site = LocalSite(Path(dist))
    site.start()
    try:
        with sync_playwright() as playwright, slowed_chromium(slow_cpu) as (chromium, slowed):
            browser = playwright.chromium.launch(executable_path=chromium, args=FLAGS)
            try:
                yield Pages(browser, site, [], viewport, slow_cpu, init_script, throttle=not slowed)
            finally:
                browser.close()
    finally:
        site.stop()
