"""Installable as an app (issue 16): Chromium's own installability check, read through the
DevTools protocol on a real (not incognito) profile, finds nothing missing, and the manifest's
icons are there in the sizes phones ask for."""

from __future__ import annotations

import json

from conftest import wait_for_boot


def test_the_browser_finds_the_app_installable(persistent_profile, site):
    context = persistent_profile()
    page = context.new_page()
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    devtools = context.new_cdp_session(page)
    assert devtools.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = devtools.send("Page.getAppManifest")
    assert manifest["errors"] == []
    icons = json.loads(manifest["data"])["icons"]
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in icons}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in icons:  # each one is served, as the image it says it is
        response = page.request.get(f"{site.url}{icon['src']}")
        assert response.ok and response.headers["content-type"] == icon["type"]
