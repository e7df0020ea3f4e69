"""What a crawl wants from a page besides its content: structured data and relevance.

- :func:`extract_data`: ``--extract``, run on a page explore has read: its ``data`` (or
  ``data_error``) and the model tokens it cost go into its record, written with its row;
  the tokens are counted on the crawl as soon as they are spent, and ``--max-model-tokens``
  is checked before each page's model work (a page may spend at most what is left).
- :func:`follow_priorities`: ``--goal``, each followed URL's claim priority (lexical);
  :func:`rank_follow`: with ``--goal-rank model``, a model's ranking of them instead,
  the lexical priorities kept where it fails (the page's ``metadata.goal_rank`` says
  which, and why). Its tokens count as extraction's do: on the page, on the crawl, and
  under ``--max-model-tokens``.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from trawl.ai import (
    BUDGET_SPENT,
    extract_page,
    goal_terms,
    link_priority,
    rank_links,
    relevance,
)
from trawl.ai._relevance import PAGE_TEXT_CHARS
from trawl.ai._selectors import select_fields
from trawl.model import (
    CrawlSpec,
    ExploreInput,
    ExtractSpec,
    PageOutcome,
    PageRecord,
    UrlJob,
    matching_glob,
    parse_extract,
)
from trawl.store.frontier import CrawlTokenBudget, model_tokens_spent, spend_model_tokens

if TYPE_CHECKING:
    from trawl.crawler.explore import ExploreDeps


@functools.lru_cache(maxsize=32)
def _parsed(raw: str) -> ExtractSpec:
    """A crawl's extract spec, checked once per worker (its selectors compiled once)."""
    return parse_extract(json.loads(raw))


async def extract_data(deps: ExploreDeps, inp: ExploreInput, rec: PageRecord,
                       html: str | None) -> None:
    """Fill ``rec``'s data, data_error and model_tokens when the crawl extracts and the
    page is one it extracts from (stored with content, matching ``match``)."""
    spec = inp.spec
    if spec.extract is None or rec.outcome != PageOutcome.DONE:
        return
    extract = _parsed(json.dumps(spec.extract, sort_keys=True))
    if extract.match and matching_glob(rec.url, extract.match) is None:
        return
    rec.extracted = True
    budget = None
    if extract.uses_model and spec.max_model_tokens is not None:
        budget = CrawlTokenBudget(deps.engine, inp.crawl_id, spec.max_model_tokens)
        if await model_tokens_spent(deps.engine, inp.crawl_id) >= spec.max_model_tokens:
            rec.data_error = (f"{BUDGET_SPENT}: the crawl's --max-model-tokens "
                              f"{spec.max_model_tokens} were used; not sent to the model")
            return
    if not extract.uses_model and html is not None:
        found = await _in_extractor(deps, select_fields, html, rec.final_url or rec.url,
                                    spec.extract)
        rec.data, rec.data_error = found.data, "; ".join(found.errors) or None
        return
    result = await extract_page(extract, url=rec.final_url or rec.url, markdown=rec.markdown,
                                html=html, model=spec.model, budget=budget)
    if budget is None:  # a budget counts its requests itself, as they are made
        await spend_model_tokens(deps.engine, inp.crawl_id, result.tokens)
    rec.data, rec.data_error = result.data, result.error
    rec.model_tokens = result.tokens if result.model is not None else None
    notes = result.notes()
    if notes:
        rec.meta = {**(rec.meta or {}), "extract": notes}


async def _in_extractor(deps: ExploreDeps, func: Callable[..., Any], *args: Any) -> Any:
    """``func(*args)`` in the worker's extraction processes (a thread without)."""
    if deps.extractor is None:
        return await asyncio.to_thread(func, *args)
    return await asyncio.get_running_loop().run_in_executor(deps.extractor, func, *args)


def follow_priorities(goal: str, rec: PageRecord) -> dict[str, float]:
    """The claim priority of each URL ``rec`` follows: its best link's score (anchor text,
    URL) plus the page's own relevance to the goal (see trawl.ai's relevance)."""
    terms = goal_terms(goal)
    page_text = " ".join(filter(None, (rec.title, rec.headline,
                                       (rec.text or "")[:PAGE_TEXT_CHARS])))
    page_score = relevance(terms, page_text)
    anchors: dict[str, list[str]] = {}
    for link in rec.links:
        anchors.setdefault(link.url, []).append(link.anchor_text or "")
    return {url: link_priority(terms, " ".join(anchors.get(url, [])), url, page_score)
            for url in rec.follow}


async def rank_follow(deps: ExploreDeps, inp: ExploreInput, rec: PageRecord) -> None:
    """``--goal-rank model``: the model's priorities for the URLs ``rec`` follows (its
    lexical ones, already set, stay where the ranking fails or is not paid for)."""
    spec = inp.spec
    if not rec.follow or spec.goal is None or spec.model is None:
        return
    budget = None
    note: dict[str, Any] = {"by": "lexical"}
    if spec.max_model_tokens is not None:
        budget = CrawlTokenBudget(deps.engine, inp.crawl_id, spec.max_model_tokens)
        if await model_tokens_spent(deps.engine, inp.crawl_id) >= spec.max_model_tokens:
            note["why"] = (f"{BUDGET_SPENT}: the crawl's --max-model-tokens "
                           f"{spec.max_model_tokens} were used; not sent to the model")
            rec.meta = {**(rec.meta or {}), "goal_rank": note}
            return
    anchors: dict[str, list[str]] = {}
    for link in rec.links:
        anchors.setdefault(link.url, []).append(link.anchor_text or "")
    page = "\n".join(filter(None, (rec.title, rec.headline, rec.text or "")))
    ranked = await rank_links(spec.goal, page, [
        (url, " / ".join(dict.fromkeys(a for a in anchors.get(url, []) if a)),
         rec.priorities.get(url, 0.0)) for url in rec.follow],
        model=spec.model, budget=budget)
    if budget is None:  # a budget counts its requests itself, as they are made
        await spend_model_tokens(deps.engine, inp.crawl_id, ranked.tokens)
    if ranked.requests:
        rec.model_tokens = (rec.model_tokens or 0) + ranked.tokens
    if ranked.priorities is not None:
        rec.priorities = {**rec.priorities, **ranked.priorities}
        note = {"by": "model", "links": ranked.ranked}
    else:
        note["why"] = ranked.error
    note.update(model=spec.model, tokens=ranked.tokens)
    rec.meta = {**(rec.meta or {}), "goal_rank": note}


def redirect_priority(spec: CrawlSpec, job: UrlJob, target: str) -> dict[str, float]:
    """A redirect's target stands in for its source: the same claim priority (--goal)."""
    return {target: job.priority or 0.0} if spec.goal else {}
