"""What operators see in the Temporal web UI: search attributes and markdown details.

Deterministic helpers only (no I/O): the workflows call them from their own code.
"""

from __future__ import annotations

import json
import shlex

from temporalio import workflow
from temporalio.common import SearchAttributeKey

with workflow.unsafe.imports_passed_through():
    from trawl.model import RESUME_SIGNAL, OpsHints, SiteHandoff, SiteUpdate

CRAWL_STATUS = SearchAttributeKey.for_keyword("CrawlStatus")
PAGES_DONE = SearchAttributeKey.for_int("PagesDone")
SITE_HOST = SearchAttributeKey.for_keyword("SiteHost")
REPORT_EVERY_PAGES = 25
"""Pages between search-attribute upserts of a site (its own history is bounded by
continue-as-new)."""
REPORT_MIN_INTERVAL_S = 10.0
REPORT_INTERVAL_FRACTION = 0.02
"""A site reports its counts to the crawl at most every max(10 s, 2% of its running time)
(status changes at once). Every report is ~5 events in the crawl workflow's history, which
cannot continue-as-new while its sites run (they are its children): spacing reports in
proportion to the time run keeps a site's reports to ~116 per tenfold of its running time
(about 130 for the 100,000-page benchmark's 40 minutes, 310 for a day) instead of one per
25 pages. The crawl's history still grows with sites x log(duration): a crawl of dozens of
sites running for days can pass 10,000 events."""


def report_interval_s(running_s: float) -> float:
    """Seconds between two progress reports of a site that has run ``running_s`` seconds."""
    return max(REPORT_MIN_INTERVAL_S, running_s * REPORT_INTERVAL_FRACTION)


SITE_REPORT_SPACING_S = 5.0
"""A crawl of N sites hears from each (explore slices) at most every N x this: about one
report per 5 s in all, however many sites run. Each costs the crawl's history a signal and
a workflow task; a crawl cannot continue as new while its sites run, so its history must
not grow with sites x time. A site's start, end and result need no report, and a change a
person must see (a handoff, an outage, a pause) is reported at once."""


def site_report_interval_s(running_s: float, sites: int) -> float:
    """:func:`report_interval_s` for a site of a crawl of ``sites`` sites."""
    return max(report_interval_s(running_s), sites * SITE_REPORT_SPACING_S)
UI_RESUME_JSON = {"note": "logged in", "storage_state": {"cookies": ["..."], "origins": []}}
RESUME_INPUT = {"note": "fixed it", "cookies": None, "storage_state": None}
"""The resume signal's fields as the printed command sends them: a note, and optionally
Playwright cookies (a list) or a storage state ({"cookies": [...], "origins": [...]})."""


def signal_command(workflow_id: str, ops: OpsHints | None = None, *,
                   multiline: bool = False) -> str:
    """A `temporal workflow signal` that resumes ``workflow_id`` as pasted into a shell.
    ``multiline``: one option group per line, joined by backslash-newline, for places that
    show long lines cut (the web UI's details)."""
    groups = [["temporal", "workflow", "signal"]]
    if ops is not None:
        groups.append(["--address", ops.address])
        if ops.namespace != "default":
            groups.append(["--namespace", ops.namespace])
        if ops.codec_endpoint:  # session data in --input is sealed before it is sent
            groups.append(["--codec-endpoint", ops.codec_endpoint])
    groups += [["--workflow-id", workflow_id, "--name", RESUME_SIGNAL],
               ["--input", json.dumps(RESUME_INPUT)]]
    lines = [" ".join(shlex.quote(arg) for arg in group) for group in groups]
    return " \\\n  ".join(lines) if multiline else " ".join(lines)


def handoff_markdown(workflow_id: str, crawl_id: str, h: SiteHandoff,
                     ops: OpsHints | None = None) -> str:
    more = f" (+{len(h.blocked) - 1} more URLs)" if len(h.blocked) > 1 else ""
    return (
        f"### ⚠ Waiting for a person: {h.reason}\n"
        f"- **URL**: {h.url}{more}\n"
        f"- **what**: {h.detail or h.reason}\n"
        f"- **since**: {h.since}\n"
        f"- **fix it, then resume**: `trawl login {crawl_id}` (opens a browser, saves the "
        f"session, resumes) or `trawl resume {crawl_id} --storage-state state.json`\n\n"
        # the command in a fenced block of its own, never in a list item or a table cell,
        # one option group per line: the UI shows it whole and it is copied as one command
        f"**Or with the Temporal CLI** (works as pasted; fill in cookies or storage_state "
        f"to send a session):\n\n```sh\n{signal_command(workflow_id, ops, multiline=True)}"
        f"\n```\n\n"
        f"**Or in this UI**: *Send a Signal* to workflow `{workflow_id}`, name `resume`, "
        f"input (every field optional; session data is saved to the site's profile):\n\n"
        f"```json\n{json.dumps(UI_RESUME_JSON)}\n```\n")


def rate(done: int, seconds: float) -> str:
    return f"{done / seconds:.2f} pages/s" if seconds > 0 else "-"


def flags(thin: int, given_up: int) -> str:
    """What a reader must not miss in a count line: pages stored thin, URLs given up."""
    text = f" · **thin content** {thin}" if thin else ""
    if given_up:
        text += f" · **given up after handoffs** {given_up}"
    return text


def data_flags(extracts: bool, with_data: int, failed: int) -> str:
    """``--extract``'s count line: pages with data, pages whose extraction failed."""
    if not extracts:
        return ""
    return f" · **with data** {with_data} · **extraction failed** {failed}"


SITES_LISTED = 40
"""Sites a crawl's details list at most, those waiting for something first: a crawl of a
thousand sites lists the ones that need a look, then counts the rest."""


def crawl_markdown(crawl_id: str, status: str, done: int, failed: int, queued: int,
                   seconds: float, sites: list[SiteUpdate],
                   ops: OpsHints | None = None, *, thin: int = 0, given_up: int = 0,
                   running: int | None = None) -> str:
    """``running``: sites whose workflow runs now (shown when given)."""
    # one line per site, every number labelled: the UI's markdown has no tables (a table's
    # columns ran together there)
    lines = [f"## Crawl {crawl_id}: {status}",
             f"**pages done** {done} · **failed** {failed} · **queued** {queued} · "
             f"**rate** {rate(done, seconds)}" + flags(thin, given_up)
             + (f" · **sites running** {running}" if running is not None else "")]
    if sites:
        waiting = [u for u in sites if u.status not in ("running", "completed")]
        listed = (waiting + [u for u in sites if u not in waiting])[:SITES_LISTED]
        lines += ["", "**Sites**", ""]
        lines += [f"- {u.site} — **{u.status}** · done {u.done} · failed {u.failed} · "
                  f"queued {u.queued}" + flags(u.thin, u.given_up).replace("**", "")
                  for u in sorted(listed, key=lambda u: u.site)]
        if len(sites) > len(listed):
            lines.append(f"- … and {len(sites) - len(listed)} more (`trawl status "
                         f"{crawl_id}` counts them all)")
    for u in sites:
        if u.handoff is not None:
            lines += ["", handoff_markdown(u.workflow_id, crawl_id, u.handoff, ops)]
    return "\n".join(lines)


def start_failed_markdown(crawl_id: str, error: str) -> str:
    """The details of a crawl that could not start: why, and what happens next."""
    return (f"## Crawl {crawl_id}: start_failed\n\n### ⚠ The crawl could not start\n"
            f"{error}\n\nNothing was crawled yet. Fix the cause (the database, the "
            f"worker's log); the crawl tries again on its own.")
