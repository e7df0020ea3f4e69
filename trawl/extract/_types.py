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


@dataclass(frozen=True)
class Completeness:
    """How much of the page's readable text the extraction kept, in characters (each text
    node stripped). The page's readable text is its body less navigation chrome (nav,
    asides, page headers and footers, and their ARIA roles) and hidden elements; prose is
    that text less link text."""

    readable: int
    """Characters of the page's readable text."""
    kept: int
    """Characters of it the extraction kept (the headline included)."""
    readable_prose: int
    """Characters of the readable text outside links."""
    kept_prose: int
    """Characters of it the extraction kept."""

    @property
    def ratio(self) -> float | None:
        """The share of the readable text kept (None for a page without text)."""
        return min(1.0, self.kept / self.readable) if self.readable else None

    @property
    def prose_ratio(self) -> float | None:
        """The share of the readable prose kept (None for a page without any)."""
        return min(1.0, self.kept_prose / self.readable_prose) if self.readable_prose else None


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
    completeness: Completeness | None = None
    """How much of the page's readable text was kept (``metadata["kept_ratio"]`` is its
    ratio); None when the page could not be read."""

    @property
    def full_text(self) -> str:
        """Headline plus text: what a reader of the page reads (pages store them apart:
        ``pages.headline`` and ``pages.text``)."""
        return f"{self.headline}\n\n{self.text}" if self.headline else self.text
