"""The public entry points: extract() and full_markdown()."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from html import escape
from typing import Any

import lxml.html
from lxml import etree
from lxml.html import HtmlElement

from ._clean import absolutize_links, basic_clean
from ._content import main_content
from ._links import extract_links
from ._markdown import convert_html, markdown_source, to_markdown
from ._meta import extract_metadata
from ._parse import parse
from ._stats import CHROME, TextSize, text_size
from ._tags import drop_selected, selected
from ._text import collapse, render_text, text_content, word_count
from ._types import Completeness, Extraction, Link
from ._urls import as_fragments, base_url

log = logging.getLogger(__name__)


def _headings(el: HtmlElement) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for h in el.iter("h1", "h2", "h3", "h4", "h5", "h6"):
        text = collapse(text_content(h)).rstrip("¶").strip()
        if text:
            out.append({"level": int(str(h.tag)[1]), "text": text})
    return out


def _fragment_html(el: HtmlElement) -> str:
    return lxml.html.tostring(el, encoding="unicode", method="html")


CONTENT_MODES = ("main", "full")
"""``main``: the main content (an article, a docs page's body) without the page's chrome;
``full``: the whole body, navigation chrome removed (long reference pages whose sections
are all content)."""
def _full_body(root: HtmlElement) -> HtmlElement:
    """The body without navigation chrome (nav, asides, page headers and footers)."""
    body = root.find("body")
    if body is None:
        return root
    for el in CHROME(body):
        parent = el.getparent()
        if parent is not None:
            parent.remove(el)
    return body


def _completeness(readable: TextSize, kept: TextSize, headline: str | None) -> Completeness:
    head = len(headline.strip()) if headline else 0
    return Completeness(readable=readable.text, kept=kept.text + head,
                        readable_prose=readable.text - readable.links,
                        kept_prose=kept.text - kept.links + head)


def _content(root: HtmlElement, content: str, title: str | None,
             include_tags: Sequence[str], exclude_tags: Sequence[str]
             ) -> tuple[HtmlElement, str | None, TextSize | None]:
    """The content element, the headline lifted off its top, and the size of the page's
    readable text it was chosen from: the elements ``include_tags`` select when given
    (exactly those: no main-content detection on top, and no completeness, since the caller
    chose), else the main content or (``full``) the body without its chrome; ``exclude_tags``'
    elements removed first. ``root`` is cleaned by now."""
    if exclude_tags:
        drop_selected(root, exclude_tags)
    if include_tags:
        return selected(root, include_tags), None, None
    if content == "full":
        body = _full_body(root)
        return body, None, text_size(body)
    return main_content(root, title)


EXTRACTION_FAULT = "extraction_fault"
"""``metadata`` key of a page whose content step raised: the cause, and whether the
page was stored whole (its body less navigation chrome, as ``--content full``) instead of
empty. ``pages.metadata ? 'extraction_fault'`` lists them."""


def extract(html: str | etree._Element, url: str, content: str = "main", *,
            include_tags: Sequence[str] = (), exclude_tags: Sequence[str] = (),
            source: str | None = None) -> Extraction:
    """Extract markdown/text (of the main content, or with ``content="full"`` of the whole
    body without its chrome), metadata and all links from one page. Never raises.

    ``include_tags``/``exclude_tags``: CSS selectors (checked beforehand with
    :func:`check_selectors`) of the elements that are the content / are not.
    ``html`` may be a document from :func:`parse` (``parse_html``); it is edited in place.
    ``source``: the HTML that document was parsed from. Should the content step raise
    (a main-content rule's bug on a page shape it never met), the page is read again from it (or
    from ``html`` itself when that is text) as ``content="full"``, and
    ``metadata["extraction_fault"]`` says why: the page is stored whole, not empty.
    """
    source = html if isinstance(html, str) else source
    # handed over, not held here: _extract lets the tree go before the markdown conversion
    # (a caller that passes a document it no longer holds frees it there; see _extract)
    held: list[str | etree._Element] = [html]
    del html
    extraction, fault = _extract(held, url, content, include_tags, exclude_tags)
    if fault is None:
        return extraction
    if source is None or content == "full" or include_tags:  # no other way to read it
        extraction.metadata[EXTRACTION_FAULT] = f"{fault}; nothing stored of the content"
        return extraction
    whole, again = _extract([source], url, "full", (), exclude_tags)
    whole.metadata[EXTRACTION_FAULT] = (
        f"{fault}; stored the whole body less navigation chrome (as --content full)"
        if again is None else f"{fault}; reading it whole failed too: {again}")
    return whole


def _extract(held: list[str | etree._Element], url: str, content: str,
             include_tags: Sequence[str], exclude_tags: Sequence[str]
             ) -> tuple[Extraction, str | None]:
    """:func:`extract` once, and what its content step raised (None when nothing).
    ``held``: the page (text or a parsed document), taken out of it (see ``extract``)."""
    html = held.pop()
    url = url if isinstance(url, str) else ""
    if isinstance(html, etree._Element):
        root = html
    else:
        try:
            root = parse(html)
        except Exception:  # pragma: no cover - parse() already guards
            log.exception("extract: cannot parse %s", url)
            root = parse("")
    del html  # (root is the document now)
    base = url
    links: list[Link] = []
    metadata: dict[str, Any] = {}
    try:
        base = base_url(root, url)
        links = extract_links(root, base)
        if base == url:
            as_fragments(root, url)
    except Exception:
        log.exception("extract: links failed for %s", url)
    try:
        metadata = extract_metadata(root, base)
    except Exception:
        log.exception("extract: metadata failed for %s", url)
    markdown = text = ""
    headline = None
    completeness = None
    fault = None
    try:
        basic_clean(root)
        main, headline, readable = _content(root, content, metadata.get("title"),
                                            include_tags, exclude_tags)
        if readable is not None:
            kept = readable if content == "full" else text_size(main)
            completeness = _completeness(readable, kept, headline)
            if completeness.ratio is not None:
                metadata["kept_ratio"] = round(completeness.ratio, 3)
        absolutize_links(main, base)
        metadata["headings"] = _headings(main)
        if headline:
            metadata["headings"].insert(0, {"level": 1, "text": headline})
        text = render_text(main)
        try:
            source = markdown_source(main)
            # the tree is read: let it go before the converter parses the source again
            # (its own tree: the page's peak). Parsed here from text, the page's tree
            # (~8 times the page) is then freed: 14 MB of a manual peaked at 436 MB
            del main, root
            markdown = convert_html(source)
            del source
            if headline:
                markdown = f"# {headline}\n\n{markdown}"
        except Exception:
            log.exception("extract: markdown conversion failed for %s", url)
            markdown = text + "\n" if text else ""
    except Exception as exc:
        log.exception("extract: content failed for %s", url)
        fault = f"extracting the content failed ({type(exc).__name__}: {exc})"
        markdown = text = ""
        headline = None
        completeness = None
        metadata.pop("kept_ratio", None)
        metadata.pop("headings", None)
    metadata.setdefault("headings", [])
    return Extraction(
        title=metadata.get("title"),
        description=metadata.get("description"),
        language=metadata.get("language"),
        canonical_url=metadata.get("canonical_url"),
        markdown=markdown,
        text=text,
        word_count=word_count(text),
        links=links,
        metadata=metadata,
        headline=headline or None,
        completeness=completeness,
    ), fault


def content_html(html: str, url: str, content: str = "main", *,
                 include_tags: Sequence[str] = (), exclude_tags: Sequence[str] = ()) -> str:
    """The HTML of what :func:`extract` takes for the content (same arguments), links
    absolute: Firecrawl's ``html`` format beside its ``rawHtml``. Never raises ('' when
    nothing can be read)."""
    try:
        root = parse(html)
        base = base_url(root, url if isinstance(url, str) else "")
        if base == url:
            as_fragments(root, url)
        title = extract_metadata(root, base).get("title")
        basic_clean(root)
        main, headline, _ = _content(root, content, title, include_tags, exclude_tags)
        absolutize_links(main, base)
        # the headline lifted off the top is content (extract's markdown starts with it too)
        top = f"<h1>{escape(headline)}</h1>\n" if headline else ""
        return top + _fragment_html(main)
    except Exception:
        log.exception("content_html failed for %s", url)
        return ""


def full_markdown(html: str, url: str) -> str:
    """Markdown of the whole page body (scripts, styles and hidden elements dropped)."""
    try:
        root = parse(html)
        base = base_url(root, url if isinstance(url, str) else "")
        basic_clean(root)
        absolutize_links(root, base)
        body = root.find("body")
        if body is None:
            return ""
        return to_markdown(_fragment_html(body))
    except Exception:
        log.exception("full_markdown failed for %s", url)
        return ""
