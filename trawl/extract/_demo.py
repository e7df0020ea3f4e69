"""A live example in a document's text: a navigation bar or a form shown with its markup.

A guide to a page's components (a navigation bar, a form) shows each one live, written as
raw HTML among its paragraphs, with the markup that makes it set beside it as a code
listing (a Markdown converter sets the example's indented inner markup as a listing inside
it). The ``<nav>`` and ``<form>`` are then the document's demonstrations, not the site's
navigation or a sign-up box: boilerplate removal dropped the navigation bars whole, prune the
forms, and with them the listings, most of such a page's words. A site's navigation and its
forms hold no code listing, and stand beside the article, not between its paragraphs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml.html import HtmlElement

from ._text import text_content
from ._tokens import _kinds_of
from ._tree import next_element

DEMO_TAGS = frozenset(("nav", "form", "fieldset"))
"""What a live example of a page's chrome is written as (beside blocks of a chrome's
class, ``div.btn-toolbar``)."""

LISTING_TAG = "pre"
"""The example's markup, set as a code listing."""

PARAGRAPH_TAGS = frozenset(("p", "pre", "blockquote", "ul", "ol", "dl"))
"""The document's text around the example (a listing after it is the text's too, and so
is a list)."""

DEMO_MAX_DEPTH = 3
"""The example's outermost block is ``el`` or an ancestor this close (a form in a
navigation bar's example, a fieldset in a form's)."""


def demonstration(el: HtmlElement) -> bool:
    """Whether ``el`` (a ``nav``, a form, a block whose class says chrome: a toolbar of
    buttons, a modal dialog, a menu) is a live example in the text: it holds a code listing
    of markup (``shows_markup``: the example's own), and it (or the example block around
    it, ``DEMO_MAX_DEPTH`` levels up at most, through ``DEMO_TAGS`` and ``div``) stands
    between two paragraphs of the document, one before it and one after, past examples
    like it at most (or it is an example left open: ``left_open``). Guards: a
    site's navigation, its toolbars or a search form hold no listing of markup; a login or
    share box after a story's last paragraph, its listing a call, stands between none; a
    newsletter form set between a story's paragraphs holds no listing; a share box's
    "Embed this video" code beside its player loads a frame from elsewhere (``embed_code``);
    a dialog open over the page is none (``over_page``).
    A ``nav`` whose links lead nowhere (``mock_navigation``) is an example too, with or
    without its listing."""
    listing = next(el.iter(LISTING_TAG), None)
    if (listing is None or not shows_markup(listing) or embed_code(listing)) \
            and not mock_navigation(el):
        return False
    node: HtmlElement | None = el
    for _ in range(DEMO_MAX_DEPTH):
        if node is None or (node is not el and node.tag not in DEMO_TAGS
                            and node.tag != "div") or over_page(node):
            return False
        if _between_paragraphs(node) or \
                (listing is not None and left_open(node, listing)):
            return True
        node = node.getparent()
    return False


MODAL_ATTR = "aria-modal"
"""Set ``true`` on a dialog shown over the page: its reader is to answer it first."""


def over_page(el: HtmlElement) -> bool:
    """Whether ``el`` says it is a dialog open over the page (``aria-modal="true"``, the
    state a script sets on a pop-up it opens: a cookie wall, a newsletter overlay, a share
    box, as a rendered page's snapshot holds it). No live example in a document's text is
    written open over the page it is in (a guide's dialog is opened by its button)."""
    return (el.get(MODAL_ATTR) or "").strip().lower() == "true"


def left_open(node: HtmlElement, listing: HtmlElement) -> bool:
    """Whether ``node``, an example's block holding ``listing``, is one left open: the rest
    of the document was read into it. An example's inner ``<div>`` whose ``</div>`` a
    Markdown converter set as text in its listing stays open in a browser too (a form's
    end tag closes the form alone: HTML's tree construction leaves the elements opened in
    it open, and ``_endtags`` rightly writes no ``</div>`` there), and the example's block
    then holds every paragraph and section after it, to its parent's end. It follows a
    paragraph of the document (``_paragraph_past``), nothing of its parent follows it, and
    after its child holding the listing it holds the document's next section
    (``_next_section``). Guards: a pop-up at the end of a page (a cookie wall, a
    newsletter box after the story's last paragraph) holds no listing of markup
    (``demonstration``'s); a box offering markup to paste (a badge's, a citation's) heads
    its listing, and says a line after it, but opens no section after it."""
    if any(isinstance(sib.tag, str) for sib in node.itersiblings()):
        return False
    if not _paragraph_past(node, node.itersiblings(preceding=True)):
        return False
    holder: HtmlElement | None = listing
    while holder is not None and holder.getparent() is not node:
        holder = holder.getparent()
    return holder is not None and any(_next_section(later) for later in holder.itersiblings())


SECTION_HEADINGS = frozenset(("h2", "h3", "h4", "h5", "h6"))
"""The headings of a document's sections (its title, ``h1``, opens none after an example)."""


def _next_section(el: HtmlElement) -> bool:
    """Whether ``el`` opens a section of the document: a section's heading
    (``SECTION_HEADINGS``) over a paragraph (its next element). A heading over a list of
    links ("Related stories") or a form ("Leave a reply") opens the site's chrome after a
    story, not its text."""
    if el.tag not in SECTION_HEADINGS:
        return False
    after = next_element(el)
    return after is not None and after.tag == "p"


