"""Destructive controls: what neither crawler steps nor an agent press unasked.

A control is destructive when pressing it deletes, buys, pays, logs out, unsubscribes or
otherwise changes something on the server that a reader should not change: a button, link
or menu item whose accessible name, text, value, aria-label, title or link target says so
(:data:`DEFAULT_DESTRUCTIVE_WORDS`), a link that sends a non-GET request (Rails
``data-method``), or a submit control of a form that POSTs and is neither a search form
nor a sign-in form.

The facts come from the page in one call (:data:`FACTS_JS`, about the control a click or
an Enter key on an element would really activate); the decision is made here in Python
(:func:`classify`), so it is testable without a browser. :class:`DestructiveGuard` puts
both together with its settings (extra words, or everything allowed). Core library: no
Temporal, and Playwright only for the types.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, unquote, urlsplit

from trawl.browser.scripts import Js, script

if TYPE_CHECKING:
    from playwright.async_api import ElementHandle, Page

DEFAULT_DESTRUCTIVE_WORDS: tuple[str, ...] = (
    "delete", "remove", "destroy", "erase", "wipe", "purge", "discard", "revoke",
    "terminate", "deactivate", "close account", "close my account",
    "buy", "buy now", "purchase", "pay", "pay now", "checkout", "place order", "order now",
    "complete order", "confirm order", "submit order", "confirm purchase", "donate",
    "subscribe", "unsubscribe", "cancel subscription", "cancel membership", "cancel order",
    "cancel account",
    "log out", "logout", "log off", "logoff", "sign out", "signout",
    "transfer", "send money", "withdraw",
)
"""Words and phrases that make a control destructive, matched case-insensitively on word
boundaries ("Remove" and "remove-item" match, "removed", "Download" and "PayPal" do not;
a space in a phrase also matches ``-`` and ``_``: "sign-out")."""

MAX_LABEL_WORDS = 4
"""A label this short is a command ("Yes, delete it"), so a word anywhere in it counts;
in a longer one (an article title in a link: "How to delete your account") only a label
that starts with the word does ("Delete all messages in this folder")."""

CONTROL_ROLES = frozenset({"button", "link", "menuitem", "menuitemcheckbox",
                           "menuitemradio", "option", "tab", "generic"})
"""Roles whose words are judged (``generic``: a clickable element without a role).
Text boxes, checkboxes and plain text say what they are about, not what they do."""

SIGN_IN_WORDS: tuple[str, ...] = ("sign in", "signin", "log in", "login", "log on",
                                  "continue", "next")
"""A POST form with one password field submitted by a control saying one of these is a
sign-in form: sending it starts a session and changes nothing else ("Confirm" under a
password field, the usual last step of deleting an account, is not one)."""

SEARCH_FIELD_NAMES = frozenset({"q", "query", "s", "k", "search", "search_query", "searchterm",
                                "search_term", "keyword", "keywords", "term", "terms"})
"""The name or id of the one text field that makes a form a search form."""

ACTIVATING_KEYS = frozenset({"enter", "numpadenter", " ", "space"})
"""Keys that press a focused button or link (Enter also submits a text field's form)."""

ACTION_PARAMS = frozenset({"action", "do", "op", "cmd", "command", "task", "_method"})
"""Query parameters whose value is what a link does (``?action=logout``); any other
parameter is data (``?q=delete`` searches for the word)."""

SAFE_LINK_METHODS = frozenset({"", "get", "head"})
MAX_LABEL_CHARS = 60
"""How much of a control's label a refusal quotes."""
MAX_CANDIDATES = 2_000
"""expand_all: toggles and tabs looked at, at most (the rest are not clicked)."""


# The facts about the control that a click on ``el`` (or, with ``enter``, the Enter key in
# it) would activate: the element's own control (a span inside a button is the button), a
# control inside it under its centre (where a click lands), or for Enter in a text field
# the form's default button (implicit submission). Read by ControlFacts.from_js.
FACTS_JS = script("trawl.browser", "destructive_facts.js")
# expand_all: the facts of every toggle and tab it may click, in one call; the list is kept
# on the page (under a symbol) so the stepper's expand script can tell which were judged.
CANDIDATES_JS = script("trawl.browser", "destructive_candidates.js", FACTS=Js(FACTS_JS))
# the focused element, inside open shadow roots and same-origin frames
ACTIVE_JS = script("trawl.browser", "destructive_active.js")


@dataclass(frozen=True)
class FieldFacts:
    """A text field a person fills in a form (hidden inputs are left out)."""

    type: str = "text"
    name: str = ""
    id: str = ""
    role: str = ""
    label: str = ""
    """aria-label, placeholder or title."""


@dataclass(frozen=True)
class FormFacts:
    """The form a control submits."""

    method: str = "get"
    """The submitter's ``formmethod`` or the form's ``method``, as written (lower case)."""
    fields: tuple[FieldFacts, ...] = ()
    passwords: int = 0
    search: bool = False
    """The form has ``role=search`` or sits in a ``role=search`` / ``<search>`` landmark."""

    @property
    def http_method(self) -> str:
        # what the browser does: an unknown method is GET
        return self.method if self.method in ("get", "post", "dialog") else "get"


@dataclass(frozen=True)
class ControlFacts:
    """What the page says about a control (see :data:`FACTS_JS`)."""

    tag: str = ""
    role: str = ""
    """button | link | menuitem | tab | option | generic (clickable, no role) | textbox |
    checkbox ... | '' (not a control)."""
    name: str = ""
    """Accessible name (aria-labelledby, aria-label, a button input's value, text, title)."""
    text: str = ""
    value: str = ""
    """A button's value (``<button name=action value=delete>``)."""
    aria_label: str = ""
    title: str = ""
    href: str = ""
    http_method: str = ""
    """A link's ``data-method`` / ``data-turbo-method`` (Rails sends it as that request)."""
    submits: bool = False
    """Pressing it submits :attr:`form`."""
    form: FormFacts | None = None

    @classmethod
    def from_js(cls, data: dict[str, Any] | None) -> ControlFacts:
        if not data:
            return cls()
        form = data.get("form")
        return cls(
            tag=str(data.get("tag") or ""), role=str(data.get("role") or ""),
            name=str(data.get("name") or ""), text=str(data.get("text") or ""),
            value=str(data.get("value") or ""), aria_label=str(data.get("aria_label") or ""),
            title=str(data.get("title") or ""), href=str(data.get("href") or ""),
            http_method=str(data.get("http_method") or ""), submits=bool(data.get("submits")),
            form=None if not form else FormFacts(
                method=str(form.get("method") or "get"),
                fields=tuple(FieldFacts(**{k: str(v or "") for k, v in f.items()
                                           if k in FieldFacts.__dataclass_fields__})
                             for f in form.get("fields") or ()),
                passwords=int(form.get("passwords") or 0), search=bool(form.get("search"))))

    def label(self) -> str:
        """How the control reads, for messages."""
        for text in (self.name, self.aria_label, self.value, self.title, self.text,
                     *_href_labels(self.href)):
            text = " ".join(text.split())
            if text:
                return text if len(text) <= MAX_LABEL_CHARS \
                    else text[:MAX_LABEL_CHARS - 1] + "…"
        return self.role or self.tag or "element"


@dataclass(frozen=True)
class Verdict:
    """Why a control is destructive."""

    label: str
    reason: str

    def refusal(self) -> str:
        return f"refused: destructive control {self.label!r} ({self.reason})"


# -- the decision ------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _patterns(words: tuple[str, ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    out = []
    for word in words:
        parts = word.lower().split()
        if parts:
            body = r"[\s_\-]+".join(re.escape(p) for p in parts)
            out.append((" ".join(parts), re.compile(rf"(?<!\w){body}(?!\w)")))
    return tuple(out)


def matching_word(label: str, words: Sequence[str] = DEFAULT_DESTRUCTIVE_WORDS, *,
                  first: bool = False) -> str | None:
    """The first of ``words`` that ``label`` says as a command, or None (see
    :data:`MAX_LABEL_WORDS`); with ``first``, only a label starting with it counts."""
    text = " ".join(label.lower().split())
    if not text:
        return None
    short = not first and len(re.findall(r"\w+", text)) <= MAX_LABEL_WORDS
    for word, pattern in _patterns(tuple(words)):
        found = pattern.search(text)
        # "at the start": nothing but punctuation or an icon before it ("× Remove all")
        if found and (short or not re.search(r"\w", text[:found.start()])):
            return word
    return None


def _href_labels(href: str) -> list[str]:
    """What a link's target says it does: its last path segment and the value of an
    action parameter (``/account/delete``, ``/users/sign_out``, ``?action=logout``,
    ``javascript:logout()``). Judged by their start: a slug such as
    ``how-to-delete-files`` names an article, not an action."""
    if not href:
        return []
    parts = urlsplit(href)
    segments = [s for s in unquote(parts.path).split("/") if s]
    labels = [" ".join(re.findall(r"[^\W_]+", segments[-1]))] if segments else []
    labels += [" ".join(re.findall(r"[^\W_]+", value))
               for key, value in parse_qsl(parts.query) if key.lower() in ACTION_PARAMS]
    return [label for label in labels if label]


def _search_field(f: FieldFacts) -> bool:
    return (f.type == "search" or f.role == "searchbox"
            or f.name.lower() in SEARCH_FIELD_NAMES or f.id.lower() in SEARCH_FIELD_NAMES
            or matching_word(f.label, ("search",)) is not None)


def is_search_form(form: FormFacts) -> bool:
    """A search landmark, or one search-like text field and no password."""
    if form.search:
        return True
    return form.passwords == 0 and len(form.fields) == 1 and _search_field(form.fields[0])


def _form_reason(facts: ControlFacts) -> str | None:
    form = facts.form
    if form is None or form.http_method != "post" or is_search_form(form):
        return None  # GET sends a query, dialog closes a dialog: neither changes the site
    if form.passwords == 1 and matching_word(facts.name or facts.value, SIGN_IN_WORDS):
        return None
    return "submits a POST form"


def classify(facts: ControlFacts,
             words: Sequence[str] = DEFAULT_DESTRUCTIVE_WORDS) -> Verdict | None:
    """A :class:`Verdict` when pressing the control is destructive, else None."""
    if facts.role in CONTROL_ROLES:
        for source, text in (("name", facts.name), ("aria-label", facts.aria_label),
                             ("value", facts.value), ("title", facts.title),
                             ("text", facts.text)):
            word = matching_word(text, words)
            if word is not None:
                return Verdict(facts.label(), f"its {source} says {word!r}")
        for text in _href_labels(facts.href):
            word = matching_word(text, words, first=True)
            if word is not None:
                return Verdict(facts.label(), f"its link target says {word!r}")
    if facts.http_method.lower() not in SAFE_LINK_METHODS:
        return Verdict(facts.label(), f"it sends a {facts.http_method.upper()} request")
    if facts.submits:
        reason = _form_reason(facts)
        if reason is not None:
            return Verdict(facts.label(), reason)
    return None


def key_activates(key: str) -> bool:
    """Whether pressing ``key`` (``Enter``, ``Control+Enter``, ``Space``) presses a
    focused control."""
    last = key.rsplit("+", 1)[-1] if len(key) > 1 else key
    return last.lower() in ACTIVATING_KEYS


def key_submits(key: str) -> bool:
    """Whether ``key`` in a text field sends its form (Enter)."""
    return key.rsplit("+", 1)[-1].lower() in ("enter", "numpadenter")


def normalize_words(words: Iterable[str]) -> tuple[str, ...]:
    """Extra words as matched: lower case, single spaces, no empties or repeats."""
    return tuple(dict.fromkeys(w for w in (" ".join(str(x).lower().split()) for x in words)
                               if w))


# -- in a page ---------------------------------------------------------------------------

@dataclass(frozen=True)
class DestructiveGuard:
    """The setting and the check: crawler steps and the agent's act() ask it first."""

    allow: bool = False
    """Press destructive controls anyway (``--allow-destructive``)."""
    extra_words: tuple[str, ...] = field(default_factory=tuple)
    """Words and phrases besides :data:`DEFAULT_DESTRUCTIVE_WORDS` (``--destructive-word``)."""

    @property
    def words(self) -> tuple[str, ...]:
        return DEFAULT_DESTRUCTIVE_WORDS + normalize_words(self.extra_words)

    def judge(self, facts: ControlFacts) -> Verdict | None:
        return None if self.allow else classify(facts, self.words)

    async def check(self, element: ElementHandle, *, enter: bool = False) -> Verdict | None:
        """The verdict on the control a click on ``element`` (or Enter in it) presses."""
        if self.allow:
            return None
        return self.judge(ControlFacts.from_js(await element.evaluate(FACTS_JS, enter)))

    async def check_key(self, page: Page, key: str) -> Verdict | None:
        """The verdict on pressing ``key`` in the page: on its focused element."""
        if self.allow or not key_activates(key):
            return None
        handle = await page.evaluate_handle(ACTIVE_JS)
        element = handle.as_element()
        if element is None:
            await handle.dispose()
            return None
        try:
            return await self.check(element, enter=key_submits(key))
        finally:
            await element.dispose()

    async def expand_candidates(self, page: Page) -> list[tuple[int, Verdict]] | None:
        """expand_all: the toggles and tabs on the page that are destructive (by their index
        in the list CANDIDATES_JS kept on the page), or None when everything is allowed."""
        if self.allow:
            return None
        found = await page.evaluate(CANDIDATES_JS, MAX_CANDIDATES)
        refused = []
        for index, data in enumerate(found):
            verdict = self.judge(ControlFacts.from_js(data)) if data is not None else \
                Verdict("element", "it could not be inspected")
            if verdict is not None:
                refused.append((index, verdict))
        return refused
