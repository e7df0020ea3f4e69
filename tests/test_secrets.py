"""Session data sealed: the data key, profiles at rest in a real Postgres (and deleted for
real), the payload codec and its server. The whole crawl path (a resume through Temporal
with a secret cookie, then history read without the key) is in test_handoff.py."""

from __future__ import annotations

import base64
import json
import multiprocessing
import os
import threading
import uuid
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.api.common.v1 import Payload

from tests.conftest import scalar_rows
from tests.test_handoff import codec_server
from trawl.errors import ConfigError
from trawl.secrets import DataKey, SealError, _key_file, data_key
from trawl.store.db import create_engine_async, normalize_url, upgrade_schema
from trawl.store.sessions import delete_profile, list_profiles, load_profile, save_profile
from trawl.worker.codec import SEALED_ENCODING, SealingCodec

SECRET = "sekrit-cookie-9f2c"


def cookie(value: str = SECRET) -> dict[str, object]:
    return {"name": "sid", "value": value, "domain": "example.org", "path": "/"}


# -- the key -------------------------------------------------------------------------------

def test_seal_roundtrip_and_refusals() -> None:
    key = DataKey.generate()
    sealed = key.seal(SECRET.encode(), context=b"https://a.example")
    assert SECRET.encode() not in sealed
    assert key.open(sealed, context=b"https://a.example") == SECRET.encode()
    with pytest.raises(SealError, match="belongs elsewhere"):
        key.open(sealed, context=b"https://b.example")  # copied to another site's row
    tampered = sealed[:-1] + bytes([sealed[-1] ^ 1])
    with pytest.raises(SealError, match="altered"):
        key.open(tampered, context=b"https://a.example")
    with pytest.raises(SealError, match=r"another data key.*TRAWL_SECRET_KEY"):
        DataKey.generate().open(sealed)
    assert key.seal(b"x") != key.seal(b"x")  # a fresh nonce each time


@pytest.mark.parametrize("text", ["", "notbase64!!", base64.b64encode(b"short").decode()])
def test_bad_key_setting_is_a_clear_error(text: str) -> None:
    with pytest.raises(ConfigError, match="TRAWL_SECRET_KEY is not a trawl data key"):
        DataKey.from_text(text, source="TRAWL_SECRET_KEY")


