"""A box the page marks as an alert is a note of its text, whatever links it holds.

Bootstrap's ``alert`` class (a "contextual feedback message", which documentation themes
built on Bootstrap use for their notes and tips: Hugo's Doks and Docsy, many a hand-made
site) and ARIA's ``role="alert"`` mark a box the text sets among its paragraphs ("💡 Learn
more about semantic versioning and advanced range syntax."). Such a note is often short
and mostly links, the shape prune drops as a link block; a note box by its class
(``_signals._admonition``: "note", "tip", "warning") is spared, and this is the same
for an alert. Asked by prune alone (of the blocks in the content): the box itself, and
its parts (``in_alert_box``).

The guard: an alert that says it is boilerplate (a cookie or consent notice, a newsletter's
sign-up: the strong tokens, ``_tokens._STRONG_TOKENS``; or any boilerplate word beside,
"alert-banner", "promo-alert") is no note, and prune judges it as before.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tokens import _kinds_of, _tokens_of

ALERT_BOXES = True
"""Module switch (tests loosen it to show the rule is what keeps the box)."""


def alert_box(el: HtmlElement) -> bool:
    """Whether ``el`` is an alert box: its class has the token ``alert`` or its role is
    ``alert``, and its class and id say no boilerplate."""
    if not ALERT_BOXES:
        return False
    cls = el.get("class") or ""
    role = (el.get("role") or "").strip().lower()
    if role != "alert" and "alert" not in _tokens_of(cls):
        return False
    kinds = _kinds_of(f"{cls} {el.get('id') or ''}")
    return not (kinds.strong or kinds.boiler)


def in_alert_box(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether an ancestor of ``el`` below ``content`` is an alert box."""
    for anc in el.iterancestors():
        if anc is content:
            return False
        if alert_box(anc):
            return True
    return False
