"""Initial schema: crawls, sites, crawl_urls (frontier), pages, links.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)
# As this revision created it, written out: a migration never follows later edits of the
# models (tests/test_schema_drift.py checks that the models still say the same).
SEARCH_EXPRESSION = (
    "setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || "
    "setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || "
    "setweight(to_tsvector('english'::regconfig, left(coalesce(text, ''), 400000)), 'C')"
)


def upgrade() -> None:
    op.create_table(
        "crawls",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("workflow_id", sa.String(255), nullable=False, unique=True),
        sa.Column("seeds", postgresql.JSONB, nullable=False),
        sa.Column("spec", postgresql.JSONB, nullable=False),
        sa.Column("status", sa.String(32), nullable=False, server_default="running"),
        sa.Column("pages_claimed", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", TZ, nullable=False, server_default=sa.func.now()),
        sa.Column("finished_at", TZ),
    )
    op.create_table(
        "sites",
        sa.Column("crawl_id", sa.String(32), sa.ForeignKey("crawls.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("site", sa.String(512), primary_key=True),
        sa.Column("created_at", TZ, nullable=False, server_default=sa.func.now()),
    )
    op.execute("CREATE SEQUENCE crawl_urls_seq")
    op.create_table(
        "crawl_urls",
        sa.Column("crawl_id", sa.String(32), sa.ForeignKey("crawls.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("url", sa.Text, primary_key=True),
        sa.Column("seq", sa.BigInteger, nullable=False,
                  server_default=sa.text("nextval('crawl_urls_seq')")),
        sa.Column("site", sa.String(512), nullable=False),
        sa.Column("depth", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, server_default="queued"),
        sa.Column("found_on", sa.Text),
        sa.Column("claim_token", sa.String(255)),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("redirect_to", sa.Text),
        sa.Column("reason", sa.Text),
        sa.Column("updated_at", TZ, nullable=False, server_default=sa.func.now()),
    )
    op.create_index("ix_crawl_urls_queue", "crawl_urls", ["crawl_id", "site", "depth", "seq"],
                    postgresql_where=sa.text("status = 'queued'"))
    op.create_index("ix_crawl_urls_status", "crawl_urls", ["crawl_id", "status"])
    op.create_index("ix_crawl_urls_claim_token", "crawl_urls", ["claim_token"],
                    postgresql_where=sa.text("claim_token IS NOT NULL"))
    op.create_table(
        "pages",
        sa.Column("id", sa.BigInteger, primary_key=True, autoincrement=True),
        sa.Column("crawl_id", sa.String(32), sa.ForeignKey("crawls.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("final_url", sa.Text),
        sa.Column("site", sa.String(512), nullable=False),
        sa.Column("depth", sa.Integer, nullable=False),
        sa.Column("status_code", sa.Integer),
        sa.Column("content_type", sa.String(255)),
        sa.Column("content_length", sa.BigInteger),
        sa.Column("title", sa.Text),
        sa.Column("description", sa.Text),
        sa.Column("language", sa.String(64)),
        sa.Column("canonical_url", sa.Text),
        sa.Column("markdown", sa.Text),
        sa.Column("text", sa.Text),
        sa.Column("content_hash", sa.String(64)),
        sa.Column("word_count", sa.Integer),
        sa.Column("metadata", postgresql.JSONB),
        sa.Column("render_mode", sa.String(16)),
        sa.Column("fetch_ms", sa.Integer),
        sa.Column("render_ms", sa.Integer),
        sa.Column("error_class", sa.String(64)),
        sa.Column("error_message", sa.Text),
        sa.Column("fetched_at", TZ, nullable=False, server_default=sa.func.now()),
        sa.Column("search", postgresql.TSVECTOR,
                  sa.Computed(SEARCH_EXPRESSION, persisted=True)),
        sa.UniqueConstraint("crawl_id", "url", name="uq_pages_crawl_url"),
    )
    op.create_index("ix_pages_search", "pages", ["search"], postgresql_using="gin")
    op.create_index("ix_pages_crawl", "pages", ["crawl_id", "id"])
    op.create_table(
        "links",
        sa.Column("crawl_id", sa.String(32), sa.ForeignKey("crawls.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("from_url", sa.Text, primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("to_url", sa.Text, nullable=False),
        sa.Column("anchor_text", sa.Text, nullable=False, server_default=""),
        sa.Column("internal", sa.Boolean, nullable=False),
        sa.Column("rel", sa.String(255)),
    )
    op.create_index("ix_links_to", "links", ["crawl_id", "to_url"])


def downgrade() -> None:
    for table in ("links", "pages", "crawl_urls", "sites", "crawls"):
        op.drop_table(table)
    op.execute("DROP SEQUENCE IF EXISTS crawl_urls_seq")
