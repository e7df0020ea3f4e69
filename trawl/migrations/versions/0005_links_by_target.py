"""links: the index for "what links to X" leads with the target URL.

As ``(crawl_id, to_url)`` it competed with the primary key ``(crawl_id, from_url,
position)`` for "the links of page P of crawl C", and lost where it should not: once
ANALYZE has run, a new crawl's id is in no statistics, the planner expects one row for it
from either index and may take this one, filtering every link of the crawl for the page.
Recording a page deletes its old links that way, so each page cost more as the crawl grew
(on the Python docs, Postgres CPU per page went from ~6 ms to ~17 ms after one ANALYZE).
As ``(to_url, crawl_id)`` it serves the same look-ups by target, and cannot be mistaken
for a look-up by crawl.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22
"""

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_links_to", table_name="links")
    op.create_index("ix_links_to", "links", ["to_url", "crawl_id"])


def downgrade() -> None:
    op.drop_index("ix_links_to", table_name="links")
    op.create_index("ix_links_to", "links", ["crawl_id", "to_url"])
