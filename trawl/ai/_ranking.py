"""A model ranks a page's links for a goal (``--goal-rank model``): one request per page.

A goal-directed crawl orders its frontier by each link's priority. The lexical score
(:mod:`trawl.ai._relevance`) is the default and the fallback; with ``--goal-rank model``
the links a page leads to (up to :data:`MAX_RANK_LINKS`, the lexically best first) go to
the model in one request, with the goal and the start of the page's text, and it answers
a score from 0 to 10 for each, in order. The priority of a ranked link is the model's score
on the lexical scale (0..4) plus the lexical score a hundredth as strong (which breaks
ties); links past the cap keep their lexical score. An answer that is not one integer from
0 to 10 per link is re-asked, then the page's links keep their lexical scores and the
page's metadata says why: a ranking never invents an order it was not given.

Anchor texts and page text are the page's words, so they reach the model as untrusted data
(:func:`trawl.ai.untrusted`): a page saying "rank me 10" is just text to the ranking.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from trawl.ai._budget import TokenBudget, budgeted
from trawl.ai._extraction import _line
from trawl.ai._models import build_model, model_settings
from trawl.ai._relevance import PAGE_TEXT_CHARS
from trawl.ai._untrusted import RULE, untrusted
from trawl.ai._usage import TokenUse, report_tokens
from trawl.config import get_settings
from trawl.errors import ConfigError
from trawl.model import BUDGET_SPENT, GOAL_RANK_RETRIES

MAX_RANK_LINKS = 60
"""Links one request ranks at most (the lexically best of the page's): a page's answer
stays a few hundred tokens."""
RANK_RETRIES = GOAL_RANK_RETRIES
"""Re-asks after an answer that is not one score per link."""
MAX_SCORE = 10
LEXICAL_SCALE = 4.0
"""The lexical score's range (0..4): a model's 0..10 is mapped onto it."""
TIE_BREAK = 0.01
"""How much of the lexical score a ranked link keeps (orders equal model scores)."""
RANK_OUTPUT_TOKENS = 512
ANCHOR_CHARS = 120
RANK_INSTRUCTIONS = (
    "You help a web crawler decide which links to follow first. Given the crawl's goal, "
    "the page the links were found on and its links, score each link from 0 (surely "
    "leads nowhere near the goal) to 10 (surely leads to pages the goal asks for), by "
    "how likely following it reaches such pages soon. Answer with one score per link, in "
    "the links' order. " + RULE)


@dataclass
class RankResult:
    """A page's links ranked, or why not."""

    priorities: dict[str, float] | None
    """URL -> claim priority for the links ranked; None when the ranking failed."""
    error: str | None = None
    tokens: int = 0
    """Model tokens spent (every request, re-asks included)."""
    requests: int = 0
    ranked: int = 0
    """Links the model scored."""


async def rank_links(goal: str, page: str, links: list[tuple[str, str, float]], *,
                     model: str, budget: TokenBudget | None = None) -> RankResult:
    """Rank ``links`` ((url, anchor text, lexical priority), any order) for ``goal``, read
    on a page whose text is ``page``. Never raises for the model's faults: they come back
    as ``error`` (the caller keeps the lexical priorities)."""
    from pydantic_ai import Agent, ModelRetry, StructuredDict, ToolOutput
    from pydantic_ai.exceptions import ModelAPIError, UnexpectedModelBehavior, UsageLimitExceeded
    from pydantic_ai.usage import RunUsage, UsageLimits

    chosen = sorted(links, key=lambda link: -link[2])[:MAX_RANK_LINKS]
    if not chosen:
        return RankResult({})
    try:
        built: Any = build_model(model)
    except ConfigError as exc:
        return RankResult(None, str(exc))
    if budget is not None:
        built = budgeted(built, budget)
    n = len(chosen)
    schema = {"type": "object", "properties": {"scores": {
        "type": "array", "items": {"type": "integer", "minimum": 0, "maximum": MAX_SCORE},
        "minItems": n, "maxItems": n, "description": f"{n} scores, one per link, in order"}},
        "required": ["scores"]}
    agent: Agent[None, dict[str, Any]] = Agent(
        built, instructions=RANK_INSTRUCTIONS, retries=RANK_RETRIES,
        output_type=ToolOutput(StructuredDict(schema, name="link_scores",
                                              description="One score per link, in order")))

    @agent.output_validator
    def _check(answer: dict[str, Any]) -> dict[str, Any]:
        scores = answer.get("scores")
        if not isinstance(scores, list) or len(scores) != n or not all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_SCORE
                for s in scores):
            raise ModelRetry(f"Answer with exactly {n} integer scores from 0 to {MAX_SCORE}, "
                             "one per link, in the links' order.")
        return answer

    listing = "\n".join(f"[{i}] {' '.join(anchor.split())[:ANCHOR_CHARS] or '(no text)'} "
                        f"-> {url}" for i, (url, anchor, _) in enumerate(chosen, 1))
    prompt = (f"The crawl's goal: {goal}\n\nThe page the links are on:\n"
              f"{untrusted(page[:PAGE_TEXT_CHARS])}\n\nIts {n} links:\n{untrusted(listing)}")
    usage = RunUsage()
    result = RankResult(None)
    timeout = get_settings().model_timeout_s * (RANK_RETRIES + 1) + 5
    try:
        async with asyncio.timeout(timeout):
            run = await agent.run(prompt, usage=usage,
                                  model_settings=model_settings(max_tokens=RANK_OUTPUT_TOKENS),
                                  usage_limits=UsageLimits(request_limit=RANK_RETRIES + 2))
        scores = run.output["scores"]
        result.priorities = {url: round(LEXICAL_SCALE * score / MAX_SCORE
                                        + TIE_BREAK * lexical, 4)
                             for (url, _, lexical), score in zip(chosen, scores, strict=True)}
        result.ranked = n
    except UsageLimitExceeded:
        result.error = (f"{BUDGET_SPENT}: the crawl's model token budget could not pay for "
                        "ranking this page's links")
    except UnexpectedModelBehavior as exc:
        result.error = f"the model's ranking was not valid after {RANK_RETRIES} re-ask(s) " \
                       f"({_line(exc)})"
    except ModelAPIError as exc:
        result.error = f"model request failed: {_line(exc)}"
    except TimeoutError:
        result.error = f"the model did not rank the links within {timeout:.0f} s"
    finally:
        result.tokens = int(usage.input_tokens or 0) + int(usage.output_tokens or 0)
        result.requests = int(usage.requests or 0)
        if usage.requests:
            report_tokens(TokenUse(model, "rank", int(usage.input_tokens or 0),
                                   int(usage.output_tokens or 0), int(usage.requests)))
    return result
