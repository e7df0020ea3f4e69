"""Agent runs and their steps (``agent_runs``, ``agent_steps``; migration 0017).

Every write is idempotent under retry: a run is created insert-if-absent, a step is keyed
by (run, seq) and written once, so a retried activity finds its step recorded and returns
what it recorded instead of doing it again. The browser's storage state is sealed with the
data key (trawl.secrets) before it rests here.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.errors import ConfigError
from trawl.model import AgentResult, AgentSpec
from trawl.redact import redact_secrets
from trawl.secrets import data_key
from trawl.store.models import AgentRun, AgentStep

STATE_CONTEXT = b"agent-storage-state"
"""What the sealed storage state is bound to (trawl.secrets: a sealed value opens only
where it was sealed for)."""


@dataclass
class StepRecord:
    """One step as written and read."""

    seq: int
    kind: str
    """turn | tool | note"""
    tool: str | None = None
    args: dict[str, Any] | None = None
    ok: bool | None = None
    summary: str | None = None
    messages: list[dict[str, Any]] | None = None
    """pydantic-ai messages (JSON) this step adds to the conversation."""
    result: dict[str, Any] | None = None
    """The step's outcome as its activity returned it (a retried activity returns it)."""
    tokens: int = 0
    url: str | None = None
    screenshot: bytes | None = None
    worker: str | None = None


async def create_run(engine: AsyncEngine, run_id: str, workflow_id: str,
                     spec: AgentSpec) -> None:
    async with engine.begin() as conn:
        await conn.execute(insert(AgentRun).values(
            id=run_id, workflow_id=workflow_id, task=spec.task, start_url=spec.start_url,
            model=spec.model or "", spec=asdict(spec), last_url=spec.start_url,
        ).on_conflict_do_nothing())


async def step(engine: AsyncEngine, run_id: str, seq: int) -> StepRecord | None:
    async with engine.connect() as conn:
        row = (await conn.execute(select(*AgentStep.__table__.columns).where(
            AgentStep.run_id == run_id, AgentStep.seq == seq))).first()
    return None if row is None else _record(row)


async def steps(engine: AsyncEngine, run_id: str, *, screenshots: bool = False
                ) -> list[StepRecord]:
    """The run's steps in order (without their screenshots unless asked)."""
    columns = [c for c in AgentStep.__table__.columns
               if screenshots or c.name != "screenshot"]
    async with engine.connect() as conn:
        rows = (await conn.execute(select(*columns).where(AgentStep.run_id == run_id)
                                   .order_by(AgentStep.seq))).all()
    return [_record(r) for r in rows]


def _record(row: Any) -> StepRecord:
    return StepRecord(seq=row.seq, kind=row.kind, tool=row.tool, args=row.args, ok=row.ok,
                      summary=row.summary, messages=row.messages, result=row.result,
                      tokens=row.tokens, url=row.url,
                      screenshot=getattr(row, "screenshot", None), worker=row.worker)


async def add_step(engine: AsyncEngine, run_id: str, rec: StepRecord, *,
                   url: str | None = None, storage_state: dict[str, Any] | None = None,
                   handoff: str | bool | None = False) -> bool:
    """Write a step once, and the run's counters with it (one transaction); False when the
    step was recorded already (a retry: nothing changes)."""
    values: dict[str, Any] = {"steps": func.greatest(AgentRun.steps, rec.seq),
                              "model_tokens": AgentRun.model_tokens + rec.tokens}
    if url is not None:
        values["last_url"] = url
    if storage_state is not None:
        values["storage_state"] = seal_state(storage_state)
    if handoff is not False:
        values["handoff"] = handoff
        values["status"] = "handoff" if handoff else "running"
    async with engine.begin() as conn:
        added = (await conn.execute(insert(AgentStep).values(
            run_id=run_id, seq=rec.seq, kind=rec.kind, tool=rec.tool, args=rec.args,
            ok=rec.ok, summary=None if rec.summary is None else redact_secrets(rec.summary),
            messages=rec.messages, result=rec.result, tokens=rec.tokens, url=rec.url,
            screenshot=rec.screenshot, worker=rec.worker,
        ).on_conflict_do_nothing().returning(AgentStep.id))).first()
        if added is None:
            return False
        await conn.execute(update(AgentRun).where(AgentRun.id == run_id).values(**values))
    return True


async def run_row(engine: AsyncEngine, run_id: str) -> dict[str, Any] | None:
    """The run's row (without its sealed storage state), or None."""
    columns = [c for c in AgentRun.__table__.columns if c.name != "storage_state"]
    async with engine.connect() as conn:
        row = (await conn.execute(select(*columns).where(AgentRun.id == run_id))).first()
    return None if row is None else dict(row._mapping)


async def find_run(engine: AsyncEngine, ref: str) -> dict[str, Any] | None:
    """A run by its id or workflow id."""
    async with engine.connect() as conn:
        row = (await conn.execute(select(AgentRun.id).where(
            (AgentRun.id == ref.strip()) | (AgentRun.workflow_id == ref.strip())))).first()
    return None if row is None else await run_row(engine, row[0])


async def list_runs(engine: AsyncEngine, limit: int = 50) -> list[dict[str, Any]]:
    async with engine.connect() as conn:
        rows = (await conn.execute(
            select(AgentRun.id, AgentRun.status, AgentRun.task, AgentRun.steps,
                   AgentRun.model_tokens, AgentRun.created_at)
            .order_by(AgentRun.created_at.desc()).limit(limit))).all()
    return [dict(r._mapping) for r in rows]


async def storage_state(engine: AsyncEngine, run_id: str) -> dict[str, Any] | None:
    """The run's browser storage state (opened), or None."""
    async with engine.connect() as conn:
        sealed = (await conn.execute(select(AgentRun.storage_state)
                                     .where(AgentRun.id == run_id))).scalar_one_or_none()
    if sealed is None:
        return None
    state: dict[str, Any] = json.loads(data_key().open(sealed, context=STATE_CONTEXT))
    return state


def seal_state(state: dict[str, Any]) -> bytes:
    return data_key().seal(json.dumps(state).encode(), context=STATE_CONTEXT)


async def save_storage_state(engine: AsyncEngine, run_id: str, state: dict[str, Any]) -> None:
    async with engine.begin() as conn:
        await conn.execute(update(AgentRun).where(AgentRun.id == run_id)
                           .values(storage_state=seal_state(state)))


async def finish_run(engine: AsyncEngine, result: AgentResult) -> None:
    """Record how the run ended (a retry changes nothing more)."""
    async with engine.begin() as conn:
        await conn.execute(update(AgentRun).where(AgentRun.id == result.run_id).values(
            status=result.status, handoff=None,
            result=None if result.answer is None else {"answer": result.answer},
            error=None if result.error is None else redact_secrets(result.error),
            finished_at=func.coalesce(AgentRun.finished_at, func.now())))


def check_run_id(run_id: str) -> str:
    if not run_id or len(run_id) > 32:
        raise ConfigError(f"not an agent run id: {run_id!r}")
    return run_id
