"""Session profiles are sealed at rest: ``sealed`` (AES-GCM under the data key) replaces the
plain ``storage_state`` jsonb, and ``cookie_count`` keeps what `trawl profiles` shows.

Existing plain profiles are sealed here, with this process's data key (``TRAWL_SECRET_KEY``
or the data directory's ``secret.key``), and their plain column emptied.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from trawl.secrets import data_key

    op.add_column("session_profiles", sa.Column("sealed", sa.LargeBinary(), nullable=True))
    op.add_column("session_profiles", sa.Column("cookie_count", sa.Integer(), nullable=False,
                                                server_default="0"))
    op.alter_column("session_profiles", "storage_state", nullable=True)
    # the embedded Postgres's read-only role (trawl sql) never reads session profiles
    op.execute("DO $$ BEGIN IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'trawl_reader') "
               "THEN REVOKE ALL ON session_profiles FROM trawl_reader; END IF; END $$")
    conn = op.get_bind()
    rows = conn.execute(sa.text("select site, storage_state from session_profiles "
                                "where storage_state is not null")).all()
    if rows:
        key = data_key()
        for site, state in rows:
            conn.execute(sa.text(
                "update session_profiles set sealed = :sealed, storage_state = null, "
                "cookie_count = :n where site = :site"),
                {"sealed": key.seal(json.dumps(state).encode(), context=site.encode()),
                 "n": len(state.get("cookies") or []), "site": site})


def downgrade() -> None:
    # sealed profiles cannot come back as plain ones without the key: they are dropped
    op.execute("delete from session_profiles where storage_state is null")
    op.alter_column("session_profiles", "storage_state", nullable=False)
    op.drop_column("session_profiles", "cookie_count")
    op.drop_column("session_profiles", "sealed")
