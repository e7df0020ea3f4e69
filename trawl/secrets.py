"""The data key: sealing session data (cookies, storage state) so it is never kept in clear.

One 256-bit key seals two things: the payloads trawl sends through Temporal (the payload
codec in ``trawl/worker/codec.py``; they end up in workflow history) and the session profiles in
Postgres (``session_profiles.sealed``). It comes from ``TRAWL_SECRET_KEY`` (base64, for
deployments where workers and CLIs run on several machines: they must all hold the same
key), else from ``<data dir>/secret.key``, created on first use with mode 0600.

Sealed bytes are ``MAGIC | key id (4 bytes) | nonce (12) | AES-256-GCM ciphertext+tag``;
the key id names the key that sealed them, so a value sealed under another key fails with
a message that says which setting to fix rather than as garbage.

    >>> key = DataKey.generate()
    >>> key.open(key.seal(b"sid=1")) == b"sid=1"
    True
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from trawl.config import get_settings
from trawl.errors import ConfigError, TrawlError

KEY_FILE_NAME = "secret.key"
"""The generated key's file in the data directory."""
KEY_BYTES = 32
NONCE_BYTES = 12
MAGIC = b"trawl1"
"""Leads every sealed value (format version 1)."""
KEY_ID_BYTES = 4


class SealError(TrawlError):
    """Sealed data cannot be opened: another key sealed it, or it was altered."""


@dataclass(frozen=True)
class DataKey:
    """A 256-bit AES-GCM key and its short id."""

    secret: bytes

    @classmethod
    def generate(cls) -> DataKey:
        return cls(AESGCM.generate_key(bit_length=KEY_BYTES * 8))

    @classmethod
    def from_text(cls, text: str, *, source: str) -> DataKey:
        """A key from its base64 text (44 characters); ``source`` names where it came from."""
        try:
            raw = base64.b64decode(text.strip(), validate=True)
        except (binascii.Error, ValueError):
            raw = b""
        if len(raw) != KEY_BYTES:
            raise ConfigError(
                f"{source} is not a trawl data key (base64 of {KEY_BYTES} bytes). Make one "
                "with `python -c \"import base64, os; print(base64.b64encode(os.urandom(32))"
                ".decode())\"`.")
        return cls(raw)

    @property
    def key_id(self) -> bytes:
        return hashlib.sha256(self.secret).digest()[:KEY_ID_BYTES]

    def text(self) -> str:
        return base64.b64encode(self.secret).decode()

    def seal(self, plain: bytes, *, context: bytes = b"") -> bytes:
        """Encrypt and authenticate ``plain``; ``context`` (e.g. the site) is bound to it
        too, so a sealed value copied to another row does not open there."""
        nonce = os.urandom(NONCE_BYTES)
        return MAGIC + self.key_id + nonce + AESGCM(self.secret).encrypt(nonce, plain, context)

    def open(self, sealed: bytes, *, context: bytes = b"") -> bytes:
        if not is_sealed(sealed):
            raise SealError("not sealed by trawl (no trawl1 header)")
        head = len(MAGIC)
        key_id = sealed[head:head + KEY_ID_BYTES]
        if key_id != self.key_id:
            raise SealError(
                f"sealed under another data key (id {key_id.hex()}, this one is "
                f"{self.key_id.hex()}): set TRAWL_SECRET_KEY to the key the data was written "
                "with")
        nonce_at = head + KEY_ID_BYTES
        nonce = sealed[nonce_at:nonce_at + NONCE_BYTES]
        try:
            return AESGCM(self.secret).decrypt(nonce, sealed[nonce_at + NONCE_BYTES:], context)
        except InvalidTag:
            raise SealError("sealed data was altered or belongs elsewhere") from None


def is_sealed(data: bytes) -> bool:
    return data.startswith(MAGIC)


_lock = threading.Lock()
_cached: dict[str, DataKey] = {}


def data_key() -> DataKey:
    """The process's data key: ``TRAWL_SECRET_KEY``, else the data directory's key file
    (made on first use, readable by its owner only)."""
    settings = get_settings()
    configured = settings.secret_key.get_secret_value() if settings.secret_key else None
    cache_key = "setting" if configured else str(settings.data_dir)
    with _lock:
        if cache_key not in _cached:
            _cached[cache_key] = (DataKey.from_text(configured, source="TRAWL_SECRET_KEY")
                                  if configured else _key_file(settings.data_dir / KEY_FILE_NAME))
        return _cached[cache_key]


def _key_file(path: Path) -> DataKey:
    text = private_file(path, lambda: DataKey.generate().text())
    return DataKey.from_text(text, source=str(path))


def private_file(path: Path, make: Callable[[], str]) -> str:
    """The text of ``path`` (stripped); when it does not exist, ``make()``'s, written there
    first with mode 0600.

    Written whole under a private name, then linked into place: a process starting at the
    same moment either sees no file or the whole text, and the first link wins.
    """
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    value = make()
    draft = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(value + "\n")
    try:
        os.link(draft, path)
    except FileExistsError:
        return path.read_text().strip()
    finally:
        draft.unlink(missing_ok=True)
    return value


WEBHOOK_SECRET_FILE_NAME = "webhook.secret"
"""The generated webhook secret's file in the data directory."""
WEBHOOK_SECRET_INFO = b"trawl webhook secret v1"
"""HKDF info of the webhook secret derived from the data key (TRAWL_SECRET_KEY)."""
WEBHOOK_SECRET_PREFIX = "whsec_"
"""Standard Webhooks' secret format: ``whsec_`` and base64 of the key bytes."""


def webhook_secret() -> str:
    """The secret webhooks are signed with: ``TRAWL_WEBHOOK_SECRET``; else derived from
    ``TRAWL_SECRET_KEY`` (HKDF-SHA256), so every worker of a deployment signs alike; else
    the data directory's ``webhook.secret`` (made on first use, readable by its owner
    only). Receivers verify with it (``trawl webhook-secret`` prints it)."""
    settings = get_settings()
    if settings.webhook_secret is not None:
        value, source = settings.webhook_secret.get_secret_value().strip(), "TRAWL_WEBHOOK_SECRET"
    elif settings.secret_key is not None:
        # every worker of a deployment holds the same data key: derived from it, they all
        # sign alike, and `trawl webhook-secret` anywhere prints the secret they use
        key = DataKey.from_text(settings.secret_key.get_secret_value(),
                                source="TRAWL_SECRET_KEY")
        derived = HKDF(algorithm=hashes.SHA256(), length=KEY_BYTES, salt=None,
                       info=WEBHOOK_SECRET_INFO).derive(key.secret)
        return WEBHOOK_SECRET_PREFIX + base64.b64encode(derived).decode()
    else:
        path = settings.data_dir / WEBHOOK_SECRET_FILE_NAME
        value = private_file(path, lambda: WEBHOOK_SECRET_PREFIX + base64.b64encode(
            os.urandom(KEY_BYTES)).decode())
        source = str(path)
    try:
        raw = base64.b64decode(value.removeprefix(WEBHOOK_SECRET_PREFIX), validate=True)
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) < 24:
        raise ConfigError(f"{source} is not a webhook secret (whsec_ and base64 of at least "
                          "24 bytes; e.g. `python -c \"import base64, os; print('whsec_' + "
                          "base64.b64encode(os.urandom(32)).decode())\"`)")
    return value
