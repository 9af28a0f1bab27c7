"""Online play between browsers: the protocol, independent of the transport (WebRTC data
channels in the page, an in-memory link in the tests).

The host's browser is the table: it holds the game record, decides every move and sends each
guest only that guest's view. A guest sends moves and receives views. Every message is one
JSON object of at most MAX_MESSAGE characters.

By job (each imports only those above it):
  protocol  the messages, their version and limits, encode/decode, checksums, clean_name
  draws     the host's side of shared randomness (Draws) and its saved form
  host_draws  the host's side of each random draw (a mixin of Host)
  host      the table (Host)
  guest_checks  what a guest holds the table to (a mixin of Guest)
  guest     a guest's side (Guest)

Shared randomness (a Host with `draws`): see draws.Draws, Host._open_round and Guest._draw, and
engine.shared_random for the commit-reveal exchange itself. At such a table, a game with a
secret part per seat (Game.owned_part: Four Letter Words' grids) leaves each guest's part on
the guest's device: see engine.owned, Host._shown and Guest._outgoing.
"""

from wordtable.online.draws import Action, Draws, draws_from_json
from wordtable.online.guest import Guest
from wordtable.online.host import Host
from wordtable.online.host_draws import Outgoing
from wordtable.online.protocol import (
    HOST_OTHER_VERSION,
    MAX_MESSAGE,
    NAME_LENGTH,
    OTHER_VERSION,
    PROTOCOL,
    RECORD_PART,
    RECORD_PARTS,
    REFUSALS_KEPT,
    checksum,
    clean_name,
    decode,
    encode,
    labels_digest,
)

__all__ = ["Action", "Draws", "Guest", "HOST_OTHER_VERSION", "Host", "MAX_MESSAGE", "NAME_LENGTH", "OTHER_VERSION",
           "Outgoing", "PROTOCOL", "RECORD_PART", "RECORD_PARTS", "REFUSALS_KEPT", "checksum", "clean_name", "decode",
           "draws_from_json", "encode", "labels_digest"]
