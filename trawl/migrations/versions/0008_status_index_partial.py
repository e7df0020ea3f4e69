"""The frontier's status index holds only the rows looked up by status: claimed, blocked.

``ix_crawl_urls_status`` was (crawl_id, status) over every row. For a crawl whose id is in no
statistics yet (every new crawl, until ANALYZE), the planner expects one row per crawl from
any index led by crawl_id, and the status index, smaller than the primary key, won the
tie for a look-up by (crawl_id, url): each page's frontier check would then read the
crawl's whole range of the index, filtering by URL (seen in tests/test_query_plans.py once
the table held crawls of other shapes). Rows are looked up by status only while claimed or
blocked (queued ones have their own partial index, ``ix_crawl_urls_queued``): as a partial
index on those, it can no longer stand in for the key, and stays a few rows per crawl.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

STATUSES = "('claimed', 'blocked')"


def upgrade() -> None:
    op.execute("DROP INDEX IF EXISTS ix_crawl_urls_status")
    op.execute("CREATE INDEX ix_crawl_urls_status ON crawl_urls (crawl_id, status) "
               f"WHERE status IN {STATUSES}")


def downgrade() -> None:
    op.execute("DROP INDEX IF EXISTS ix_crawl_urls_status")
    op.execute("CREATE INDEX ix_crawl_urls_status ON crawl_urls (crawl_id, status)")
