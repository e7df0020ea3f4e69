"""Page formats (issue 18): the HTML read and a screenshot per page, and chunks.

- ``pages.raw_html``: the HTML read (the body as served, decoded; or the browser's DOM),
  UTF-8, gzip-compressed (``--store html``); ``pages.screenshot``: a PNG of the rendered
  page (``--store screenshot``, browser-rendered pages).
- ``chunks``: each page's markdown in heading-aware chunks (``--chunk``), with their
  heading path, for retrieval; full-text indexed like ``pages``.

(Numbered 0013: 0012, the headline in pages.search, came first; it left trawl_record_page
alone.) trawl_record_page is 0011's, and writes these in the same statement: the payload carries
the two blobs base64-encoded beside ``page`` (``raw_html``, ``screenshot``) and the page's
``chunks`` as ``[heading path, markdown]`` rows. A page's chunks are replaced whenever its
row is written (only while its URL is claimed, as before), so a retried explore never
duplicates one; a duplicate page (its content stored at another URL) has none.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-25
"""

import importlib

from alembic import op

from trawl.migrations.edits import edited

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

_PREVIOUS = importlib.import_module("trawl.migrations.versions.0011_page_headline")
CHUNK_SEARCH = "to_tsvector('english'::regconfig, left(markdown, 400000))"
"""chunks.search: the chunk's markdown (Postgres refuses a tsvector over 1 MB)."""
# (old, new): each occurs once in 0011's function
_EDITS = (
    ("    v_room bigint;\n", "    v_room bigint;\n    v_page_id bigint;\n"),
    ("v_page := jsonb_populate_record(NULL::pages, rec->'page');\n",
     "v_page := jsonb_populate_record(NULL::pages, rec->'page');\n"
     "        v_page.raw_html := decode(rec->>'raw_html', 'base64');\n"
     "        v_page.screenshot := decode(rec->>'screenshot', 'base64');\n"),
    ("previous_page_id, worker, duplicate_of,\n                fetched_at)",
     "previous_page_id, worker, duplicate_of,\n                fetched_at, raw_html, screenshot)"),
    ("v_page.duplicate_of, now())",
     "v_page.duplicate_of, now(),\n                v_page.raw_html, v_page.screenshot)"),
    ("duplicate_of = EXCLUDED.duplicate_of, fetched_at = EXCLUDED.fetched_at;\n",
     "duplicate_of = EXCLUDED.duplicate_of, fetched_at = EXCLUDED.fetched_at,\n"
     "                raw_html = EXCLUDED.raw_html, screenshot = EXCLUDED.screenshot\n"
     "            RETURNING id INTO v_page_id;\n"
     "        DELETE FROM chunks WHERE page_id = v_page_id;\n"
     "        IF v_page.duplicate_of IS NULL AND rec ? 'chunks' THEN\n"
     "            INSERT INTO chunks (page_id, crawl_id, ordinal, heading_path, markdown,\n"
     "                    char_count)\n"
     "                SELECT v_page_id, v_crawl, c.ordinal - 1,\n"
     "                       ARRAY(SELECT jsonb_array_elements_text(c.row->0)),\n"
     "                       c.row->>1, length(c.row->>1)\n"
     "                FROM jsonb_array_elements(rec->'chunks') WITH ORDINALITY\n"
     "                    AS c(row, ordinal);\n"
     "        END IF;\n"),
)


RECORD_PAGE = edited(_PREVIOUS.RECORD_PAGE, _EDITS, "0013: 0011's trawl_record_page")


def upgrade() -> None:
    op.execute("ALTER TABLE pages ADD COLUMN raw_html bytea, ADD COLUMN screenshot bytea")
    op.execute(f"""
        CREATE TABLE chunks (
            id bigserial PRIMARY KEY,
            page_id bigint NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
            crawl_id varchar(32) NOT NULL REFERENCES crawls (id) ON DELETE CASCADE,
            ordinal integer NOT NULL,
            heading_path text[] NOT NULL,
            markdown text NOT NULL,
            char_count integer NOT NULL,
            search tsvector GENERATED ALWAYS AS ({CHUNK_SEARCH}) STORED,
            CONSTRAINT uq_chunks_page_ordinal UNIQUE (page_id, ordinal)
        )""")
    op.execute("CREATE INDEX ix_chunks_crawl ON chunks (crawl_id, page_id, ordinal)")
    op.execute("CREATE INDEX ix_chunks_search ON chunks USING gin (search)")
    op.execute(RECORD_PAGE)


def downgrade() -> None:
    op.execute(_PREVIOUS.RECORD_PAGE)
    op.execute("DROP TABLE chunks")
    op.execute("ALTER TABLE pages DROP COLUMN raw_html, DROP COLUMN screenshot")
