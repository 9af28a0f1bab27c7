"""A link's payload as it travels: JSON, raw DEFLATE (what the browser's
CompressionStream("deflate-raw") writes and reads), base64url, in the URL's fragment after
"#link=" (a fragment never reaches the site's host)."""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from wordtable import safe_json

FRAGMENT = "link="  # (#play= is a shared seeded game's link)
MAX_CODE = 60_000        # characters of a link's code: far more than a whole game's record needs
MAX_JSON = 1_000_000     # bytes once inflated: a link cannot be a zip bomb
LINK_VERSION = 1   # the payload's format and the rules it is played under; raise with any change
# A table whose devices give their parts of the draws ahead (GameKind.parts_ahead_by_link): its
# links carry them, and its events' values are drawn from their numbers (NUMBERED_RULES).
AHEAD_VERSION = 2
LINK_VERSIONS = (LINK_VERSION, AHEAD_VERSION)
ANOTHER_VERSION = ("This link was made by another version of Wordtable: both players need the same version (reload "
                   "the page; it updates itself).")


class LinkError(ValueError):
    """A link that cannot be taken, with what to tell the player."""


class SeatTaken(LinkError):
    """A link from the table, signed by a key this device holds, gives this device's own seat to
    another device: this device joined by an invitation used before. Its game cannot go on."""


def encode(payload: dict[str, Any]) -> str:
    text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def code_of(link: str) -> str:
    """The code in a link (a whole URL, or the code itself)."""
    link = link.strip()
    if "#" in link:
        link = link.split("#", 1)[1]
    return link.removeprefix(FRAGMENT)


def decode(link: Any) -> dict[str, Any]:
    """The payload of a link; LinkError when it is not one of ours, or was damaged on the way."""
    if not isinstance(link, str):
        raise LinkError("This is not a Wordtable link.")
    code = code_of(link)
    if not code or len(code) > MAX_CODE:
        raise LinkError("This is not a Wordtable link (or it was cut short when it was copied).")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        unpacker = zlib.decompressobj(-15)
        text = unpacker.decompress(packed, MAX_JSON)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise LinkError("This link was cut short when it was copied, or it is not a Wordtable link. Nothing "
                            "changed here: ask whoever sent it to copy it again, whole.")
        payload = safe_json.loads(text.decode())
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as error:
        if isinstance(error, LinkError):
            raise
        raise LinkError("This link was damaged on the way (a character changed or missing). Nothing changed here: "
                        "ask whoever sent it to copy it again, whole.") from None
    if not isinstance(payload, dict):
        raise LinkError("This is not a Wordtable link.")
    return payload
