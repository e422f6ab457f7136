"""Sealing a running game's seed in its exported record (issue 30 item 6).

The seed deals the route cards, the start player and every draw to come: a player who
knew it could replay the game ahead in a console and see the future. So while a game runs
its record carries the seed sealed: encrypted and authenticated with a key only this bot
has (`GameStore.secret`, made by the bot in its own database, never in the repository).
The same bot reads the record back (import); any other bot, or a record whose seal was
changed or moved to another table, is refused with a typed `BadRecord`. A finished or
abandoned game's record shows the seed: nothing is hidden any more.

The cipher is HMAC-SHA256 in two roles, both from the standard library: as a pseudo-random
function it gives the pad the seed's 8 bytes are XORed with (a fresh random nonce each
time), and as a MAC it authenticates nonce, ciphertext and the table the seed belongs to
(edition hash and players), so a seal cannot be forged, altered or transplanted.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
from collections.abc import Sequence

from locales import Phrase

from .errors import BadRecord

KEY_NAME = "record_seal"
VERSION = "s1."
_NONCE, _BODY, _TAG = 16, 8, 16


def _table(edition_hash: str, players: Sequence[str]) -> bytes:
    return "\x1f".join([edition_hash, *players]).encode("utf-8", "surrogatepass")


def _pad(key: bytes, nonce: bytes) -> bytes:
    return hmac.new(key, b"pad" + nonce, hashlib.sha256).digest()[:_BODY]


def _tag(key: bytes, nonce: bytes, body: bytes, table: bytes) -> bytes:
    return hmac.new(key, b"tag" + nonce + body + table, hashlib.sha256).digest()[:_TAG]


def seal_seed(key: bytes, seed: int, edition_hash: str, players: Sequence[str]) -> str:
    nonce = secrets.token_bytes(_NONCE)
    body = bytes(a ^ b for a, b in zip(seed.to_bytes(_BODY, "big"), _pad(key, nonce),
                                       strict=True))
    sealed = nonce + body + _tag(key, nonce, body, _table(edition_hash, players))
    return VERSION + base64.urlsafe_b64encode(sealed).decode("ascii")


def unseal_seed(key: bytes, token: object, edition_hash: str, players: Sequence[str]) -> int:
    """The seed sealed in `token`; BadRecord("record.sealed") when this bot did not seal it
    for this table (another bot's record, or a changed one)."""
    refused = BadRecord(reason=Phrase("record.sealed"))
    if not isinstance(token, str) or not token.startswith(VERSION) or len(token) > 200:
        raise refused
    try:
        sealed = base64.urlsafe_b64decode(token[len(VERSION):].encode("ascii"))
    except (binascii.Error, ValueError):
        raise refused from None
    if len(sealed) != _NONCE + _BODY + _TAG:
        raise refused
    nonce, body, tag = sealed[:_NONCE], sealed[_NONCE:-_TAG], sealed[-_TAG:]
    if not hmac.compare_digest(tag, _tag(key, nonce, body, _table(edition_hash, players))):
        raise refused
    return int.from_bytes(bytes(a ^ b for a, b in zip(body, _pad(key, nonce), strict=True)),
                          "big")
