"""Events (issue 18): what a crawl tells the outside world, written with what it reports.

- ``events``: one row per page stored or failed, handoff opened or resumed, and the crawl's
  end; unique per (crawl, type, subject), so a retried write adds none. ``event_id`` (a
  UUID) is what receivers de-duplicate by; ``xid`` (the writing transaction) orders them
  safely for readers (see CURRENT_XID); ``delivered_at``/``attempts``/``last_error`` keep
  the webhook's delivery state.
- ``trawl_record_page`` (0013's, one statement added) writes the page's event in the same
  transaction as its row: ``page_stored`` for outcome done, ``page_failed`` for failed
  (redirects, skips and handoffs have events of their own or none).

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26
"""

import importlib

from alembic import op

from trawl.migrations.edits import edited

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

CURRENT_XID = "(pg_current_xact_id()::text::bigint)"
"""``events.xid``: the writing transaction's id. Readers take events in (xid, id) order and
only those of transactions older than every transaction still running (the snapshot's
xmin): a sequence's order is not commit order, so reading by ``id`` alone could pass over an
event whose transaction commits after a later id was read, and never deliver it."""
_PREVIOUS = importlib.import_module("trawl.migrations.versions.0013_page_formats")
PAGE_EVENT = """
    IF v_outcome IN ('done', 'failed') AND rec ? 'page' THEN
        INSERT INTO events (crawl_id, type, subject, data)
            VALUES (v_crawl,
                    CASE v_outcome WHEN 'done' THEN 'page_stored' ELSE 'page_failed' END,
                    v_url,
                    jsonb_build_object(
                        'url', v_url, 'page_id', v_page_id, 'final_url', v_page.final_url,
                        'status_code', v_page.status_code, 'title', v_page.title,
                        'word_count', v_page.word_count, 'render_mode', v_page.render_mode,
                        'error_class', v_page.error_class,
                        'error_message', left(v_page.error_message, 500),
                        'duplicate_of', v_page.duplicate_of, 'depth', v_page.depth,
                        'thin_content', coalesce(v_page.metadata ? 'thin_content', false)))
            ON CONFLICT ON CONSTRAINT uq_events_subject DO NOTHING;
    END IF;
    recorded := true;
"""
# (old, new): each occurs once in 0013's function
_EDITS = (("    recorded := true;\n    RETURN NEXT;\nEND\n",
           PAGE_EVENT.lstrip("\n") + "    RETURN NEXT;\nEND\n"),)


RECORD_PAGE = edited(_PREVIOUS.RECORD_PAGE, _EDITS, "0014: 0013's trawl_record_page")


def upgrade() -> None:
    op.execute(f"""
        CREATE TABLE events (
            id bigserial PRIMARY KEY,
            xid bigint NOT NULL DEFAULT {CURRENT_XID},
            event_id uuid NOT NULL DEFAULT gen_random_uuid(),
            crawl_id varchar(32) NOT NULL REFERENCES crawls (id) ON DELETE CASCADE,
            type varchar(32) NOT NULL,
            subject text NOT NULL,
            data jsonb NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now(),
            delivered_at timestamptz,
            attempts integer NOT NULL DEFAULT 0,
            last_error text,
            CONSTRAINT uq_events_subject UNIQUE (crawl_id, type, subject),
            CONSTRAINT events_event_id_key UNIQUE (event_id)
        )""")
    op.execute("CREATE INDEX ix_events_crawl ON events (crawl_id, xid, id)")
    op.execute(RECORD_PAGE)


def downgrade() -> None:
    op.execute(_PREVIOUS.RECORD_PAGE)
    op.execute("DROP TABLE events")
