"""A bio at the end of the content: an author's ("About the author", "Jane Doe is a
reporter ...") or a company's (a press release's "About Example Corp."), dropped; and
what is no such bio, though it reads as one: the block that opens the text, and the
entries of a page of people (a project's team: each a photo, a bold name and a
paragraph)."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._clean import drop_tree
from ._text import words
from ._tree import _HEADINGS, _collapsed_text, _first_element, _is_ancestor, _norm, _short_text

# -- a bio at the end: "About the author", a company's press-release boilerplate ----------

_BIO_LEAD_RE = re.compile(
    r"^\W*(?:about\s+(?:the\s+)?\S+|(?:[A-Z][\w.'’&-]*\s+){0,4}(?!(?:There|This|That|It|"
    r"Here|What|Which|Each|One|Such)\s)[A-Z][\w.'’&-]*,?\s+(?:is|was)\s+(?:a|an|the)\s)",
    re.U)
"""How a bio starts: "About Ascom", "About the author", "Jane Doe is a reporter ...",
"Example Corp. is the leading ..."; not a pronoun's ("There is a subtle distinction ...",
"Note: This is a ...": a note's, under its label)."""
_WRITES_LEAD_RE = re.compile(
    r"^\W*(?:(?:[A-Z][\w.'’&-]*\s+){0,3}(?!(?:He|She|They|It|This|That|Who|One)\s)"
    r"[A-Z][\w.'’&-]*\s+(?:writes|covers|reports)|(?:Writes|Covers|Reports))\s+(?:about|on)\s",
    re.U)
"""How an author's bio starts when it says what they write, not what they are: "Ann Reyes
writes about cities", "Writes about cities" (the name a link above it); not a pronoun's
("He writes about the sea as few have": a review's sentence about its book's author)."""
_PROGRAM_RE = re.compile(r"::|\w[._]\w{2,}")
"""... but a program's name is no person's or company's: a dot or an underscore inside it
("Boost.PolyCollection is a header-only library.", a manual's note under its icon);
a person's initials are letters ("J.K. Rowling is a ...")."""
_BIO_MAX_CHARS = 1500
_BIO_SCAN = 4
"""Blocks looked at from the end of the content (a bio is one of its last)."""
_BIO_BLOCKS = words("p div section aside footer")


def drop_trailing_bio(content: HtmlElement) -> None:
    """Drop an author's or a company's bio among the last blocks of the content: a block
    that starts like one and is set apart like one (a photo, a bold name, a rule or an
    "About ..." heading before it)."""
    blocks = [el for el in content.iter(*_BIO_BLOCKS) if el is not content
              and not any(isinstance(c.tag, str) and c.tag in _BIO_BLOCKS for c in el)]
    for el in blocks[-_BIO_SCAN:]:
        text = _short_text(el, _BIO_MAX_CHARS)
        if not text:
            continue
        lead = _BIO_LEAD_RE.match(text) or _WRITES_LEAD_RE.match(text)
        if lead and _PROGRAM_RE.search(lead.group()) is None and \
                _set_apart(el, lead, content) and \
                not _opens_text(el, content) and not _one_of_people(el, content):
            bio = el
            # its wrapper goes with it when the wrapper holds nothing else (the photo)
            parent = bio.getparent()
            while parent is not None and parent is not content and (
                    len(_collapsed_text(parent)) <= len(text) + 20
                    or _bio_box(parent, bio)):
                bio, parent = parent, parent.getparent()
            drop_tree(bio)
            return


BIO_MIN_TEXT_BEFORE = 200
"""A bio follows a text of at least this many characters (a paragraph's worth)."""


