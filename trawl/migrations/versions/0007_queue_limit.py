"""A crawl's queue stops growing at what its page budget can use; links per page capped.

One page with 100,000 links queued 100,000 URLs under ``--max-pages 1``. ``crawls`` now
counts the URLs that pages queued (``urls_queued``), and trawl_record_page queues a page's
new links only while that count is under the payload's ``queue_limit`` (the crawl's
max_pages plus a margin, see trawl.crawler.explore): the first links in page order get the
room left. URLs given back to the budget (redirected, skipped) give their place back too.
A redirect's target is never cut (it stands in for its source). Links recorded per page
are capped before this, in the worker (``max_links_per_page``).

The payload's follow rows gain their position in the page: ``[url, site, position]``.
Otherwise trawl_record_page is 0006's, statement for statement.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

import importlib

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

RECORD_PAGE = """
CREATE OR REPLACE FUNCTION trawl_record_page(rec jsonb)
RETURNS TABLE (recorded boolean, new_urls integer, new_sites text[])
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
    v_crawl text := rec->>'crawl_id';
    v_url text := rec->>'url';
    v_outcome text := rec->>'outcome';
    v_depth integer := (rec->>'depth')::integer;
    v_page pages;
    v_prev record;
    v_original text;
    v_limit bigint := (rec->>'queue_limit')::bigint;
    v_follow jsonb := rec->'follow';
    v_room bigint;
