"""A loopback Discord for end-to-end tests: REST and gateway on 127.0.0.1 (issue 8)."""

from .faults import INTERACTION_CALLBACK, SEND_MESSAGE, Faults
from .payloads import Channel, Guild, User
from .recorder import GatewayFrame, RecordedFile, RecordedRequest, Recorder
from .server import DEFAULT_TOKEN, FakeDiscord, SentInteraction
from .world import InteractionRecord, StoredMessage, World

__all__ = [
    "DEFAULT_TOKEN",
    "INTERACTION_CALLBACK",
    "SEND_MESSAGE",
    "Channel",
    "FakeDiscord",
    "Faults",
    "GatewayFrame",
    "Guild",
    "InteractionRecord",
    "RecordedFile",
    "RecordedRequest",
    "Recorder",
    "SentInteraction",
    "StoredMessage",
    "User",
    "World",
]
