"""What storing a page's text search costs Postgres, and whether the GIN index's pending
list (``fastupdate``) changes it: per-insert time of the 530 Python docs pages' real
extractions into copies of ``pages`` (same columns, generated ``search`` column and
indexes) with the GIN index as migrated (fastupdate on: Postgres' default), with
fastupdate off, without the GIN index, without the markdown, and without text and
markdown; ``to_tsvector`` alone; the search column's and the texts' sizes; and that a
search query returns the same rows with either GIN setting (before and after the pending
list is flushed).

    .venv/bin/python bench/search_cost.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from bench._services import local_postgres  # noqa: E402
from bench.extract_equivalence import DOC_ROOTS, docs_pages  # noqa: E402
from trawl.extract import extract  # noqa: E402

COLUMNS = ("crawl_id", "url", "site", "depth", "title", "headline", "description",
           "markdown", "text", "word_count", "metadata")
VARIANTS = ("as migrated (fastupdate on)", "fastupdate off", "no GIN index", "no markdown",
            "no text/markdown")
QUERY = ("SELECT url FROM {t} WHERE search @@ websearch_to_tsquery('english', %s) "
         "ORDER BY ts_rank(search, websearch_to_tsquery('english', %s)) DESC, url LIMIT 20")
TERMS = ("json decoder", "asyncio event loop", "unicode normalization", "thread lock")


def _rows() -> list[tuple]:
    rows = []
    for _rel, html, url in docs_pages("python", DOC_ROOTS["python"]):
        r = extract(html, url)
        rows.append(("c", url, "python.docs.test", 1, r.title, r.headline, r.description,
                     r.markdown, r.text, r.word_count, "{}"))
    return rows


def _table(conn: psycopg.Connection, name: str, variant: str) -> None:
    conn.execute(f"DROP TABLE IF EXISTS {name}")
    conn.execute(f"CREATE TABLE {name} (LIKE pages INCLUDING DEFAULTS INCLUDING GENERATED "
                 "INCLUDING INDEXES)")
    index = conn.execute("SELECT indexname FROM pg_indexes WHERE tablename = %s AND "
                         "indexdef LIKE '%%USING gin (search)%%'", (name,)).fetchone()[0]
    if variant == "fastupdate off":
        conn.execute(f"ALTER INDEX {index} SET (fastupdate = off)")
    elif variant == "no GIN index":
        conn.execute(f"DROP INDEX {index}")


def _insert(conn: psycopg.Connection, name: str, rows: list[tuple], variant: str) -> float:
    sql = (f"INSERT INTO {name} ({', '.join(COLUMNS)}) VALUES "
           f"({', '.join(['%s'] * len(COLUMNS))})")
    times = []
    for row in rows:
        if variant == "no text/markdown":
            row = (*row[:7], None, None, *row[9:])
        elif variant == "no markdown":
            row = (*row[:7], None, *row[8:])
        t0 = time.perf_counter()
        conn.execute(sql, row)
        times.append(time.perf_counter() - t0)
    return sum(times) / len(times) * 1000


def main(rounds: int) -> None:
    rows = _rows()
    text_kb = statistics.mean(len(r[8].encode()) for r in rows) / 1024
    md_kb = statistics.mean(len(r[7].encode()) for r in rows) / 1024
    print(f"{len(rows)} pages; text {text_kb:.1f} KB, markdown {md_kb:.1f} KB per page "
          f"(mean); load average {os.getloadavg()[0]:.2f}")
    with local_postgres() as db_url:
        url = make_url(db_url).set(drivername="postgresql")
        with psycopg.connect(url.render_as_string(hide_password=False),
                             autocommit=True) as conn:
            per: dict[str, list[float]] = {v: [] for v in VARIANTS}
            for _ in range(rounds):
                for i, variant in enumerate(VARIANTS):
                    name = f"exp_{i}"
                    _table(conn, name, variant)
                    per[variant].append(_insert(conn, name, rows, variant))
            for variant in VARIANTS:
                print(f"  insert, {variant:28s} {statistics.median(per[variant]):6.2f} ms "
                      f"per page (median of {rounds}: "
                      f"{', '.join(f'{x:.2f}' for x in per[variant])})")
            tsv = []
            for _ in range(rounds):
                t0 = time.perf_counter()
                for row in rows:
                    conn.execute("SELECT length(to_tsvector('english', left(%s, 400000)))",
                                 (row[8],))
                tsv.append((time.perf_counter() - t0) / len(rows) * 1000)
            print(f"  to_tsvector over the text alone (a SELECT each): "
                  f"{statistics.median(tsv):.2f} ms per page")
            size = conn.execute("SELECT avg(pg_column_size(search)) FROM exp_0").fetchone()[0]
            print(f"  search column {float(size) / 1024:.1f} KB per page")
            same = True
            for term in TERMS:
                on = conn.execute(QUERY.format(t="exp_0"), (term, term)).fetchall()
                off = conn.execute(QUERY.format(t="exp_1"), (term, term)).fetchall()
                same = same and on == off and bool(on)
            conn.execute("VACUUM exp_0")  # flushes the pending list into the index
            for term in TERMS:
                flushed = conn.execute(QUERY.format(t="exp_0"), (term, term)).fetchall()
                off = conn.execute(QUERY.format(t="exp_1"), (term, term)).fetchall()
                same = same and flushed == off
            plan = conn.execute("EXPLAIN " + QUERY.format(t="exp_0"),
                                ("json decoder", "json decoder")).fetchall()
            print(f"  search results identical with either setting, before and after the "
                  f"pending list's flush: {same}")
            print("  plan: " + " / ".join(p[0].strip() for p in plan[:4]))
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    main(parser.parse_args().rounds)
