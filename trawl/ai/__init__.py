"""The model layer: models by name, structured extraction, goal relevance, the agent.

- :func:`build_model` / :func:`override_models`: ``PROVIDER:NAME`` (openai, anthropic,
  ollama) to a pydantic-ai model, built in the worker from its environment; scripted
  models for tests.
- :func:`extract_page`: one page's structured data (selector ``fields`` or a model's
  ``schema``), validated; :class:`ExtractResult`.
- :func:`goal_terms` / :func:`relevance`: the cheap lexical score goal-directed crawls
  order their frontier by; :func:`rank_links`: a model's ranking of a page's links
  instead (``--goal-rank model``), the lexical score its fallback.
- :data:`TOKEN_LISTENERS` / :class:`TokenUse`: who hears of model tokens spent.
- :func:`untrusted`: page text marked as data for a model.

No Temporal here (lint-imports checks it): the durable parts are activities and workflows
that call into this package.
"""

from trawl.ai._budget import CHARS_PER_TOKEN, MAX_OUTPUT_TOKENS, TokenBudget, budgeted
from trawl.ai._extraction import BUDGET_SPENT, ExtractResult, extract_page
from trawl.ai._models import DEFAULT_OLLAMA_BASE_URL, build_model, model_settings, override_models
from trawl.ai._ranking import RankResult, rank_links
from trawl.ai._relevance import SEED_PRIORITY, goal_terms, link_priority, relevance
from trawl.ai._selectors import SelectorResult, select_fields
from trawl.ai._untrusted import untrusted
from trawl.ai._usage import TOKEN_LISTENERS, TokenUse, report_tokens

__all__ = [
    "BUDGET_SPENT",
    "CHARS_PER_TOKEN",
    "DEFAULT_OLLAMA_BASE_URL",
    "MAX_OUTPUT_TOKENS",
    "SEED_PRIORITY",
    "TOKEN_LISTENERS",
    "ExtractResult",
    "RankResult",
    "SelectorResult",
    "TokenBudget",
    "TokenUse",
    "budgeted",
    "build_model",
    "extract_page",
    "goal_terms",
    "link_priority",
    "model_settings",
    "override_models",
    "rank_links",
    "relevance",
    "report_tokens",
    "select_fields",
    "untrusted",
]