def test_key_file_is_private_and_stable(tmp_path: Path) -> None:
    path = tmp_path / "data" / "secret.key"
    first = _key_file(path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert _key_file(path) == first
    assert [p.name for p in path.parent.iterdir()] == ["secret.key"]  # no drafts left


def _race(path: str, out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    out.put(_key_file(Path(path)).text())


def test_processes_starting_together_agree_on_one_key(tmp_path: Path) -> None:
    path = tmp_path / "secret.key"
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    procs = [ctx.Process(target=_race, args=(str(path), out)) for _ in range(6)]
    for p in procs:
        p.start()
    keys = {out.get(timeout=30) for _ in procs}
    for p in procs:
        p.join(30)
    assert keys == {path.read_text().strip()}


def test_threads_share_the_process_key() -> None:
    seen: list[DataKey] = []
    threads = [threading.Thread(target=lambda: seen.append(data_key())) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({k.key_id for k in seen}) == 1


# -- profiles at rest ------------------------------------------------------------------------

async def test_profile_sealed_at_rest(engine: AsyncEngine) -> None:
    site = f"https://{uuid.uuid4().hex[:8]}.example"
    assert await save_profile(engine, site, cookies=[cookie()]) == 1
    assert await save_profile(engine, site, cookies=[cookie()]) == 1  # same: same version
    raw = await scalar_rows(engine, "select sealed, storage_state is null, cookie_count, "
                                    "sealed::text from session_profiles where site = :s", s=site)
    sealed, plain, count, as_text = raw[0]
    assert plain is True and count == 1
    assert SECRET.encode() not in bytes(sealed) and SECRET not in as_text
    version, state = await load_profile(engine, site)
    assert version == 1 and state is not None and state["cookies"][0]["value"] == SECRET
    assert await save_profile(engine, site, cookies=[cookie("other")]) == 2
    listed = [p for p in await list_profiles(engine) if p["site"] == site]
    assert listed[0]["cookies"] == 1 and SECRET not in json.dumps(listed, default=str)
    assert await delete_profile(engine, site)
    assert await load_profile(engine, site) == (0, None)


async def test_deleted_profile_leaves_no_bytes_in_the_table_files(engine: AsyncEngine,
                                                                  admin_url: str) -> None:
    """After delete, the sealed value is gone from the database's files, not only hidden
    (a plain DELETE leaves the row's bytes in the heap until the space is reused)."""
    site = f"https://{uuid.uuid4().hex[:8]}.example"
    await save_profile(engine, site, cookies=[cookie()])
    sealed = bytes((await scalar_rows(engine, "select sealed from session_profiles "
                                              "where site = :s", s=site))[0][0])
    admin = create_engine_async(admin_url)  # reading files and checkpoints: superuser only
    try:
        base = await _database_dir(admin)
        await _checkpoint(admin)
        assert _found_in(base, sealed), "the probe must see the row before the delete"
        assert await delete_profile(engine, site)  # as the owner role, like a worker
        await _checkpoint(admin)
        assert not _found_in(base, sealed)
    finally:
        await admin.dispose()


async def _database_dir(engine: AsyncEngine) -> Path:
    rows = await scalar_rows(engine, "select current_setting('data_directory'), oid from "
                                     "pg_database where datname = current_database()")
    return Path(rows[0][0]) / "base" / str(rows[0][1])


async def _checkpoint(engine: AsyncEngine) -> None:
    async with engine.connect() as conn:
        auto = await conn.execution_options(isolation_level="AUTOCOMMIT")
        await auto.execute(sa.text("CHECKPOINT"))


def _found_in(directory: Path, needle: bytes) -> bool:
    return any(path.is_file() and needle in path.read_bytes() for path in directory.iterdir())


async def test_migration_seals_profiles_written_before_it(admin_url: str) -> None:
    """A database at revision 0008 with a plain profile: upgrading seals it."""
    name = f"trawl_mig_{uuid.uuid4().hex[:8]}"
    database_url = admin_url
    admin = create_engine_async(admin_url)
    async with admin.connect() as conn:
        auto = await conn.execution_options(isolation_level="AUTOCOMMIT")
        await auto.execute(sa.text(f"create database {name}"))
    url = str(sa.make_url(normalize_url(database_url)).set(database=name)
              .render_as_string(hide_password=False))
    try:
        from alembic import command

        from trawl.store.db import _alembic_config

        sync = sa.create_engine(url)
        with sync.begin() as conn:
            cfg = _alembic_config()
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "0008")
            conn.execute(sa.text("insert into session_profiles (site, storage_state) values "
                                 "('https://old.example', cast(:s as jsonb))"),
                         {"s": json.dumps({"cookies": [cookie()], "origins": []})})
        sync.dispose()
        upgrade_schema(url)
        migrated = create_engine_async(url)
        try:
            raw = await scalar_rows(migrated, "select storage_state is null, cookie_count, sealed "
                                              "from session_profiles")
            assert raw[0][0] is True and raw[0][1] == 1
            assert SECRET.encode() not in bytes(raw[0][2])
            _, state = await load_profile(migrated, "https://old.example")
            assert state is not None and state["cookies"][0]["value"] == SECRET
        finally:
            await migrated.dispose()
    finally:
        async with admin.connect() as conn:
            auto = await conn.execution_options(isolation_level="AUTOCOMMIT")
            await auto.execute(sa.text(f"drop database {name} with (force)"))
        await admin.dispose()


# -- the payload codec and its server ---------------------------------------------------------

async def test_codec_seals_every_payload_and_reads_old_ones() -> None:
    codec = SealingCodec(DataKey.generate())
    plain = Payload(metadata={"encoding": b"json/plain"}, data=json.dumps(
        {"storage_state": {"cookies": [cookie()]}}).encode())
    (sealed,) = await codec.encode([plain])
    assert sealed.metadata["encoding"] == SEALED_ENCODING
    assert SECRET.encode() not in sealed.SerializeToString()
    assert await codec.decode([sealed]) == [plain]
    assert await codec.decode([plain]) == [plain]  # history from before the codec
    with pytest.raises(SealError):
        await SealingCodec(DataKey.generate()).decode([sealed])


def test_codec_server_encodes_decodes_with_cors() -> None:
    body = {"payloads": [{"metadata": {"encoding": base64.b64encode(b"json/plain").decode()},
                          "data": base64.b64encode(json.dumps(SECRET).encode()).decode()}]}
    ui = "http://localhost:8233"
    with codec_server() as endpoint:
        encoded = httpx.post(endpoint + "/encode", json=body, headers={"Origin": ui}).json()
        assert SECRET not in json.dumps(encoded)
        decoded = httpx.post(endpoint + "/decode", json=encoded, headers={"Origin": ui})
        assert decoded.headers["access-control-allow-origin"] == ui
        assert json.loads(base64.b64decode(decoded.json()["payloads"][0]["data"])) == SECRET
        # the key is this process's (TRAWL_SECRET_KEY, set for the whole test session)
        assert os.environ["TRAWL_SECRET_KEY"]
        other = httpx.post(endpoint + "/decode", json=encoded,
                           headers={"Origin": "http://evil.example"})
        assert "access-control-allow-origin" not in other.headers
        bad = httpx.post(endpoint + "/decode", content=b"not json")
        assert bad.status_code == 400


def test_webhook_secret_is_shared_by_a_deployment(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    """Workers holding the same data key sign webhooks alike (a compose deployment sets
    TRAWL_SECRET_KEY for all of them), without a secret of their own; TRAWL_WEBHOOK_SECRET
    wins; with neither, one generated into the data directory."""
    from standardwebhooks import Webhook

    from trawl.config import get_settings
    from trawl.secrets import webhook_secret

    def secret(**env: str) -> str:
        for name in ("TRAWL_WEBHOOK_SECRET", "TRAWL_SECRET_KEY"):
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        monkeypatch.setenv("TRAWL_DATA_DIR", str(tmp_path / "data"))
        get_settings.cache_clear()
        try:
            return webhook_secret()
        finally:
            get_settings.cache_clear()

    key, other = DataKey.generate().text(), DataKey.generate().text()
    derived = secret(TRAWL_SECRET_KEY=key)
    assert derived == secret(TRAWL_SECRET_KEY=key) != secret(TRAWL_SECRET_KEY=other)
    assert derived.startswith("whsec_") and Webhook(derived)
    assert not (tmp_path / "data").exists()  # nothing written for a derived secret
    assert secret(TRAWL_SECRET_KEY=key, TRAWL_WEBHOOK_SECRET="whsec_" + "A" * 44) == \
        "whsec_" + "A" * 44
    generated = secret()
    assert generated == secret() != derived
    assert (tmp_path / "data" / "webhook.secret").stat().st_mode & 0o777 == 0o600