def hidden_demonstration(el: HtmlElement) -> bool:
    """Whether ``el``, hidden by ``aria-hidden="true"`` alone (no ``hidden`` attribute, no
    style hiding it: the caller asks those first), is a pop-up component's live example in
    a document's text: a guide shows a modal dialog or a menu live, written as raw HTML
    that a script opens from a button, and marks it hidden from screen readers until then.
    ``aria-hidden`` hides nothing from the eye, and a page that does not load the
    component's style sheet shows it in the text; a Markdown converter sets its indented
    inner markup as a code listing in it, the example's markup, which the document shows
    nowhere else. Its class says a pop-up or chrome (``_says_popup``), and it is a live
    example (``demonstration``: it holds a listing of markup, and it or the example block
    around it stands between the document's paragraphs). Guards: a site's hidden pop-up (a
    newsletter or cookie box hidden until a script opens it) holds no listing of markup,
    whatever its place; one hidden by its style stays hidden (the caller's); a dialog set
    open over the page (``aria-modal``) is none (``over_page``, in ``demonstration``)."""
    return _says_popup(el) and demonstration(el)


def _says_popup(el: HtmlElement) -> bool:
    """Whether ``el``'s class says a pop-up or chrome (``_tokens``' boilerplate and strong
    words: a modal, a menu, a popup), the kind of component a page hides until it is
    opened. A hidden block of another class holding a listing is no such example: a hidden
    copy of a listing the page shows (the text a copy button copies) is read once, where
    it is shown."""
    cls = el.get("class")
    if not cls:
        return False
    kinds = _kinds_of(cls)
    return kinds.boiler or kinds.strong


_MARKUP_RE = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>")
"""A tag written as text: ``<h5 class="card-title">``, ``</div>``."""


def shows_markup(listing: HtmlElement) -> bool:
    """Whether the listing's text is markup: it writes a tag (the example's HTML)."""
    return _MARKUP_RE.search(text_content(listing)) is not None


DEAD_HREF = "#"
"""A link to nowhere: the bare fragment an example's links hold in place of addresses."""
MOCK_MIN_LINKS = 2


def mock_navigation(el: HtmlElement) -> bool:
    """Whether ``el`` is (or is in) a ``nav`` of ``MOCK_MIN_LINKS`` links or more, every one
    to nowhere (``DEAD_HREF``; an anchor without an address, a disabled item, aside): a
    pagination bar or a menu written to show how one looks ("Previous 1 2 3 Next", each
    ``href="#"``), which leads to no page. A site's pagination bar leads to
    its pages, and its menu to its sections; one driven by a script that writes "#" in
    its links stands beside the text, not between its paragraphs (``demonstration``'s
    guard)."""
    nav: HtmlElement | None = el
    for _ in range(DEMO_MAX_DEPTH):  # (``el`` may be the bar in it: ``ul.pagination``)
        if nav is None or nav.tag == "nav":
            break
        nav = nav.getparent()
    if nav is None or nav.tag != "nav":
        return False
    count = 0
    for a in nav.iter("a"):
        href = a.get("href")
        if href is None:
            continue  # (an anchor without an address: a disabled item, "Previous")
        if href.strip() != DEAD_HREF:
            return False
        count += 1
    return count >= MOCK_MIN_LINKS


_EMBED_RE = re.compile(
    r"<(?:iframe|script|embed|object)\b[^<>]*\b(?:src|data)\s*=\s*[\"']?(?:https?:)?//", re.I)
"""A frame or a script written as text, loaded from an address on another host."""


def embed_code(listing: HtmlElement) -> bool:
    """Whether the listing's markup is an embed's: it writes a frame or a script loaded
    from another host (``<iframe src="https://video.example/embed/42">``, a social post's
    ``<script async src="https://.../widgets.js">``). That is code to paste into another
    page, which a site's share box offers beside its player ("Embed this video"), not the
    markup of a component a guide shows live beside it (a navigation bar's list of links,
    a form's fields), which loads nothing."""
    return _EMBED_RE.search(text_content(listing)) is not None


def _between_paragraphs(node: HtmlElement) -> bool:
    """Whether paragraphs are before and after ``node``, right there or past examples
    like it (its tag: two toolbars shown in one example). After it, the document's next
    section stands for a paragraph (``_next_section``: the last examples of a section,
    three dialogs of three sizes, end it); before it, only the text does (a site's
    navigation under the title or under a section's heading stands before the text, not
    in it)."""
    return _paragraph_past(node, node.itersiblings(preceding=True)) and \
        _paragraph_past(node, node.itersiblings(), after=True)


def _paragraph_past(node: HtmlElement, siblings: Iterator[HtmlElement],
                    after: bool = False) -> bool:
    for sib in siblings:
        if sib.tag in PARAGRAPH_TAGS or _listing_block(sib) or (after and _next_section(sib)):
            return True
        if sib.tag != node.tag:
            return False
    return False


def _listing_block(el: HtmlElement) -> bool:
    """Whether ``el`` is a ``div`` wrapping one code listing and nothing else (a
    highlighter's ``div.sourceCode``: the example's markup set after it)."""
    kids = [c for c in el if isinstance(c.tag, str)]
    return el.tag == "div" and len(kids) == 1 and kids[0].tag == LISTING_TAG and \
        not (el.text or "").strip()


OFFER_TAGS = ("pre", "textarea", "code")
"""Where a share box writes the code it offers to paste (as text, in a listing or a field)."""


def offered_embed(el: HtmlElement) -> bool:
    """Whether ``el``, whose class says both chrome and an embed (``div.share-embed``,
    ``social-embed``), is a share box offering its embed code: it holds a listing (or a
    field) whose text is markup (``shows_markup``: ``<iframe src=...>``, a blockquote
    linking the post), the snippet to paste elsewhere. Such a class's "embed" token
    spares an embedded post (a social post's card, its text); this box is the page's
    tool. Guard: an embedded post in a box of such a class holds the post's words, no
    markup written as text, and stays."""
    return any(shows_markup(listing) for listing in el.iter(*OFFER_TAGS))
