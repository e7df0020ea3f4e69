"""The count of URLs a crawl's pages queued moves from the crawls row to 32 counters.

trawl_record_page added each page's new URLs to ``crawls.urls_queued``: every page with a
new link wrote the crawl's one row, and held its lock until the page's transaction
committed (its WAL flushed). A crawl of many sites records pages of all of them at once,
and Postgres showed about twenty recording backends waiting on that row (bench/breadth.py,
1,000 sites, two workers): the crawl recorded one page at a time. The count now lives in
``crawl_counters``, one row per (crawl, shard), the shard chosen by the page's URL: pages
recorded at once write different rows. The queue limit reads their sum (32 rows of the
crawl's own, by its key).

trawl_record_page is 0017's with three statements changed (the room read, the count's
increment, and its decrement for a URL given back), and nothing else: edits applied to
0017's text (trawl.migrations.edits), so what 0015 and 0017 changed in other parts of the
function (kept_ratio, extracted data, a followed URL's priority) is kept.

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-26
"""

import importlib

from alembic import op

from trawl.migrations.edits import edited

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

SHARDS = 32
"""Counters per crawl (a power of two: the shard is the URL's hash masked)."""
_PREVIOUS = importlib.import_module("trawl.migrations.versions.0017_extraction_goal")
# (old, new): each occurs once in 0017's function
_EDITS = (
    ("    v_page_id bigint;\n",
     f"    v_page_id bigint;\n    v_shard smallint := hashtext(rec->>'url') & {SHARDS - 1};\n"),
    ("        SELECT greatest(v_limit - urls_queued, 0) INTO v_room FROM crawls "
     "WHERE id = v_crawl;",
     "        SELECT greatest(v_limit - coalesce(sum(urls_queued), 0), 0) INTO v_room\n"
     "            FROM crawl_counters WHERE crawl_id = v_crawl;"),
    ("            UPDATE crawls SET urls_queued = urls_queued + new_urls WHERE id = v_crawl;",
     "            INSERT INTO crawl_counters (crawl_id, shard, urls_queued)\n"
     "                VALUES (v_crawl, v_shard, new_urls)\n"
     "                ON CONFLICT (crawl_id, shard) DO UPDATE\n"
     "                SET urls_queued = crawl_counters.urls_queued + EXCLUDED.urls_queued;"),
    ("        UPDATE crawls SET pages_claimed = pages_claimed - 1,\n"
     "                urls_queued = greatest(urls_queued - 1, 0) WHERE id = v_crawl;",
     # the place is given back on the page's own shard when it holds one (a shard at 0
     # keeps it: the sum may stay one too high, never too low)
     "        UPDATE crawls SET pages_claimed = pages_claimed - 1 WHERE id = v_crawl;\n"
     "        UPDATE crawl_counters SET urls_queued = urls_queued - 1\n"
     "            WHERE crawl_id = v_crawl AND shard = v_shard AND urls_queued > 0;"),
)

RECORD_PAGE = edited(_PREVIOUS.RECORD_PAGE, _EDITS, "0018: 0017's trawl_record_page")


def upgrade() -> None:
    op.execute("""
        CREATE TABLE crawl_counters (
            crawl_id varchar(32) NOT NULL REFERENCES crawls (id) ON DELETE CASCADE,
            shard smallint NOT NULL,
            urls_queued bigint NOT NULL DEFAULT 0,
            PRIMARY KEY (crawl_id, shard)
        )""")
    op.execute("INSERT INTO crawl_counters (crawl_id, shard, urls_queued) "
               "SELECT id, 0, urls_queued FROM crawls WHERE urls_queued <> 0")
    op.execute(RECORD_PAGE)
    op.execute("ALTER TABLE crawls DROP COLUMN urls_queued")


def downgrade() -> None:
    op.execute("ALTER TABLE crawls ADD COLUMN urls_queued bigint NOT NULL DEFAULT 0")
    op.execute("UPDATE crawls c SET urls_queued = greatest(s.queued, 0) FROM ("
               "SELECT crawl_id, sum(urls_queued) AS queued FROM crawl_counters "
               "GROUP BY crawl_id) s WHERE s.crawl_id = c.id")
    op.execute(_PREVIOUS.RECORD_PAGE)
    op.execute("DROP TABLE crawl_counters")
