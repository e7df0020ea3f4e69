"""Goal relevance without a model: how likely a link leads to what a crawl looks for.

A goal-directed crawl (``--goal "pricing plans"``) claims its frontier most promising
first. Each link found on a page gets a priority from three cheap lexical signals, the
classic focused-crawler ones: the goal's terms in the link's anchor text (weight 2), in
its URL's path and query (1.5), and in the page it was found on (0.5: a link on a page
about the goal is more likely to lead on to it). Terms are lower-cased, stop words
dropped and crudely stemmed ("plans" and "plan" match), so the score is the share of
the goal's terms present, weighted: 0 (nothing in common) to 4.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from trawl.model import SEED_PRIORITY

__all__ = ["SEED_PRIORITY", "goal_terms", "link_priority", "relevance", "url_words"]

ANCHOR_WEIGHT = 2.0
URL_WEIGHT = 1.5
PAGE_WEIGHT = 0.5
PAGE_TEXT_CHARS = 4_000
"""Characters of a page's text read for its own relevance (title and headline besides)."""
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_STOP = frozenset((
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "how", "i",
    "in", "is", "it", "its", "of", "on", "or", "our", "that", "the", "their", "this", "to",
    "was", "what", "when", "where", "which", "who", "why", "will", "with", "you", "your",
    "all", "any", "can", "do", "does", "find", "get", "list", "page", "pages", "show", "me",
    "about",
))


def _stem(word: str) -> str:
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[:-len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def _terms(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text.lower()) if len(w) > 1 and w not in _STOP}


def goal_terms(goal: str) -> frozenset[str]:
    """The terms of a goal, as :func:`relevance` compares them."""
    return frozenset(_terms(goal))


def relevance(terms: frozenset[str], text: str) -> float:
    """Share of ``terms`` found in ``text`` (0..1)."""
    if not terms or not text:
        return 0.0
    return len(terms & _terms(text)) / len(terms)


def url_words(url: str) -> str:
    """A URL's path and query as words ("/docs/pricing-plans.html" -> "docs pricing plans
    html")."""
    parts = urlsplit(url)
    return re.sub(r"[/_.\-?=&+%]+", " ", unquote(f"{parts.path} {parts.query}"))


def link_priority(terms: frozenset[str], anchor: str, url: str, page_score: float) -> float:
    """A link's claim priority (higher first): see the module docstring."""
    return round(ANCHOR_WEIGHT * relevance(terms, anchor)
                 + URL_WEIGHT * relevance(terms, url_words(url))
                 + PAGE_WEIGHT * page_score, 4)
