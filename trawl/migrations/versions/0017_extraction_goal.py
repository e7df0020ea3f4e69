"""Knowledge by intent (issue 30): extracted data per page, goal order, agent runs.

- ``pages.data`` (jsonb): the page's structured data (``--extract``), NULL when none or
  when extraction failed; ``pages.data_error``: why (or what was wrong); ``model_tokens``:
  model tokens spent on the page.
- ``crawls.model_tokens``: tokens the crawl's model work spent (every request, counted
  when it is made: ``--max-model-tokens`` bounds it); ``crawls.pages_with_data``: pages
  stored with data (``--goal-pages`` stops the crawl at it); ``crawls.goal_met_at``.
- ``crawl_urls.priority``: a goal-directed crawl's claim order (``--goal``), higher first;
  NULL for other crawls, so their rows stay out of the index that serves it.
- ``agent_runs`` and ``agent_steps``: durable browser agent runs and every step of them
  (tool, arguments, result summary, tokens, screenshot), and the conversation the model
  reads (``agent_steps.messages``), so Temporal's history holds summaries only.

trawl_record_page is 0014's with three small edits, each beside what was there: the page's
extraction (``rec.extracted``) written to its row after the upsert (and counted in
``crawls.pages_with_data``), its data in the ``page_stored`` event, and a followed URL's
priority (the fourth element of a ``follow`` row).

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-28
"""

import importlib

from alembic import op

from trawl.migrations.edits import edited

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

_PREVIOUS = importlib.import_module("trawl.migrations.versions.0015_kept_ratio")
_DATA = "NULLIF(rec->'extracted'->'data', 'null'::jsonb)"
WRITE_EXTRACTED = f"""
            RETURNING id INTO v_page_id;
        IF rec ? 'extracted' THEN
            UPDATE pages SET data = {_DATA},
                    data_error = rec->'extracted'->>'data_error',
                    model_tokens = (rec->'extracted'->>'model_tokens')::integer
                WHERE id = v_page_id;
            IF {_DATA} IS NOT NULL AND v_outcome = 'done' THEN
                UPDATE crawls SET pages_with_data = pages_with_data + 1 WHERE id = v_crawl;
            END IF;
        END IF;
"""
# (old, new): each occurs once in 0015's function
_EDITS = (
    ("\n            RETURNING id INTO v_page_id;\n", WRITE_EXTRACTED),
    ("'thin_content', coalesce(v_page.metadata ? 'thin_content', false)))",
     "'thin_content', coalesce(v_page.metadata ? 'thin_content', false))\n"
     "                    || CASE WHEN rec ? 'extracted' THEN jsonb_build_object(\n"
     f"                        'data', {_DATA},\n"
     "                        'data_error', rec->'extracted'->>'data_error')\n"
     "                       ELSE '{}'::jsonb END)"),
    ("INSERT INTO crawl_urls (crawl_id, url, site, depth, found_on, status)\n",
     "INSERT INTO crawl_urls (crawl_id, url, site, depth, found_on, status, priority)\n"),
    ("\n                       'queued'\n",
     "\n                       'queued', (u.row->>3)::real\n"),
)


RECORD_PAGE = edited(_PREVIOUS.RECORD_PAGE, _EDITS, "0017: 0015's trawl_record_page")

AGENT_TABLES = """
CREATE TABLE agent_runs (
    id varchar(32) PRIMARY KEY,
    workflow_id varchar(255) NOT NULL,
    task text NOT NULL,
    start_url text NOT NULL,
    model varchar(255) NOT NULL,
    spec jsonb NOT NULL,
    status varchar(32) NOT NULL DEFAULT 'running',
    result jsonb,
    error text,
    steps integer NOT NULL DEFAULT 0,
    model_tokens bigint NOT NULL DEFAULT 0,
    last_url text,
    handoff text,
    storage_state bytea,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
);
CREATE TABLE agent_steps (
    id bigserial PRIMARY KEY,
    run_id varchar(32) NOT NULL REFERENCES agent_runs (id) ON DELETE CASCADE,
    seq integer NOT NULL,
    kind varchar(16) NOT NULL,
    tool varchar(32),
    args jsonb,
    ok boolean,
    summary text,
    messages jsonb,
    result jsonb,
    tokens integer NOT NULL DEFAULT 0,
    url text,
    screenshot bytea,
    worker varchar(255),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT uq_agent_steps_run_seq UNIQUE (run_id, seq)
);
"""


def upgrade() -> None:
    op.execute("ALTER TABLE pages ADD COLUMN data jsonb, ADD COLUMN data_error text, "
               "ADD COLUMN model_tokens integer")
    op.execute("ALTER TABLE crawls ADD COLUMN model_tokens bigint NOT NULL DEFAULT 0, "
               "ADD COLUMN pages_with_data integer NOT NULL DEFAULT 0, "
               "ADD COLUMN goal_met_at timestamptz")
    op.execute("ALTER TABLE crawl_urls ADD COLUMN priority real")
    op.execute("CREATE INDEX ix_crawl_urls_priority ON crawl_urls "
               "(crawl_id, site, priority DESC, depth, seq) "
               "WHERE status = 'queued' AND priority IS NOT NULL")
    op.execute(AGENT_TABLES)
    op.execute(RECORD_PAGE)


def downgrade() -> None:
    op.execute(_PREVIOUS.RECORD_PAGE)
    op.execute("DROP TABLE agent_steps")
    op.execute("DROP TABLE agent_runs")
    op.execute("DROP INDEX ix_crawl_urls_priority")
    op.execute("ALTER TABLE crawl_urls DROP COLUMN priority")
    op.execute("ALTER TABLE crawls DROP COLUMN model_tokens, DROP COLUMN pages_with_data, "
               "DROP COLUMN goal_met_at")
    op.execute("ALTER TABLE pages DROP COLUMN data, DROP COLUMN data_error, "
               "DROP COLUMN model_tokens")
