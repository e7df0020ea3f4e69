"""How many times each URL has been handed to a person (``crawl_urls.handoffs``): a resume
must move a crawl forward, so a URL that blocks again after resumes is given up after a
bounded number of tries instead of asking forever.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("crawl_urls", sa.Column("handoffs", sa.Integer(), nullable=False,
                                          server_default="0"))


def downgrade() -> None:
    op.drop_column("crawl_urls", "handoffs")
