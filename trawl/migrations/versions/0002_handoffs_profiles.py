"""Handoffs (a crawl waiting for a person) and per-site session profiles.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "handoffs",
        sa.Column("id", sa.BigInteger, primary_key=True, autoincrement=True),
        sa.Column("crawl_id", sa.String(32), sa.ForeignKey("crawls.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("site", sa.String(512), nullable=False),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("workflow_id", sa.String(512), nullable=False),
        sa.Column("reason", sa.String(32), nullable=False),
        sa.Column("detail", sa.Text),
        sa.Column("screenshot", sa.LargeBinary),
        sa.Column("created_at", TZ, nullable=False, server_default=sa.func.now()),
        sa.Column("resolved_at", TZ),
        sa.Column("resolved_by", sa.String(255)),
        sa.Column("note", sa.Text),
    )
    op.create_index("uq_handoffs_open", "handoffs", ["crawl_id", "url"], unique=True,
                    postgresql_where=sa.text("resolved_at IS NULL"))
    op.create_index("ix_handoffs_crawl", "handoffs", ["crawl_id", "site"])
    op.create_table(
        "session_profiles",
        sa.Column("site", sa.String(512), primary_key=True),
        sa.Column("storage_state", postgresql.JSONB, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("created_at", TZ, nullable=False, server_default=sa.func.now()),
        sa.Column("updated_at", TZ, nullable=False, server_default=sa.func.now()),
    )


def downgrade() -> None:
    op.drop_table("session_profiles")
    op.drop_table("handoffs")
