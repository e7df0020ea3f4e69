"""The article's headline in a column of its own (``pages.headline``), out of ``text``.

Readers of ``pages.text`` asked for the article's body: its headline, which extraction
lifts off the top of the content, used to be put back in front of it. The headline now has
its own column (NULL when the page has none); ``markdown`` still starts with it as
``# headline`` and ``metadata.headings`` still lists it first.

trawl_record_page is 0007's, with the headline column written like the others.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25
"""

import importlib

from alembic import op

from trawl.migrations.edits import edited

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

_PREVIOUS = importlib.import_module("trawl.migrations.versions.0007_queue_limit")
# (old, new): each occurs once in 0007's function: the insert's columns, its values, and the
# update of a row recorded before
_EDITS = (
    ("content_length, title, description,", "content_length, title, headline, description,"),
    ("v_page.content_length, v_page.title,",
     "v_page.content_length, v_page.title, v_page.headline,"),
    ("title = EXCLUDED.title,", "title = EXCLUDED.title, headline = EXCLUDED.headline,"),
)


RECORD_PAGE = edited(_PREVIOUS.RECORD_PAGE, _EDITS, "0011: 0007's trawl_record_page")


def upgrade() -> None:
    op.execute("ALTER TABLE pages ADD COLUMN headline text")
    op.execute(RECORD_PAGE)


def downgrade() -> None:
    op.execute(_PREVIOUS.RECORD_PAGE)
    op.execute("ALTER TABLE pages DROP COLUMN headline")
