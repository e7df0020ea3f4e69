"""A token budget shared by many model requests (a crawl's ``--max-model-tokens``).

Before each request a budgeted model (:func:`budgeted`) reserves what the request may cost at most
(its messages' estimated tokens plus the answer's ``max_tokens``) from a
:class:`TokenBudget`; a request whose reservation is refused is not made
(UsageLimitExceeded), and once answered the reservation is settled to what the provider
counted. Reservations are atomic where the budget lives (the crawls row, across every
worker), so pages extracted at once on many workers cannot spend more than the budget
between them; what can pass it is only an estimate that was too low (text that tokenizes
worse than 4 characters a token). A worker that dies between reserving and settling
leaves its reservation counted: the budget errs on the side of spending less.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any, Protocol

CHARS_PER_TOKEN = 4
"""Token estimate of text (the usual ~4 characters per token of English with BPE
tokenizers); the provider's own count is what is recorded."""
MAX_OUTPUT_TOKENS = 1_024
"""An answer's tokens at most (the request's ``max_tokens``): extraction answers are JSON
objects, agent turns one tool call."""


class TokenBudget(Protocol):
    """Where a budget lives (a crawl's row: trawl.store.frontier)."""

    async def reserve(self, tokens: int) -> bool:
        """Set ``tokens`` aside; False (nothing set aside) when fewer are left."""

    async def settle(self, reserved: int, spent: int) -> None:
        """Replace a reservation by what the request spent."""


def estimate_tokens(messages: Any) -> int:
    """A request's input tokens, estimated from its messages' JSON."""
    try:
        text = json.dumps(messages, default=str)
    except (TypeError, ValueError):
        text = str(messages)
    return len(text) // CHARS_PER_TOKEN + 1


def budgeted(model: Any, budget: TokenBudget) -> Any:
    """``model`` with every request paid for from ``budget`` first (a BudgetedModel)."""
    return _budgeted_class()(model, budget)


@functools.cache
def _budgeted_class() -> type:
    """The BudgetedModel class, defined on first use: pydantic-ai is imported only by the
    processes that call a model (a worker crawling without --extract never does)."""
    from pydantic_ai.exceptions import UsageLimitExceeded
    from pydantic_ai.messages import ModelMessagesTypeAdapter
    from pydantic_ai.models.wrapper import WrapperModel

    @dataclass(init=False)
    class BudgetedModel(WrapperModel):
        """A model whose every request is paid for from ``budget`` first."""

        budget: TokenBudget

        def __init__(self, wrapped: Any, budget: TokenBudget) -> None:
            super().__init__(wrapped)
            self.budget = budget

        async def request(self, messages: Any, model_settings: Any,
                          model_request_parameters: Any) -> Any:
            dumped = ModelMessagesTypeAdapter.dump_python(list(messages), mode="json")
            tools = [t.parameters_json_schema for t in
                     (model_request_parameters.function_tools or [])
                     + (model_request_parameters.output_tools or [])]
            settings = dict(model_settings or {})
            max_out = int(settings.get("max_tokens") or MAX_OUTPUT_TOKENS)
            reserved = estimate_tokens([dumped, tools]) + max_out
            if not await self.budget.reserve(reserved):
                raise UsageLimitExceeded(f"the token budget has fewer than the {reserved} "
                                         "tokens this request may cost")
            spent = 0  # no answer: no count from the provider to record
            try:
                response = await self.wrapped.request(messages, model_settings,
                                                      model_request_parameters)
                spent = int(response.usage.input_tokens or 0) + int(
                    response.usage.output_tokens or 0)
                return response
            finally:
                await self.budget.settle(reserved, spent)

    return BudgetedModel