BEGIN
    new_urls := 0;
    new_sites := '{}';
    PERFORM 1 FROM crawl_urls
        WHERE crawl_id = v_crawl AND url = v_url AND status = 'claimed';
    IF NOT FOUND THEN
        recorded := false;
        RETURN NEXT;
        RETURN;
    END IF;

    IF rec ? 'page' THEN
        v_page := jsonb_populate_record(NULL::pages, rec->'page');
        IF v_page.previous_page_id IS NOT NULL AND v_page.change IS NULL THEN
            SELECT status_code, error_class, content_hash INTO v_prev
                FROM pages WHERE id = v_page.previous_page_id;
            IF NOT FOUND THEN
                v_page.change := 'new';
            ELSIF v_page.error_class IS NULL AND v_page.content_hash IS NULL
                    AND v_page.render_mode = 'none' THEN
                v_page.change := 'changed';
            ELSIF v_prev.status_code IS NOT DISTINCT FROM v_page.status_code
                    AND v_prev.error_class IS NOT DISTINCT FROM v_page.error_class
                    AND v_prev.content_hash IS NOT DISTINCT FROM v_page.content_hash THEN
                v_page.change := 'unchanged';
            ELSE
                v_page.change := 'changed';
            END IF;
        END IF;
        IF v_page.content_hash IS NOT NULL THEN
            PERFORM pg_advisory_xact_lock(
                hashtextextended(v_crawl || ' ' || v_page.content_hash, 0));
            SELECT p.url INTO v_original FROM pages p
                WHERE p.crawl_id = v_crawl AND p.content_hash = v_page.content_hash
                  AND p.duplicate_of IS NULL AND p.url <> v_url;
            IF v_original IS NOT NULL THEN
                v_page.duplicate_of := v_original;
                v_page.markdown := NULL;
                v_page.text := NULL;
            END IF;
        END IF;
        INSERT INTO pages (crawl_id, url, final_url, site, depth, status_code, content_type,
                content_length, title, description, language, canonical_url, markdown, text,
                content_hash, word_count, metadata, render_mode, render_reason, fetch_ms,
                render_ms, error_class, error_message, steps, console_errors, etag,
                last_modified, body_hash, change, previous_page_id, worker, duplicate_of,
                fetched_at)
            VALUES (v_crawl, v_url, v_page.final_url, v_page.site, v_page.depth,
                v_page.status_code, v_page.content_type, v_page.content_length, v_page.title,
                v_page.description, v_page.language, v_page.canonical_url, v_page.markdown,
                v_page.text, v_page.content_hash, v_page.word_count, v_page.metadata,
                v_page.render_mode, v_page.render_reason, v_page.fetch_ms, v_page.render_ms,
                v_page.error_class, v_page.error_message, v_page.steps, v_page.console_errors,
                v_page.etag, v_page.last_modified, v_page.body_hash, v_page.change,
                v_page.previous_page_id, v_page.worker, v_page.duplicate_of, now())
            ON CONFLICT ON CONSTRAINT uq_pages_crawl_url DO UPDATE SET
                final_url = EXCLUDED.final_url, site = EXCLUDED.site, depth = EXCLUDED.depth,
                status_code = EXCLUDED.status_code, content_type = EXCLUDED.content_type,
                content_length = EXCLUDED.content_length, title = EXCLUDED.title,
                description = EXCLUDED.description, language = EXCLUDED.language,
                canonical_url = EXCLUDED.canonical_url, markdown = EXCLUDED.markdown,
                text = EXCLUDED.text, content_hash = EXCLUDED.content_hash,
                word_count = EXCLUDED.word_count, metadata = EXCLUDED.metadata,
                render_mode = EXCLUDED.render_mode, render_reason = EXCLUDED.render_reason,
                fetch_ms = EXCLUDED.fetch_ms, render_ms = EXCLUDED.render_ms,
                error_class = EXCLUDED.error_class, error_message = EXCLUDED.error_message,
                steps = EXCLUDED.steps, console_errors = EXCLUDED.console_errors,
                etag = EXCLUDED.etag, last_modified = EXCLUDED.last_modified,
                body_hash = EXCLUDED.body_hash, change = EXCLUDED.change,
                previous_page_id = EXCLUDED.previous_page_id, worker = EXCLUDED.worker,
                duplicate_of = EXCLUDED.duplicate_of, fetched_at = EXCLUDED.fetched_at;
    END IF;

    DELETE FROM links WHERE crawl_id = v_crawl AND from_url = v_url;
    INSERT INTO links (crawl_id, from_url, position, to_url, anchor_text, internal, rel)
        SELECT v_crawl, v_url, l.position - 1, l.row->>0, l.row->>1, (l.row->>2)::boolean,
               l.row->>3
        FROM jsonb_array_elements(rec->'links') WITH ORDINALITY AS l(row, position);

    IF v_limit IS NOT NULL AND jsonb_array_length(v_follow) > 0 THEN
        -- the crawl's queue stops growing once it holds what its page budget can use:
        -- the first links of the page (in page order) that are new get the room left
        SELECT greatest(v_limit - urls_queued, 0) INTO v_room FROM crawls WHERE id = v_crawl;
        IF v_room < jsonb_array_length(v_follow) THEN
            SELECT coalesce(jsonb_agg(f.row ORDER BY f.row->>0), '[]') INTO v_follow
            FROM (SELECT u.row FROM jsonb_array_elements(v_follow) AS u(row)
                  WHERE NOT EXISTS (SELECT 1 FROM crawl_urls c
                                    WHERE c.crawl_id = v_crawl AND c.url = u.row->>0)
                  ORDER BY (u.row->>2)::integer LIMIT v_room) AS f;
        END IF;
    END IF;
    IF jsonb_array_length(v_follow) > 0 THEN
        WITH added AS (
            INSERT INTO sites (crawl_id, site)
                SELECT DISTINCT v_crawl, u.row->>1
                FROM jsonb_array_elements(v_follow) AS u(row)
                ORDER BY 2
                ON CONFLICT DO NOTHING RETURNING site)
        SELECT coalesce(array_agg(site ORDER BY site), '{}') INTO new_sites FROM added;
        WITH added AS (
            INSERT INTO crawl_urls (crawl_id, url, site, depth, found_on, status)
                SELECT v_crawl, u.row->>0, u.row->>1, (rec->>'follow_depth')::integer, v_url,
                       'queued'
                FROM jsonb_array_elements(v_follow) AS u(row)
                ORDER BY 2
                ON CONFLICT DO NOTHING RETURNING 1)
        SELECT count(*) INTO new_urls FROM added;
        IF v_limit IS NOT NULL AND new_urls > 0 THEN
            UPDATE crawls SET urls_queued = urls_queued + new_urls WHERE id = v_crawl;
        END IF;
    END IF;
    INSERT INTO crawl_urls (crawl_id, url, site, depth, found_on, status, reason)
        SELECT v_crawl, u.row->>0, u.row->>1, v_depth + 1, v_url, 'skipped', u.row->>2
        FROM jsonb_array_elements(rec->'skipped') AS u(row)
        ORDER BY 2
        ON CONFLICT DO NOTHING;

    UPDATE crawl_urls SET status = v_outcome, attempts = attempts + 1,
            redirect_to = rec->>'redirect_to', updated_at = now(),
            reason = CASE WHEN v_outcome <> 'done' THEN rec->>'error_message' END
        WHERE crawl_id = v_crawl AND url = v_url AND status = 'claimed';
    IF NOT FOUND THEN
        RAISE EXCEPTION 'trawl: % of crawl % was recorded meanwhile', v_url, v_crawl
            USING ERRCODE = 'TRW01';
    END IF;
    IF v_outcome IN ('redirected', 'skipped') THEN
        UPDATE crawls SET pages_claimed = pages_claimed - 1,
                urls_queued = greatest(urls_queued - 1, 0) WHERE id = v_crawl;
    END IF;
    recorded := true;
    RETURN NEXT;
END
$fn$;
"""


def upgrade() -> None:
    op.execute("ALTER TABLE crawls ADD COLUMN urls_queued bigint NOT NULL DEFAULT 0")
    op.execute(RECORD_PAGE)


def downgrade() -> None:
    previous = importlib.import_module("trawl.migrations.versions.0006_record_page_function")
    op.execute(previous.RECORD_PAGE)  # it reads follow rows by index: the extra one is ignored
    op.execute("ALTER TABLE crawls DROP COLUMN urls_queued")
