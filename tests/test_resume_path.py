"""Every resume trawl sends or prints names one signal with one payload shape.

``trawl resume`` and ``trawl login`` send it through trawl.api.handoffs.send_resume; the
command printed for the Temporal CLI and the web UI (trawl.workflows.monitor
.signal_command) is pasted by a person. Both must reach the workflows' ``resume`` handler
with a payload it reads.
"""

from __future__ import annotations

import dataclasses
import json
import shlex

from trawl.model import RESUME_SIGNAL, OpsHints, ResumeRequest
from trawl.workflows.crawl import CrawlWorkflow
from trawl.workflows.monitor import signal_command
from trawl.workflows.site import SiteWorkflow


def _signal_name(method: object) -> str:
    definition = method.__temporal_signal_definition  # type: ignore[attr-defined]
    return str(definition.name)


def test_the_signal_sent_is_the_workflows_resume() -> None:
    assert _signal_name(CrawlWorkflow.resume) == RESUME_SIGNAL
    assert _signal_name(SiteWorkflow.resume) == RESUME_SIGNAL


def test_the_printed_command_sends_the_same_signal_and_a_payload_it_reads() -> None:
    args = shlex.split(signal_command("crawl-x-1", OpsHints("h:1")))
    assert args[args.index("--name") + 1] == RESUME_SIGNAL
    payload = json.loads(args[args.index("--input") + 1])
    assert set(payload) <= {f.name for f in dataclasses.fields(ResumeRequest)}
    ResumeRequest(**payload)
