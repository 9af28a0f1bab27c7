"""QR codes of invitations and answers: the invitation's QR code reads back as its link, an
answer's QR code is read from a photo or a (fake) camera into the answer box, and a picture
without a code says so; every code the page draws, a long move link's too, decodes with a real
reader (Debian's zbarimg) at one device pixel per CSS pixel, on a phone and a desktop. No
network is needed: the invitation is made, never connected."""

from __future__ import annotations

import random
import re
import string
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import chromium_path, wait_for_boot, watch_requests
from harness import TEST_CHROMIUM_FLAGS, TEST_CONTEXT, sealed_code

ANSWER = sealed_code("2a~eolp~xr2x0LyILWUzrotzHzALtfCe~ByKTDt__q6FNoxHHAMlqvFBM0a3FD1i9u4JNt1D1ZC0~c~10.77.0.1/43644/h/2113937151")


def open_invitation(page: Page, url: str) -> str:
    page.goto(url)
    assert wait_for_boot(page) == "ready"
    page.click("a[href='#new=four-letter-words']")
    page.click("[data-preset=online]")
    page.click("#setup-start")
    page.click("[data-invite='1']")
    page.check("#reach-here")
    page.wait_for_selector("#invite-dialog .qr svg", timeout=20_000)
    return page.locator("#invite-link").input_value()


def test_the_invitation_qr_code_reads_back_as_its_link_and_photos_are_read(page, site, tmp_path):
    link = open_invitation(page, site.url)
    assert page.get_attribute("#invite-dialog .qr", "data-qr") == link
    # A picture of the invitation's QR code, read by the answer's reader, gives the link back
    # (and is then refused as an answer, in words).
    picture = tmp_path / "invitation.png"
    page.locator("#invite-dialog .qr").screenshot(path=str(picture))
    page.set_input_files("#invite-dialog .qr-photo", str(picture))
    expect(page.locator("#invite-answer")).to_have_value(link)
    expect(page.locator("#invite-status")).to_have_class("bad")
    # A picture with no QR code in it.
    page.locator("#invite-dialog h2").screenshot(path=str(tmp_path / "title.png"))
    page.set_input_files("#invite-dialog .qr-photo", str(tmp_path / "title.png"))
    expect(page.locator("#invite-dialog .qr-status")).to_contain_text("No QR code found in that picture")
    expect(page.locator("#invite-answer")).to_have_value(link)  # unchanged


