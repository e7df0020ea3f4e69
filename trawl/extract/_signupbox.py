"""A sign-up box inside a post: a newsletter's or a mailing list's pitch set between the
post's paragraphs or after them ("Get the weekly walk. One email every Friday."), its
heading and its line around a form asking for an email address.

The cleaning drops the form's field and its button, and the form goes empty, but the box's
heading and its line stay, and read as the post's own short section. Found by its form,
the box goes whole: a form whose field asks for an email address (``type="email"``, or a
field named for one; the cleaning marks the block holding such a form, ``mark_signup``,
as it drops the field), with little text beside it in its box (``SIGNUP_MAX_CHARS``: a
heading and a line or two).

Guard: a page whose form is its content (a contact page, a sign-up page: little prose of
its own outside the box, ``SIGNUP_MIN_PROSE_CHARS``) keeps it; a guide showing a form live
with its markup (``_demo.demonstration``: a listing of markup in the box) keeps it; a box
saying more than a pitch (a section of the text with a form in it) is no pitch, and only
its form goes, as before.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._demo import shows_markup
from ._tree import _collapsed_text

SIGNUP_MAX_CHARS = 240
"""A sign-up box's text besides its form: a heading and a line or two."""
SIGNUP_MIN_PROSE_CHARS = 400
"""The content's paragraphs outside the box hold at least this much: the page is a post,
not the form's own page."""
EMAIL_WORDS = ("email", "e-mail", "mail")
"""What a field asking for an email address is named (``name``, ``id``, placeholder)."""
BOX_TAGS = frozenset(("div", "aside", "section"))
SIGNUP_ATTR = "data-trawl-signup"
"""Set by the cleaning on the block holding a form that asks an email address."""


def mark_signup(field: HtmlElement) -> None:
    """Mark the block around the form of the ``input`` ``field`` (``SIGNUP_ATTR``) when the
    field asks an email address (``type="email"``, or a text field named for one): the
    cleaning drops the field, and the form's kind with it."""
    kind = (field.get("type") or "").strip().lower()
    if kind != "email":
        named = " ".join(field.get(a) or "" for a in ("name", "id", "placeholder")).lower()
        if kind not in ("", "text") or not any(w in named for w in EMAIL_WORDS):
            return
    form = next(field.iterancestors("form"), None)
    block = form.getparent() if form is not None else None
    if block is not None:
        block.set(SIGNUP_ATTR, "")


def signup_boxes(content: HtmlElement) -> list[HtmlElement]:
    """The sign-up boxes in ``content`` to drop (see the module's docstring)."""
    # (asked of every page: one search for the mark, which few pages hold)
    boxes: list[HtmlElement] = []
    for block in content.iterfind(f".//*[@{SIGNUP_ATTR}]"):
        box = _box_of(block, content)
        if box is not None and _pitch_box(box, content):
            boxes.append(box)
    return boxes


def _pitch_box(box: HtmlElement, content: HtmlElement) -> bool:
    """Whether the sign-up ``box`` is a pitch beside a post, not the page's form or a
    guide's example: the content's paragraphs outside it hold ``SIGNUP_MIN_PROSE_CHARS``
    (a contact page's are its form's few lines), and it holds no listing of markup (a
    guide's form shown live with its code: ``_demo.demonstration``)."""
    return not any(shows_markup(p) for p in box.iter("pre")) and \
        _prose_outside(content, box) >= SIGNUP_MIN_PROSE_CHARS


def _box_of(block: HtmlElement, content: HtmlElement) -> HtmlElement | None:
    """The box of the form's ``block``: its outermost ancestor-or-self below ``content``
    (a ``div``, ``aside`` or ``section``) of at most ``SIGNUP_MAX_CHARS`` of text (what is
    left of the form is its labels, if any); none when the form stands in the content's
    text."""
    box: HtmlElement | None = None
    node: HtmlElement | None = block
    while node is not None and node is not content:
        if node.tag in BOX_TAGS:
            if len(_collapsed_text(node)) > SIGNUP_MAX_CHARS:
                break
            box = node
        node = node.getparent()
    return box


def _prose_outside(content: HtmlElement, box: HtmlElement) -> int:
    return sum(len(_collapsed_text(p)) for p in content.iter("p")
               if not any(a is box for a in p.iterancestors()))
