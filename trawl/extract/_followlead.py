"""A lead-in that ends with a full stop: a paragraph whose last sentence says that what
follows it is what it speaks of ("Learn Unix-like system with the following.", "If you want
to make a package, read the followings.", "The steps are as follows."), as a lead-in's
colon does. Manuals written by authors whose first language is not English end their
lead-ins so (the Debian Reference's lists of the sections to read next)."""

from __future__ import annotations

import re

_FOLLOWING_RE = re.compile(r"\b(?:the\s+)?(?:followings?|as\s+follows)\s*\.$", re.I)
"""A sentence's end saying the list after it is what it speaks of."""
_LAST_SENTENCE_RE = re.compile(r"(?:^|(?<=[.!?])\s+)([^.!?]*[.!?]?)$")


def announces_following(text: str) -> bool:
    """Whether the paragraph's collapsed ``text`` introduces the list after it though it
    ends with a full stop: its last sentence ends by naming what follows
    (``_names_what_follows``). ``_kept._introduces`` asks it besides a colon's end, with
    its own guards (the sentence is the paragraph's own words, no promotion's lead)."""
    return text.endswith(".") and _names_what_follows(text)


def _names_what_follows(text: str) -> bool:
    """The guard: the last sentence of ``text`` ends with "the following(s)." or "as
    follows." (``_FOLLOWING_RE``); a story's closing paragraph ("The council adjourned at
    nine.") over a list of other stories names nothing after it."""
    last = _LAST_SENTENCE_RE.search(text)
    return last is not None and _FOLLOWING_RE.search(last.group(1)) is not None
