"""Politeness per site, duplicates, steps and console errors, recrawls.

- sites: the per-host politeness state every worker shares (next fetch slot, Crawl-delay,
  consecutive errors, why the crawl stopped asking the host).
- pages: duplicate_of (identical content stored once), steps + console_errors (dynamic
  content), etag / last_modified / body_hash / change / previous_page_id (recrawls),
  worker (who explored it).
- crawls.recrawl_of: the finished crawl a recrawl revisits.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("sites", sa.Column("next_fetch_at", sa.DateTime(timezone=True)))
    op.add_column("sites", sa.Column("delay_s", sa.Float, nullable=False, server_default="0"))
    op.add_column("sites", sa.Column("consecutive_errors", sa.Integer, nullable=False,
                                     server_default="0"))
    op.add_column("sites", sa.Column("errors", sa.Integer, nullable=False, server_default="0"))
    op.add_column("sites", sa.Column("stopped_reason", sa.Text))

    op.add_column("pages", sa.Column("duplicate_of", sa.Text))
    op.add_column("pages", sa.Column("steps", JSONB))
    op.add_column("pages", sa.Column("console_errors", JSONB))
    op.add_column("pages", sa.Column("etag", sa.Text))
    op.add_column("pages", sa.Column("last_modified", sa.Text))
    op.add_column("pages", sa.Column("body_hash", sa.String(64)))
    op.add_column("pages", sa.Column("change", sa.String(16)))
    op.add_column("pages", sa.Column("previous_page_id", sa.BigInteger))
    op.add_column("pages", sa.Column("worker", sa.String(255)))
    # one original per content hash and crawl; duplicates point at it by URL
    op.create_index("ix_pages_content_hash", "pages", ["crawl_id", "content_hash"],
                    unique=True,
                    postgresql_where=sa.text("content_hash IS NOT NULL AND duplicate_of IS NULL"))

    op.add_column("crawls", sa.Column("recrawl_of", sa.String(32),
                                      sa.ForeignKey("crawls.id", ondelete="SET NULL")))


def downgrade() -> None:
    op.drop_column("crawls", "recrawl_of")
    op.drop_index("ix_pages_content_hash", table_name="pages")
    for column in ("worker", "previous_page_id", "change", "body_hash", "last_modified", "etag",
                   "console_errors", "steps", "duplicate_of"):
        op.drop_column("pages", column)
    for column in ("stopped_reason", "errors", "consecutive_errors", "delay_s",
                   "next_fetch_at"):
        op.drop_column("sites", column)
