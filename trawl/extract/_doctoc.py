"""A block the page marks as its table of contents (DPUB-ARIA's ``doc-toc`` role): what a
``<nav>`` says, said by a role on a ``div``.

Org's HTML export writes the document's table of contents above its sections as a
``div role="doc-toc"`` (a "Table of Contents" heading over links to the page's own
headings), Pandoc as a ``nav role="doc-toc"``. The role is the page's own word that the
block is a table of contents: it is judged as a ``<nav>`` is (``_boiler``), dropped as
navigation unless it is the page's own contents in its main landmark (as a ``<nav>``
there is kept), or the page is its table of contents and little else (a book's contents
page: ``_contents_page``)."""

from __future__ import annotations

DOC_TOC_ROLE = "doc-toc"
"""DPUB-ARIA's role of a table of contents."""

CONTENTS_PAGE_SHARE = 0.8
"""A table of contents holding this share of the page's text is the page (its contents
page), as a ``<nav>`` holding as much is (``_boiler._is_boilerplate``)."""


def marked_contents(role: str) -> bool:
    """Whether the ARIA ``role`` (lower-cased, stripped) marks a table of contents."""
    return role == DOC_TOC_ROLE or DOC_TOC_ROLE in role.split()


def toc_navigation(role: str, share: float) -> bool:
    """Whether the block of ``role`` (``share`` of the page's text) is the page's table of
    contents marked as such (``marked_contents``), navigation as a ``<nav>`` is: not when
    it is the page, a contents page whose list is what a reader came for
    (``_contents_page``)."""
    return bool(role) and marked_contents(role) and not _contents_page(share)


def _contents_page(share: float) -> bool:
    """Whether a table of contents of ``share`` of the page's text is the page itself."""
    return share >= CONTENTS_PAGE_SHARE
