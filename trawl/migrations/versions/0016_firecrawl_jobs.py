"""Firecrawl-compatible jobs (issue 31): the crawls started through the Firecrawl API.

- ``firecrawl_jobs``: one row per crawl or batch scrape a Firecrawl client started (``POST
  /v2/crawl``, ``/v2/batch/scrape`` and their v1 forms). The crawl itself is an ordinary
  trawl crawl (its ``crawls`` row, frontier, pages and events); this row holds what only
  the Firecrawl side needs: the kind of job, the API version asked, how its documents are
  rendered (formats, onlyMainContent...), and its webhook's event filter, metadata and
  headers (sealed with the data key: they may carry the receiver's credentials).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-01
"""

from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("""
        CREATE TABLE firecrawl_jobs (
            crawl_id varchar(32) PRIMARY KEY REFERENCES crawls (id) ON DELETE CASCADE,
            kind varchar(16) NOT NULL,
            api_version varchar(4) NOT NULL,
            options jsonb NOT NULL,
            webhook_events jsonb,
            webhook_metadata jsonb,
            webhook_headers bytea,
            created_at timestamptz NOT NULL DEFAULT now()
        )""")


def downgrade() -> None:
    op.execute("DROP TABLE firecrawl_jobs")