def y4m_of(matrix: list[list[bool]], path: Path, scale: int = 8, margin: int = 40) -> None:
    """A still video (YUV 4:2:0) of a QR code, dark modules on white, for Chromium's fake camera."""
    size = len(matrix) * scale + 2 * margin
    luma = bytearray([235]) * (size * size)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    start = (margin + y * scale + dy) * size + margin + x * scale
                    luma[start:start + scale] = bytes([16]) * scale
    chroma = bytes([128]) * ((size // 2) * (size // 2) * 2)
    frame = b"FRAME\n" + bytes(luma) + chroma
    path.write_bytes(f"YUV4MPEG2 W{size} H{size} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * 10)


def test_the_camera_reads_an_answer_qr_code(playwright, page, site, tmp_path, no_outside_requests):
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    matrix = page.evaluate("(text) => import('./vendor/uqr.mjs').then((m) => m.encode(text, { ecc: 'L', border: 0 }).data)", ANSWER)
    video = tmp_path / "answer.y4m"
    y4m_of(matrix, video)
    camera = playwright.chromium.launch(executable_path=chromium_path(), args=TEST_CHROMIUM_FLAGS + [
        "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", f"--use-file-for-fake-video-capture={video}"])
    try:
        context = camera.new_context(permissions=["camera"], **TEST_CONTEXT)
        watch_requests(context, no_outside_requests)
        host = context.new_page()
        open_invitation(host, site.url)
        host.click("#invite-dialog .qr-camera")
        expect(host.locator("#invite-answer")).to_have_value(ANSWER, timeout=20_000)
        expect(host.locator("#invite-dialog .qr-status")).to_have_text("Read the answer code.")
        assert host.locator("#invite-dialog .qr-video").is_hidden()  # the camera is off again
    finally:
        camera.close()


def zbar_decoded(figure, path: Path) -> str:
    """What Debian's zbarimg (a real QR reader) reads in a screenshot of the code as drawn."""
    figure.screenshot(path=str(path))
    done = subprocess.run(["zbarimg", "--raw", "-q", str(path)], capture_output=True, text=True, timeout=60)
    return done.stdout.rstrip("\n")


# A later move's link by link play: some 1,200 characters, base64url after the fragment (its
# QR code: 121 modules). Its content does not matter to the code's size, its length does.
LONG_LINK = "http://127.0.0.1:8000/games/wordtable/#link=" + "".join(
    random.Random(7).choice(string.ascii_letters + string.digits + "-_") for _ in range(1160))


@pytest.mark.parametrize("viewport", [{"width": 360, "height": 740}, {"width": 1280, "height": 800}], ids=["phone", "desktop"])
def test_every_qr_code_decodes_with_a_real_reader_at_one_device_pixel_per_css_pixel(page, site, tmp_path, viewport):
    page.set_viewport_size(viewport)
    link = open_invitation(page, site.url)
    assert zbar_decoded(page.locator("#invite-dialog .qr"), tmp_path / "invitation.png") == link
    expect(page.locator("#invite-close")).to_be_in_viewport()  # however tall the dialog, Close shows
    page.click("#invite-close")
    # Opened again before anyone answered: the same invitation (its link may be on its way).
    page.click("[data-invite='1']")
    expect(page.locator("#invite-link")).to_have_value(link)
    expect(page.locator("#invite-status")).to_have_text("The invitation you made before: the link you sent Friend 2 still works.")
    # Enlarged, Esc makes the code small again and leaves the dialog open; a second Esc closes it.
    page.click("#invite-dialog .qr-size")
    expect(page.locator("#invite-dialog .qr-box")).to_have_class(re.compile("qr-big"))
    page.keyboard.press("Escape")
    expect(page.locator("#invite-dialog .qr-box")).not_to_have_class(re.compile("qr-big"))
    expect(page.locator("#invite-dialog")).to_be_visible()
    page.click("#invite-close")
    # A long link's code, laid out as the by-link screen's send panel lays it out.
    page.evaluate("""(text) => import('./js/qr.js').then(({ qrPicture }) => {
        const panel = document.createElement('div');
        panel.className = 'panel link-send';
        panel.id = 'long-link';
        const row = document.createElement('div');
        row.className = 'invite-link';
        row.append(qrPicture(text, 'QR code of the link'), document.createElement('div'));
        panel.append(row);
        document.querySelector('main, body').prepend(panel); })""", LONG_LINK)
    figure = page.locator("#long-link .qr")
    expect(figure.locator("svg")).to_have_count(1)
    modules = int(page.evaluate("getComputedStyle(document.querySelector('#long-link .qr-box')).getPropertyValue('--qr-modules')"))
    box = figure.bounding_box()
    width = box["width"]
    assert modules >= 113 and width - 2 >= min(3 * modules, 0.75 * viewport["width"]), (modules, width)  # the column's width
    assert box["x"] >= 0 and box["x"] + width <= viewport["width"], box  # the whole code on the screen
    assert zbar_decoded(figure, tmp_path / "long.png") == LONG_LINK
    # "Show bigger" doubles each module (as far as the screen allows), and it still reads.
    page.click("#long-link .qr-size")
    expect(page.locator("#long-link .qr-size")).to_have_text("Show smaller")
    bigger = figure.bounding_box()
    assert bigger["width"] - 2 >= min(2 * (width - 2), 0.75 * viewport["width"])  # within its border
    assert bigger["x"] + bigger["width"] <= viewport["width"], bigger
    assert zbar_decoded(figure, tmp_path / "bigger.png") == LONG_LINK