def _opens_text(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether ``el`` opens the content's text: before it there is less than
    ``BIO_MIN_TEXT_BEFORE`` of text that is neither a heading's nor a link's (a title, a
    table of contents). A bio trails the text it is about, on any site; the block that
    opens the text is the text ("<b>GnuCash</b> is a personal finance application": a
    manual's chapter, its program's name in bold), and a page that is only a bio ("About
    the author") is that page's content."""
    size = len((content.text or "").strip())
    above = set(el.iterancestors())  # (their tails come after el)
    skip: HtmlElement | None = None  # (a heading or a link: its text does not count)
    for node in content.iterdescendants():
        if node is el:
            return True
        if skip is not None and _is_ancestor(skip, node):
            continue  # (its text and tail are the heading's or the link's)
        if isinstance(node.tag, str) and (node.tag in _HEADINGS or node.tag == "a"):
            skip = node
        elif isinstance(node.tag, str):
            size += len((node.text or "").strip())
        if node not in above:
            size += len((node.tail or "").strip())
        if size >= BIO_MIN_TEXT_BEFORE:
            return False
    return True


def _one_of_people(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether ``el``, led by a bold name, is one of the entries of a page of people (a
    project's team, its developers: under the title, a photo, a bold name and a paragraph
    each): the blocks of its tag beside it, from the one that opens the text
    (``_opens_text``) to it, are each led by a bold name too (``_people_from_the_top``).
    Each reads as a bio, and together they are the page; a bio after a story follows
    paragraphs that no bold name leads."""
    parent = el.getparent()
    if parent is None or not _bold_led(el):
        return False
    alike = [s for s in parent if s.tag == el.tag and _collapsed_text(s)]
    before = alike[:alike.index(el)] if el in alike else []
    return bool(before) and _people_from_the_top(before, content)


def _people_from_the_top(before: list[HtmlElement], content: HtmlElement) -> bool:
    """The guard of ``_one_of_people``: every block in ``before`` is led by a bold name,
    and the first opens the content's text."""
    return all(_bold_led(b) for b in before) and _opens_text(before[0], content)


def _bold_name(el: HtmlElement, lead: re.Match[str]) -> bool:
    """Whether the bold lead of ``el`` is the name its bio's lead says: the words before
    the verb ("Jane Doe" of "<b>Jane Doe</b> is a reporter"; "About the author:" whole)
    are the bold text's. A run-in title is bold too, and its sentence names its own
    subject after it ("<b>Using. </b>ModemManager is a system daemon ...", a DocBook
    formal paragraph, one of a manual's several): the bold words are the paragraph's
    title, no person's or company's name, and the paragraph is no bio."""
    first = _first_element(el)
    name = _norm(_LEAD_VERB_RE.sub("", lead.group())).split()
    return first is not None and bool(name) and \
        _norm(_collapsed_text(first)).split()[:len(name)] == name


def _bold_led(el: HtmlElement) -> bool:
    """Whether a bold name (``b``, ``strong``) leads ``el``, no text before it."""
    first = _first_element(el)
    return first is not None and first.tag in ("b", "strong") and not (el.text or "").strip()


_LEAD_VERB_RE = re.compile(r",?\s+(?:(?:is|was)\s+(?:a|an|the)|(?:writes|covers|reports)\s+"
                           r"(?:about|on))\s$")
"""The verb a bio's lead ends on ("... is a "), after the name it says."""


BIO_BOX_EXTRA_CHARS = 120
"""A bio's box holds, beside the bio, at most this much text: the name, its links."""


def _bio_box(box: HtmlElement, bio: HtmlElement) -> bool:
    """Whether ``box`` is the bio's box: what it holds beside ``bio`` is a photo, the
    author's name and links (to their page, their accounts), headings and links only, at
    most ``BIO_BOX_EXTRA_CHARS`` of them. A story's paragraphs beside it are text outside
    any link: the box is not climbed to them."""
    extra = 0
    for child in box:
        if child is bio or not isinstance(child.tag, str):
            if (child.tail or "").strip():
                return False
            continue
        if (child.tail or "").strip():
            return False
        text = _collapsed_text(child)
        if not text:
            continue
        linked = "".join(_collapsed_text(a) for a in child.iter("a"))
        if child.tag not in _HEADINGS and len(linked.replace(" ", "")) < \
                len(text.replace(" ", "")) * 0.8:
            return False
        extra += len(text)
    return not (box.text or "").strip() and extra <= BIO_BOX_EXTRA_CHARS


def _photo_around(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether the bio's box around ``el`` holds a photo: a block climbed to while it
    holds nothing beside the bio but a photo, a name and links (``_bio_box``: the photo,
    the name, the bio, each in a block of its own). The content's own figures are no bio's
    photo: a review's cover above the paragraphs closing on the book's author."""
    node = el
    for anc in el.iterancestors():
        if anc is content or not _bio_box(anc, node):
            return False
        if anc.find(".//img") is not None:
            return True
        node = anc
    return False


def _set_apart(el: HtmlElement, lead: re.Match[str], content: HtmlElement) -> bool:
    if _bold_led(el) and _bold_name(el, lead):
        return True  # a bold name leading it
    node = el
    while node is not None:
        if node.find(".//img") is not None and len(_collapsed_text(node)) < _BIO_MAX_CHARS:
            return True  # a photo beside it
        prev = node.getprevious()
        if prev is not None and (prev.tag == "hr" or (
                prev.tag in _HEADINGS and _collapsed_text(prev).lower().startswith("about"))):
            return True  # a rule or an "About ..." heading before it
        if prev is not None or node.getparent() is None:
            break
        node = node.getparent()
    return _WRITES_LEAD_RE.match(lead.group()) is not None and _photo_around(el, content)
