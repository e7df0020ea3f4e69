"""Result types of :func:`trawl.extract.extract`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Link:
    """One ``<a href>`` of a page."""

    url: str  # absolute http(s) URL, fragment removed
    text: str  # anchor text, whitespace-collapsed ('' if none)
    rel: str | None = None  # the rel attribute, if any


@dataclass
class Extraction:
    """Everything :func:`trawl.extract.extract` gets out of one page."""

    title: str | None
    description: str | None
    language: str | None
    canonical_url: str | None
    markdown: str
    text: str
    word_count: int
    links: list[Link] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    headline: str | None = None  # the article's headline, kept out of `text` (see below)

    @property
    def full_text(self) -> str:
        """Headline plus text: what a reader of the page reads (pages store them apart:
        ``pages.headline`` and ``pages.text``)."""
        return f"{self.headline}\n\n{self.text}" if self.headline else self.text
