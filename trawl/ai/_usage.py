"""Model tokens, as they are spent: who hears of them.

Every model request trawl makes (extraction, agent turns) reports its tokens here once,
right after the request, whether its answer was usable or not (a re-asked answer cost
tokens too). Listeners are how other parts count them without the model layer knowing
them: the worker adds one that counts them for /metrics
(``trawl.worker.metrics.count_model_tokens``: ``trawl_model_tokens_total``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger("trawl.ai")


@dataclass(frozen=True)
class TokenUse:
    """Tokens of one piece of model work."""

    model: str
    """PROVIDER:NAME."""
    purpose: str
    """``extract`` (a page's data) or ``agent`` (an agent turn)."""
    input_tokens: int
    """Prompt tokens, as the provider counted them."""
    output_tokens: int
    """Answer tokens, as the provider counted them."""
    requests: int = 1
    """Requests made (re-asks included)."""

    @property
    def total(self) -> int:
        return self.input_tokens + self.output_tokens


TOKEN_LISTENERS: list[Callable[[TokenUse], None]] = []
"""Called with every :class:`TokenUse`; a listener that raises is logged and skipped."""


def report_tokens(use: TokenUse) -> None:
    for listener in list(TOKEN_LISTENERS):
        try:
            listener(use)
        except Exception as exc:  # counting must never fail the work it counts
            log.warning("token listener %r failed: %s", listener, exc)
