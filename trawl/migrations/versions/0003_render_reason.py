"""pages.render_reason: why a page was rendered in the browser or read as fetched.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("pages", sa.Column("render_reason", sa.Text))


def downgrade() -> None:
    op.drop_column("pages", "render_reason")
