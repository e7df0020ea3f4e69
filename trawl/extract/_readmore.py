"""A sentence pointing the reader on to the site's own documents, whose lead reads as a
promotion's ("See also", "Read more").

Prune drops a paragraph that is mostly links and opens as a promotion does ("Read more:
<a>another story</a>", "See also: <a>Sports</a>"). A manual writes such sentences of its
own: a section's cross-reference, "See also <a>Grid and Guides</a>." (``_refers_to_sections``),
and an introduction's last line pointing on to the rest of the documentation, "Read more
in the <a>FAQ list</a> or the <a>documentation</a>, or <a>download the latest
release</a>." (``pointer_sentence``). What tells them from a promotion is the sentence (no
label's colon, words of its own after the lead, a full stop) and where the links lead: a
documentation generator links the site's documents by addresses relative to the page
("faq.html", "docs/index.html", "grid.html#the-grid"); a story's promotion links other
stories by their absolute or site-rooted addresses ("/news/2024/...").
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

SEE_ALSO_RE = re.compile(r"see also\b", re.I)
"""How a cross-reference's sentence, or a promotion's label, opens."""
_SECTION_HREF_RE = re.compile(r"(?:[^:/?#\s][^:?#\s]*\.html?)?#[^\s#]+")
"""A relative address of a page of the same site and a part of it ("grid.html#the-grid"),
or of a part of this page ("#the-grid"): a manual's cross-reference to a section, not a
story's address."""


def refers_on(el: HtmlElement, text: str) -> bool:
    """Whether the paragraph ``el`` (its collapsed ``text``), mostly links and opening as a
    promotion does, is a manual's sentence pointing on to its documents: a section's
    cross-reference (``_refers_to_sections``) or an introduction's pointer to the rest
    (``pointer_sentence``)."""
    return _refers_to_sections(el, text) or pointer_sentence(el, text)


def _refers_to_sections(el: HtmlElement, text: str) -> bool:
    """Whether the "See also" paragraph ``el`` (its collapsed ``text``) is a manual's
    sentence under a section ("See also <a>Grid and Guides</a>."): no label's colon, a full
    stop, and every link a relative address of a section of another page of the site
    (``page.html#section``), which a cross-reference of a manual's generator writes (DocBook
    XSL, Sphinx, Texinfo) and a promotion's headline, an address of a story, never has."""
    if SEE_ALSO_RE.match(text) is None or ":" in text or not text.endswith("."):
        return False
    hrefs = [a.get("href") or "" for a in el.iter("a")]
    return bool(hrefs) and all(_SECTION_HREF_RE.fullmatch(h) for h in hrefs)


_POINTER_LEAD_RE = re.compile(
    r"(?:read|learn|find out) more (?:in|about|on|at|from|of)\b\s*(.*)$", re.I | re.S)
"""A pointer's lead, the page's own words before its first link: "Read more in the "."""
POINTER_LEAD_MAX_WORDS = 4
"""Words of the lead after "Read more in" before the first link, at most ("the", "our
project's")."""


def pointer_sentence(el: HtmlElement, text: str) -> bool:
    """Whether the paragraph ``el`` (its collapsed ``text``) is a sentence pointing the
    reader on to the site's documents: its lead, no link, "Read more in the" (or "Learn
    more about"), then its links (``_own_document``: the first to a document of the site
    by the page's relative address), no label's colon, a full stop: the last line of a
    project's introduction ("Read more in the <a>FAQ list</a> or the
    <a>documentation</a>."). A teaser's "Read more" is its link; a promotion's label
    says "Read more:"; a story's "Read more in our <a>election coverage</a>." links
    another story by its site-rooted address."""
    if ":" in text or not text.endswith("."):
        return False
    lead = " ".join((el.text or "").split())
    found = _POINTER_LEAD_RE.match(lead)
    if found is None or len(found.group(1).split()) > POINTER_LEAD_MAX_WORDS:
        return False
    first = next(el.iter("a"), None)
    return first is not None and first.getparent() is el and _own_document(first)


_DOCUMENT_HREF_RE = re.compile(r"(?:\.\./|\./)*[\w-][\w./-]*\.html?(?:#[^\s#]*)?")
"""A document of the same site by an address relative to the page ("faq.html",
"docs/index.html", "../api.html#x"): no scheme, no host, not rooted at the site's top."""


def _own_document(link: HtmlElement) -> bool:
    """Whether ``link`` leads to a document of the site by the page's relative address
    (``_DOCUMENT_HREF_RE``), which a documentation generator writes; a story's promotion
    links other stories by their absolute or site-rooted addresses."""
    return _DOCUMENT_HREF_RE.fullmatch((link.get("href") or "").strip()) is not None
