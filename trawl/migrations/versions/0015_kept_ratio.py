"""How much of each page was kept (issue 26): ``pages.kept_ratio``.

The share of the page's readable text (its body less navigation chrome and hidden elements)
that the stored content keeps, 0..1; NULL for what is not an HTML page with text (a
document, an error, a redirect). Pages whose main-content selection dropped much of their
prose carry ``metadata.thin_content`` ("main content kept ...": see
``trawl.crawler.thin.partial_reason``), counted with the other thin pages.

trawl_record_page is 0014's, with the column written like the others, and ``kept_ratio``
in the ``page_stored``/``page_failed`` event's data.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-26
"""

import importlib

from alembic import op

from trawl.migrations.edits import edited

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

_PREVIOUS = importlib.import_module("trawl.migrations.versions.0014_events")
# (old, new): each occurs once in 0014's function: the insert's columns, its values, the
# update of a row recorded before, and the event's data
_EDITS = (
    ("content_hash, word_count, metadata,", "content_hash, word_count, kept_ratio, metadata,"),
    ("v_page.word_count, v_page.metadata,",
     "v_page.word_count, v_page.kept_ratio, v_page.metadata,"),
    ("word_count = EXCLUDED.word_count,",
     "word_count = EXCLUDED.word_count, kept_ratio = EXCLUDED.kept_ratio,"),
    ("'word_count', v_page.word_count,",
     "'word_count', v_page.word_count, 'kept_ratio', v_page.kept_ratio,"),
)


RECORD_PAGE = edited(_PREVIOUS.RECORD_PAGE, _EDITS, "0015: 0014's trawl_record_page")


def upgrade() -> None:
    op.execute("ALTER TABLE pages ADD COLUMN kept_ratio real")
    op.execute(RECORD_PAGE)


def downgrade() -> None:
    op.execute(_PREVIOUS.RECORD_PAGE)
    op.execute("ALTER TABLE pages DROP COLUMN kept_ratio")
