"""Full-text search finds a page by its headline (``pages.search``, weight A like the title).

Since 0011 the headline is out of ``text``, so a page whose headline alone said a word
could no longer be found by it. The generated column is made again with the headline in
it (dropped and added: Postgres before 17 cannot change a generated column's expression;
on a large table this rewrites it once), and its GIN index with it.

Each migration spells its expression out: the models' SEARCH_EXPRESSION is the newest one,
and tests/test_schema_drift.py compares the two.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

_TEXT_LIMIT = 400_000
_BEFORE = (
    "setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || "
    "setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || "
    f"setweight(to_tsvector('english'::regconfig, left(coalesce(text, ''), {_TEXT_LIMIT})),"
    " 'C')"
)
_AFTER = (
    "setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || "
    "setweight(to_tsvector('english'::regconfig, coalesce(headline, '')), 'A') || "
    "setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || "
    f"setweight(to_tsvector('english'::regconfig, left(coalesce(text, ''), {_TEXT_LIMIT})),"
    " 'C')"
)


def _search_column(expression: str) -> None:
    op.drop_index("ix_pages_search", table_name="pages")
    op.drop_column("pages", "search")
    op.add_column("pages", sa.Column("search", postgresql.TSVECTOR,
                                     sa.Computed(expression, persisted=True)))
    op.create_index("ix_pages_search", "pages", ["search"], postgresql_using="gin")


def upgrade() -> None:
    _search_column(_AFTER)


def downgrade() -> None:
    _search_column(_BEFORE)
