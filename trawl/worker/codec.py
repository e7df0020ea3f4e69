"""The payload codec: every payload trawl puts into Temporal is sealed with the data key.

Signals, activity inputs and results, heartbeats, queries, memos and the UI summaries all
pass through it (the SDK's encryption-codec pattern, ``temporalio/samples-python``
``encryption/``), so session data a person sends with ``resume`` — from the CLI, MCP or
the web UI — is never in Temporal's history in clear. Search attributes are not payloads:
they stay readable (status, pages done, host), so the UI's list view works without a key.

The web UI and the ``temporal`` CLI read sealed payloads through the codec server
(:mod:`worker.codec_server`; ``trawl up`` runs it for the embedded UI). Payloads written
before the codec existed are read as they are.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence
from datetime import timedelta

import temporalio.converter
from temporalio.api.common.v1 import Payload
from temporalio.api.workflowservice.v1 import DescribeNamespaceRequest
from temporalio.client import Client
from temporalio.converter import PayloadCodec
from temporalio.runtime import Runtime
from temporalio.service import RPCError, RPCStatusCode

from trawl.errors import TemporalError
from trawl.secrets import DataKey, data_key

SEALED_ENCODING = b"binary/encrypted"
"""The encoding the SDK sample uses for encrypted payloads (the UI knows it)."""
KEY_ID_METADATA = "encryption-key-id"
CONNECT_TIMEOUT_S = 15.0
"""How long connecting to Temporal and describing the namespace may take (the SDK alone
waits 30 s for a port that accepts and never answers)."""
CONFIGURED_HINT = "Check TRAWL_TEMPORAL_ADDRESS, or unset it to use the embedded server."


class SealingCodec(PayloadCodec):
    """AES-256-GCM over each whole serialized payload (metadata included)."""

    def __init__(self, key: DataKey | None = None) -> None:
        self._key = key or data_key()

    async def encode(self, payloads: Sequence[Payload]) -> list[Payload]:
        return [Payload(metadata={"encoding": SEALED_ENCODING,
                                  KEY_ID_METADATA: self._key.key_id.hex().encode()},
                        data=self._key.seal(p.SerializeToString()))
                for p in payloads]

    async def decode(self, payloads: Sequence[Payload]) -> list[Payload]:
        decoded = []
        for p in payloads:
            if p.metadata.get("encoding") != SEALED_ENCODING:
                decoded.append(p)  # written before sealing, or by a foreign client
                continue
            decoded.append(Payload.FromString(self._key.open(p.data)))
        return decoded


def data_converter(key: DataKey | None = None) -> temporalio.converter.DataConverter:
    """The SDK's default converter with trawl's sealing codec."""
    return dataclasses.replace(temporalio.converter.default(),
                               payload_codec=SealingCodec(key))


async def connect(address: str, namespace: str = "default", **kwargs: object) -> Client:
    """A Temporal client that seals what it sends and opens what it reads: every client of
    trawl's workflows must use this (or the same converter), or it cannot read them."""
    return await Client.connect(address, namespace=namespace,
                                data_converter=data_converter(), **kwargs)  # type: ignore[arg-type]


async def connect_checked(address: str, namespace: str = "default", *,
                          hint: str = CONFIGURED_HINT, runtime: Runtime | None = None
                          ) -> Client:
    """:func:`connect`, bounded, once the namespace answers a describe: TemporalError (one
    line; ``hint`` says what to do) when Temporal is unreachable, does not answer in time,
    or has no such namespace. ``runtime``: the SDK runtime to report to (the worker's
    metrics)."""
    extra = {} if runtime is None else {"runtime": runtime}
    try:
        client = await asyncio.wait_for(connect(address, namespace=namespace, **extra),
                                        CONNECT_TIMEOUT_S)
        await client.workflow_service.describe_namespace(
            DescribeNamespaceRequest(namespace=namespace),
            timeout=timedelta(seconds=CONNECT_TIMEOUT_S))
    except TimeoutError:
        raise TemporalError(f"Temporal at {address} did not answer within "
                            f"{CONNECT_TIMEOUT_S:.0f}s. {hint}") from None
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND:
            raise TemporalError(
                f"Temporal at {address} has no namespace {namespace!r}: create it (temporal "
                f"operator namespace create --namespace {namespace} --address {address}) or "
                "set TRAWL_TEMPORAL_NAMESPACE") from None
        raise TemporalError(f"Temporal at {address} is not ready: {exc.message}. {hint}"
                            ) from None
    except Exception as exc:
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise TemporalError(f"cannot reach Temporal at {address}: {reason}. {hint}") from exc
    return client
