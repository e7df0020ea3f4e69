"""Editing a database function's definition from one migration to the next.

A migration that changes ``trawl_record_page`` takes the previous migration's definition
and applies a few textual edits to it, each of which must match exactly once, so the
function's whole text lives in one migration and each later one says only what changed.
"""

from __future__ import annotations

from collections.abc import Sequence


def edited(sql: str, edits: Sequence[tuple[str, str]], where: str) -> str:
    """``sql`` with each ``(old, new)`` of ``edits`` applied in turn; RuntimeError naming
    ``where`` (e.g. "0014: 0013's trawl_record_page") unless each ``old`` occurs exactly
    once."""
    for old, new in edits:
        if sql.count(old) != 1:
            raise RuntimeError(f"{where}: {old!r} is not there exactly once")
        sql = sql.replace(old, new)
    return sql
