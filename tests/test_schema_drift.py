"""The SQLAlchemy models (trawl.store.models) describe the database the migrations build.

The migrations own the schema; the models mirror it for the application's queries and for
readers of the code. Alembic's autogenerate compares the two: on a database migrated to
head it must find nothing to change (tables, columns, types, nullability, server defaults,
indexes, unique and foreign key constraints). What autogenerate does not compare (a
partial index's predicate, a generated column's expression) is compared by building the
models' schema with ``create_all`` in a scratch schema, rolled back, and reading both
definitions back from Postgres.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, MetaData, UniqueConstraint, create_engine, text

from trawl.store.db import normalize_url
from trawl.store.models import Base

ALEMBIC_TABLE = "alembic_version"
"""Alembic's own bookkeeping: in the database, in no model."""
MIGRATED = "public"
SCRATCH = "trawl_models_check"
"""Where the models' own schema is built (and rolled back) for the definitions' check."""
_INDEXES = text("select indexname, indexdef from pg_indexes where schemaname = :s "
                "and tablename <> :skip")
_GENERATED = text("select table_name, column_name, generation_expression "
                  "from information_schema.columns where table_schema = :s "
                  "and is_generated = 'ALWAYS'")


def _include(obj: Any, name: str | None, type_: str, reflected: bool, compare_to: Any) -> bool:
    return not (type_ == "table" and name == ALEMBIC_TABLE)


def schema_drift(conn: Connection, metadata: MetaData) -> list[Any]:
    """What autogenerate would change to make the database match ``metadata``."""
    context = MigrationContext.configure(conn, opts={
        "compare_type": True, "compare_server_default": True,
        "include_object": _include})
    return list(compare_metadata(context, metadata))


def definitions(conn: Connection, schema: str) -> dict[str, str]:
    """Index and generated column definitions in ``schema`` as Postgres prints them, the
    schema's name taken out (so two schemas compare)."""
    found = {f"index {name}": ddl for name, ddl in
             conn.execute(_INDEXES, {"s": schema, "skip": ALEMBIC_TABLE}).all()}
    found |= {f"generated column {table}.{column}": expression for table, column, expression
              in conn.execute(_GENERATED, {"s": schema}).all()}
    return {what: ddl.replace(f"{schema}.", "") for what, ddl in found.items()}


def definitions_drift(conn: Connection, metadata: MetaData) -> dict[str, tuple[str | None,
                                                                             str | None]]:
    """{what: (as migrated, as the models build it)} for every definition that differs."""
    migrated = definitions(conn, MIGRATED)
    with conn.begin_nested() if conn.in_transaction() else conn.begin() as scratch:
        conn.execute(text(f"CREATE SCHEMA {SCRATCH}"))
        # the scratch schema first: the tables are made there; public after it, where the
        # models' frontier sequence (crawl_urls_seq, a migration's) is found
        conn.execute(text(f"SET LOCAL search_path TO {SCRATCH}, {MIGRATED}"))
        metadata.create_all(conn, checkfirst=False)
        built = definitions(conn, SCRATCH)
        scratch.rollback()
    return {what: (migrated.get(what), built.get(what)) for what in migrated.keys() | built
            if migrated.get(what) != built.get(what)}


@pytest.fixture(scope="module")
def migrated(admin_url: str) -> Iterator[Connection]:
    """A sync connection, as the superuser, to the test database (migrated to head by the
    fixture)."""
    engine = create_engine(normalize_url(admin_url))
    try:
        with engine.connect() as conn:
            yield conn
    finally:
        engine.dispose()


def test_the_models_match_the_migrated_database(migrated: Connection) -> None:
    drift = schema_drift(migrated, Base.metadata)
    assert drift == [], "models and migrations differ:\n" + "\n".join(map(str, drift))


def test_the_models_build_the_migrated_indexes_and_generated_columns(
        migrated: Connection) -> None:
    drift = definitions_drift(migrated, Base.metadata)
    assert drift == {}, "models and migrations define these otherwise (migrated, models):\n" \
        + "\n".join(f"{what}: {pair}" for what, pair in sorted(drift.items()))


def _copy_without(change: str) -> MetaData:
    """A copy of the models' metadata with one thing taken out (see the test below)."""
    metadata = MetaData()
    for table in Base.metadata.sorted_tables:
        table.to_metadata(metadata)
    pages = metadata.tables["pages"]
    if change == "column":
        pages._columns.remove(pages.c.worker)
    elif change == "unique constraint":
        (unique,) = [c for c in pages.constraints
                     if isinstance(c, UniqueConstraint) and c.name == "uq_pages_crawl_url"]
        pages.constraints.remove(unique)
    elif change == "index":
        (index,) = [i for i in pages.indexes if i.name == "ix_pages_crawl"]
        pages.indexes.remove(index)
    elif change == "nullability":
        pages.c.title.nullable = False
    elif change == "partial index predicate":
        (index,) = [i for i in metadata.tables["crawl_urls"].indexes
                    if i.name == "ix_crawl_urls_status"]
        index.dialect_options["postgresql"]["where"] = None
    elif change == "generated column expression":
        pages.c.search.computed.sqltext = text(  # type: ignore[union-attr]
            "to_tsvector('english'::regconfig, coalesce(title, ''))")
    return metadata


@pytest.mark.parametrize("change", ["column", "unique constraint", "index", "nullability"])
def test_a_model_missing_something_is_drift(migrated: Connection, change: str) -> None:
    """The comparison above can fail: take one thing out of (a copy of) the models and
    autogenerate notices."""
    drift = schema_drift(migrated, _copy_without(change))
    assert drift, f"a {change} taken out of the models went unnoticed"


@pytest.mark.parametrize("change", ["partial index predicate", "generated column expression",
                                    "index"])
def test_a_model_defining_something_otherwise_is_drift(migrated: Connection,
                                                       change: str) -> None:
    """The definitions' comparison can fail too, where autogenerate is blind."""
    drift = definitions_drift(migrated, _copy_without(change))
    assert drift, f"a changed {change} in the models went unnoticed"
