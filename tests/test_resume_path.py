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


def test_printed_commands_name_the_codec_server_operators_reach() -> None:
    """Embedded Temporal: trawl's own codec server; a server of your own: the one
    TRAWL_CODEC_ENDPOINT names, else none (the command then sends its input unsealed)."""
    from typing import Any, cast

    from trawl.api.crawls import Trawl
    from trawl.config import Settings
    from trawl.services.runtime import Runtime

    def hints(embedded: bool, **settings: Any) -> OpsHints:
        runtime = Runtime("temporal.internal:7233", "postgresql://x", "http://ui", embedded,
                          False)
        return Trawl(Settings(**settings), runtime, None, cast(Any, None)).ops_hints()

    assert hints(True).codec_endpoint == "http://127.0.0.1:8234"
    assert hints(False).codec_endpoint is None
    own = hints(False, codec_endpoint="http://codec.internal:8234", temporal_namespace="crawls")
    assert (own.address, own.namespace, own.codec_endpoint) == (
        "temporal.internal:7233", "crawls", "http://codec.internal:8234")
    assert "--codec-endpoint http://codec.internal:8234" in signal_command("w", own)
