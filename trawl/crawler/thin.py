"""Never silently empty: a page whose stored text is far less than what a reader sees is
flagged ``thin_content`` (in ``pages.metadata``, counted in ``trawl status``).

Two ways a page can come out thin while the fetch "worked":

- rendered in the browser, the visible text had many words but extraction kept few (the
  content was still loading, sat in a widget extraction dropped, or the main-content
  choice kept one small block);
- read over HTTP, the page is an app shell (an empty mount point, a script-only body): its
  content exists only once a browser runs it.
"""

from __future__ import annotations

MIN_SEEN_WORDS = 50
"""Below this many visible words a page is short, not thin (a redirect stub, a 404 text)."""
MIN_STORED_SHARE = 0.2
"""Stored words below this share of the visible words: thin."""
NEAR_EMPTY_WORDS = 10


def thin_reason(*, stored_words: int, seen_words: int | None = None,
                settle_timed_out: bool = False, shell: str | None = None) -> str | None:
    """Why the page counts as thin, or None. ``seen_words``: the rendered page's visible
    words (browser mode); ``shell``: auto mode's reason to render a page read over HTTP."""
    if shell is not None:
        return (f"read over HTTP, but it is an app shell ({shell}): --render auto or "
                "browser renders it")
    if seen_words is not None and seen_words >= MIN_SEEN_WORDS \
            and stored_words < MIN_STORED_SHARE * seen_words:
        why = f"stored {stored_words} of the {seen_words} words a reader sees"
        return why + (" (the page was still loading when read)" if settle_timed_out else "")
    if settle_timed_out and stored_words < NEAR_EMPTY_WORDS:
        return "near-empty, and the page was still loading when read"
    return None
