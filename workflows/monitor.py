"""What operators see in the Temporal web UI: search attributes and markdown details.

Deterministic helpers only (no I/O): the workflows call them from their own code.
"""

from __future__ import annotations

import json

from temporalio.common import SearchAttributeKey

from workflows.types import SiteHandoff, SiteUpdate

CRAWL_STATUS = SearchAttributeKey.for_keyword("CrawlStatus")
PAGES_DONE = SearchAttributeKey.for_int("PagesDone")
SITE_HOST = SearchAttributeKey.for_keyword("SiteHost")
REPORT_EVERY_PAGES = 25
"""Pages between search-attribute upserts and reports to the crawl (history stays small)."""
UI_RESUME_JSON = {"note": "logged in", "storage_state": {"cookies": ["..."], "origins": []}}


def signal_command(workflow_id: str) -> str:
    return (f"temporal workflow signal --workflow-id '{workflow_id}' --name resume "
            """--input '{"note": "fixed it"}'""")


def handoff_markdown(workflow_id: str, crawl_id: str, h: SiteHandoff) -> str:
    more = f" (+{len(h.blocked) - 1} more URLs)" if len(h.blocked) > 1 else ""
    return (
        f"### ⚠ Waiting for a person: {h.reason}\n"
        f"- **URL**: {h.url}{more}\n"
        f"- **what**: {h.detail or h.reason}\n"
        f"- **since**: {h.since}\n"
        f"- **fix it, then resume**: `trawl login {crawl_id}` (opens a browser, saves the "
        f"session, resumes) or `trawl resume {crawl_id} --storage-state state.json`\n"
        f"- **or with the Temporal CLI**:\n\n```\n{signal_command(workflow_id)}\n```\n"
        f"- **or in this UI**: *Send a Signal* to workflow `{workflow_id}`, name `resume`, "
        f"input (every field optional; session data is saved to the site's profile):\n\n"
        f"```json\n{json.dumps(UI_RESUME_JSON)}\n```\n")


def rate(done: int, seconds: float) -> str:
    return f"{done / seconds:.2f} pages/s" if seconds > 0 else "-"


def crawl_markdown(crawl_id: str, status: str, done: int, failed: int, queued: int,
                   seconds: float, sites: list[SiteUpdate]) -> str:
    lines = [f"## Crawl {crawl_id}: {status}",
             f"**pages done** {done} · **failed** {failed} · **queued** {queued} · "
             f"**rate** {rate(done, seconds)}", "",
             "| site | status | done | failed | queued |", "|---|---|---|---|---|"]
    lines += [f"| {u.site} | {u.status} | {u.done} | {u.failed} | {u.queued} |" for u in sites]
    for u in sites:
        if u.handoff is not None:
            lines += ["", handoff_markdown(u.workflow_id, crawl_id, u.handoff)]
    return "\n".join(lines)
