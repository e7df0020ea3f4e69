"""Pure extraction: HTML (and its URL) in; main-content markdown, text, metadata, links out.

No browser, no database, no Temporal. ``extract`` never raises on bad input.

- ``extract(html, url) -> Extraction``: the page's main content (navigation, headers,
  footers, sidebars, cookie banners, ads, share bars and the article's own headline/byline
  removed) as markdown and plain text, its metadata, and *all* its http(s) links.
  When a headline was lifted off the top of the content, the markdown starts with it as
  ``# headline`` (``text`` does not include it; it is also ``metadata["headings"][0]``).
  ``extract(html, url, content="full")``: the whole body instead, navigation chrome (nav,
  asides, page headers and footers, ARIA landmarks of those) removed.
  ``Extraction.completeness`` says how much of the page's readable text (its body less
  navigation chrome and hidden elements) was kept; ``metadata["kept_ratio"]`` is the share.
- ``extract(..., include_tags=[css...], exclude_tags=[css...])``: exactly the elements
  selected are the content / the elements selected are not (``_tags``; selectors checked
  with ``check_selectors``).
- ``content_html(html, url, ...) -> str``: the HTML of what ``extract`` takes for content.
- ``full_markdown(html, url) -> str``: the whole page body as markdown.
- ``chunk_markdown(markdown, size) -> list[Chunk]``: heading-aware chunks for retrieval
  (``_chunk``).
- ``parse_html(html) -> document``: the lxml document ``extract`` reads; pass it instead of
  the HTML when something else reads the page first (extraction then edits it).

Modules: ``_parse`` (robust lxml parsing), ``_clean`` (non-content tags, hidden elements,
URLs), ``_content`` (main-content detection, in passes: ``_signals``, ``_stats``, ``_boiler``,
``_select``, ``_prune``, ``_edges``), ``_markdown`` (CommonMark/GFM on
html-to-markdown: fenced code with its language, GFM tables, notes and warnings as
blockquotes with their label, definition lists as bold terms), ``_text`` (plain text),
``_meta`` (title, description, language, canonical, author, dates, Open Graph, JSON-LD), ``_links``.
Quality is measured by ``bench/extraction.py``.
"""

from __future__ import annotations

from ._chunk import DEFAULT_CHUNK_CHARS, MAX_CHUNK_CHARS, MIN_CHUNK_CHARS, Chunk, chunk_markdown
from ._core import CONTENT_MODES, EXTRACTION_FAULT, content_html, extract, full_markdown
from ._parse import parse as parse_html
from ._tags import check_selectors
from ._types import Completeness, Extraction, Link

__all__ = ["CONTENT_MODES", "DEFAULT_CHUNK_CHARS", "EXTRACTION_FAULT", "MAX_CHUNK_CHARS",
           "MIN_CHUNK_CHARS", "Chunk", "Completeness", "Extraction", "Link", "check_selectors",
           "chunk_markdown", "content_html", "extract", "full_markdown", "parse_html"]
