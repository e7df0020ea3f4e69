"""Every timeout and retry policy of the Temporal boundary, in one place.

The workflows schedule activities with these; the activities heartbeat and budget their
waits by them. (Per-crawl knobs — a page's timeout, the explore heartbeat timeout — are
CrawlSpec fields: see trawl.model.)
"""

from __future__ import annotations

from datetime import timedelta

from temporalio.common import RetryPolicy

STORE_ACTIVITY_TIMEOUT = timedelta(seconds=60)
"""Start-to-close timeout of the activities that only talk to the database (start_crawl,
claim_urls, pending_sites, finish_crawl, resolve_handoff, record_failure). An activity
waiting out a database outage stops DEADLINE_MARGIN_S before it and is retried."""

NON_RETRYABLE_ERROR_TYPES = ["CrawlNotFound"]
"""Errors no retry can heal, by the type Temporal gives an exception an activity raises
(its class name): CrawlNotFound, the crawls row is gone (deleted, or another database).
The activity fails at once and the workflow with it, saying why, instead of retrying
forever (claim_urls did, before). A database outage that outlasted its budget is the
other: the activity raises it non-retryable itself (DATABASE_UNREACHABLE)."""

STORE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1),
                          maximum_interval=timedelta(seconds=30),
                          non_retryable_error_types=NON_RETRYABLE_ERROR_TYPES)
"""Database activities: retried without limit (an outage is waited out), backing off to
30 s between attempts."""

EXPLORE_MAX_ATTEMPTS = 5
"""Attempts of one explore before the URL is recorded as failed (``internal_error``)."""

EXPLORE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1),
                            maximum_attempts=EXPLORE_MAX_ATTEMPTS,
                            non_retryable_error_types=NON_RETRYABLE_ERROR_TYPES)
"""explore and explore_batch."""

BATCH_TIMEOUT_FACTOR = 2
"""A batch may take this many single explores' time for each round of loads it needs (its
pages wait for the site's ``concurrency`` load slots)."""

HEARTBEAT_INTERVAL_S = 2.0
"""Explores heartbeat this often whatever they are doing (a long render, a politeness
wait, an outage): a worker killed with -9 is noticed within the heartbeat timeout
(trawl.model.DEFAULT_HEARTBEAT_TIMEOUT_S), and its pages run elsewhere."""

HEARTBEAT_SEND_INTERVAL = timedelta(seconds=HEARTBEAT_INTERVAL_S)
"""The worker sends an activity's latest heartbeat to the server at most this often (its
``max_heartbeat_throttle_interval``). The SDK's own throttle is 0.8 x the heartbeat
timeout: 8 s of a 10 s timeout, so a heartbeat that took 2 s more to reach the server (a
worker or dev server starved of CPU: load 9-19 on 2 cores) timed the activity out while
it worked, and its retry fetched again the pages it had under way. Sent every 2 s, a
heartbeat has 8 s of margin; one RPC per running activity per 2 s costs the server little
beside the pages those activities fetch."""

STALL_FRACTION = 0.5
"""A slice whose own heartbeats were this fraction of its heartbeat timeout apart (its
worker's event loop stalled) may have been timed out by the server meanwhile, and its
retry may already hold its pages: it starts no more loads and ends (the pages it had not
started go back to the site), so no page is fetched by two attempts at once."""

DEADLINE_MARGIN_S = 15.0
"""An activity waiting out an outage stops this long before its start-to-close timeout,
so it fails as "database unavailable" (and is retried) rather than as a timeout."""

DATABASE_UNAVAILABLE = "DatabaseUnavailable"
"""ApplicationError type: the database is unreachable, the outage budget is not spent
(retryable)."""

DATABASE_UNREACHABLE = "DatabaseUnreachable"
"""ApplicationError type: the outage outlasted the budget (non-retryable: the site holds
until ``trawl resume``)."""

DATABASE_ERRORS = (DATABASE_UNAVAILABLE, DATABASE_UNREACHABLE)
"""ApplicationError types an activity raises for a database outage: never a page's
failure. The site puts the URLs back and holds."""

WEBHOOK_WAIT_S = 20.0
"""deliver_events waits this long for a new event before it returns with none (a long poll:
an idle crawl's webhook costs a few history events a minute)."""

WEBHOOK_ACTIVITY_TIMEOUT = timedelta(seconds=WEBHOOK_WAIT_S + 120 + 60)
"""Start-to-close timeout of deliver_events: its wait, its delivery budget
(trawl.crawler.webhooks.DEFAULT_DELIVERY_BUDGET_S) and one slow POST's margin."""

WEBHOOK_HEARTBEAT_TIMEOUT = timedelta(seconds=30)
"""deliver_events heartbeats after every event (and while it waits): a dead worker's
delivery resumes elsewhere after this long, from the last event it delivered. Longer than
one POST may take (trawl.crawler.webhooks.DEFAULT_WEBHOOK_TIMEOUT_S)."""

WEBHOOK_MAX_ATTEMPTS = 16
"""Attempts at an event the webhook does not take, 1 s apart and doubling to 5 minutes
(15 waits, about 40 minutes in all); then delivery stops and every undelivered event's row
says why (``events.last_error``, shown by ``trawl status``)."""

WEBHOOK_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                            maximum_interval=timedelta(minutes=5),
                            maximum_attempts=WEBHOOK_MAX_ATTEMPTS,
                            non_retryable_error_types=NON_RETRYABLE_ERROR_TYPES)
"""deliver_events."""

MODEL_CONFIG_ERROR = "ModelConfigError"
"""ApplicationError type: the worker cannot build the run's model (no key in its
environment, an unknown provider): non-retryable, the agent run ends ``failed`` saying
why."""

AGENT_STORE_RETRY = STORE_RETRY
"""agent_start, agent_pin, agent_note, agent_finish: database work, retried like the
crawl's."""

AGENT_TURN_TIMEOUT = timedelta(minutes=5)
"""Start-to-close of a model turn (the provider's own deadline is TRAWL_MODEL_TIMEOUT_S;
the SDK retries within it)."""

AGENT_TURN_RETRY = RetryPolicy(initial_interval=timedelta(seconds=2), backoff_coefficient=2.0,
                               maximum_interval=timedelta(seconds=60), maximum_attempts=5,
                               non_retryable_error_types=[MODEL_CONFIG_ERROR])
"""A turn the provider failed (5xx, a timeout, a dropped connection) is asked again, five
times at most; then the run ends ``failed`` with the provider's error."""

AGENT_HEARTBEAT_TIMEOUT = timedelta(seconds=10)
"""Turns and tool calls heartbeat every HEARTBEAT_INTERVAL_S: a worker killed mid-step is
noticed after this long."""

AGENT_TOOL_TIMEOUT = timedelta(minutes=3)
"""Start-to-close of one tool call (a navigation is 30 s at most, a wait 10 s)."""

AGENT_PINNED_START_TIMEOUT = timedelta(seconds=30)
"""Schedule-to-start of a call on a worker's own queue: nobody took it in this long, the
worker is gone, and the run moves to another (agent_pin again)."""

AGENT_PINNED_RETRY = RetryPolicy(maximum_attempts=1)
"""A call on a worker's own queue is not retried there: the workflow moves the run to a
worker that answers (the step, keyed by its seq, is done once)."""
