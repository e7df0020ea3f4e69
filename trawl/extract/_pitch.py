"""A newsletter's pitch in or after an article, with no form: the site's box "Get our
newsletter / The week's best stories, every Friday. / Sign up" (the call to action a link).
A sign-up form is the cleaning's to drop; a pitch without one was stored as content, its
heading, its line and its call among the story's paragraphs.

``drop_newsletter_pitch`` runs after prune, on what it left. A pitch is a block of the
content (a ``p``, ``div``, ``aside``, ``section``) of at most ``PITCH_MAX_CHARS`` that

* speaks of a newsletter (``_LETTER_RE``: newsletter, inbox, mailing list, digest) as the
  site's or the reader's (``_OWNER_RE``: "our", "my", "your"), and
* calls to sign up: its last words are a link (or a button, where one is left) whose whole
  text is the call (``_CALL_RE``: "Sign up", "Subscribe now"), set after a sentence's end
  or as a line of its own (``_called``).

Guards: an article's paragraph that mentions a newsletter ("Residents who read the
council's newsletter ...", "... asked readers to <a>sign up</a> at the library.") does not
call as its last words after a sentence's end, and names no owner; a page whose text is the
pitch (a newsletter's own sign-up page) has no prose outside it
(``PROSE_OUTSIDE_MIN_CHARS``).

Not taken: a pitch whose call is a ``<button>`` (the cleaning drops it before the content
is chosen, and what is left is a line "Sign up for our free weekly newsletter."). A rule
taking such a line alone (a block of one sentence opening with the call) was tried and
taken out: it lowered Readability's pages' F1 (0.9571 to 0.9569), whose references keep
such a line as content; the line is a reader's text as much as the site's.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._droptree import drop_tree
from ._tree import _collapsed_text, _short_text

PITCH_MAX_CHARS = 300
"""A pitch's box says a heading, a line and its call in at most this much text."""
PROSE_OUTSIDE_MIN_CHARS = 400
"""The content outside the pitch holds at least this much text (a story's paragraphs)."""
_LETTER_RE = re.compile(r"\b(?:newsletters?|inbox|mailing list|e-?mail digest|digest)\b", re.I)
_OWNER_RE = re.compile(r"\b(?:our|my|your)\b", re.I)
_CALL_RE = re.compile(
    r"^\W*(?:sign(?:\s+me)?\s*up|subscribe|join(?:\s+(?:us|now|free))?|register)"
    r"(?:\s+(?:now|today|here|for\s+free|free))?\W*$", re.I)
"""A call to sign up, alone: a link's or a button's whole text."""
_BLOCKS = ("p", "div", "aside", "section")
_CALLERS = ("a", "button")


def drop_newsletter_pitch(content: HtmlElement) -> None:
    """Drop the newsletter pitches of ``content`` (module doc)."""
    whole = _collapsed_text(content)
    total = len(whole)
    # (a block's text is a run of the content's, so its letters once white space is taken
    # out and case folded are a run of the content's so too (``str.casefold`` folds each
    # character alone): a content without any of ``_LETTER_STEMS`` holds no block that
    # ``_may_name_letter`` passes, and no block of it is read; most pages name no letter.
    # The collapsed text's only white space is single spaces: replace() squeezes it.)
    if total < PROSE_OUTSIDE_MIN_CHARS or not _names_stem(whole.replace(" ", "")):
        return
    doomed: list[HtmlElement] = []
    for el in content.iter(*_BLOCKS):
        if el is content or any(d is el or d in el.iterancestors() for d in doomed):
            continue
        text = _short_text(el, PITCH_MAX_CHARS)
        if not text or total - len(text) < PROSE_OUTSIDE_MIN_CHARS or \
                not _may_name_letter(text):
            continue
        if newsletter_pitch(el, " ".join(" ".join(el.itertext()).split())):
            doomed.append(el)
    for el in doomed:
        drop_tree(el)


_LETTER_STEMS = ("newsletter", "inbox", "mailinglist", "digest")
"""What ``_LETTER_RE``'s every match holds once white space is taken out and case folded."""


def _names_stem(squeezed: str) -> bool:
    """Whether ``squeezed`` (a text without white space) holds one of ``_LETTER_STEMS``
    once case folded."""
    folded = squeezed.casefold()
    return any(stem in folded for stem in _LETTER_STEMS)


def _may_name_letter(text: str) -> bool:
    """Whether ``text`` (a block's collapsed text, its parts joined without spaces) may
    hold a match of ``_LETTER_RE`` in the text ``newsletter_pitch`` reads (the parts
    joined with spaces): both are the same letters once white space is taken out, so a
    block without any of ``_LETTER_STEMS`` so is no pitch, and its parts are not joined
    again (asked of every short block of every page: most are a story's paragraphs)."""
    return _names_stem("".join(text.split()))


def newsletter_pitch(el: HtmlElement, text: str) -> bool:
    """Whether the block ``el`` (``text``: its text, its parts' apart) is a newsletter's
    pitch."""
    if _LETTER_RE.search(text) is None or _OWNER_RE.search(text) is None:
        return False
    if any(isinstance(c.tag, str) and c.tag in ("ul", "ol", "table", "pre") for c in el.iter()):
        return False  # (a pitch is a few lines, no list or table)
    return _called(el, text)


def _called(el: HtmlElement, text: str) -> bool:
    """Whether the last words of ``el`` are a call to sign up (``_CALL_RE``) in a link or a
    button, set after a sentence's end or a heading, not in a sentence's run ("asked
    readers to <a>sign up</a>.")."""
    last = None
    for node in el.iter(*_CALLERS):
        last = node
    if last is None:
        return False
    call = _collapsed_text(last)
    if not call or _CALL_RE.match(call) is None or not text.endswith(call):
        return False
    before = text[:len(text) - len(call)].rstrip()
    return bool(before) and (before[-1] in ".!?:" or _own_line(last, el))


def _own_line(caller: HtmlElement, el: HtmlElement) -> bool:
    """Whether the call stands as a line of its own in ``el``: no text before it in its
    parent block, which is not ``el``'s running text."""
    parent = caller.getparent()
    return parent is not None and parent is not el and not (parent.text or "").strip() \
        and caller.getprevious() is None
