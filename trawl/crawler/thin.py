"""Never silently empty: a page whose stored text is far less than what a reader sees is
flagged ``thin_content`` (in ``pages.metadata``, counted in ``trawl status``).

Three ways a page can come out thin while the fetch "worked":

- main-content selection kept less than half of the page's readable prose (its text outside
  navigation chrome, hidden elements and links), and what it dropped is a lot of text: the
  content may have been more than the part chosen (``--content full`` keeps the whole body;
  ``pages.kept_ratio`` says how much of the readable text every page kept);
- rendered in the browser, the visible text had many words but extraction kept few (the
  content was still loading, sat in a widget extraction dropped, or the main-content
  choice kept one small block);
- read over HTTP, the page is an app shell (an empty mount point, a script-only body): its
  content exists only once a browser runs it.
"""

from __future__ import annotations

from trawl.extract import Completeness
from trawl.model import PARTIAL_CONTENT

MIN_SEEN_WORDS = 50
"""Below this many visible words a page is short, not thin (a redirect stub, a 404 text)."""
MIN_STORED_SHARE = 0.2
"""Stored words below this share of the visible words: thin."""
NEAR_EMPTY_WORDS = 10
MIN_KEPT_PROSE = 0.5
"""Main content keeping less than this share of the page's readable prose..."""
MIN_DROPPED_PROSE_CHARS = 1000
"""... and dropping at least this many characters of it: flagged. (On the 88 article pages
of the extraction benchmark it flags 5, each a correct extraction whose page carried long
comments or other stories; on the documentation sets of bench/completeness.py, a few
pages in a thousand.)"""


def thin_reason(*, stored_words: int, seen_words: int | None = None,
                settle_timed_out: bool = False, shell: str | None = None,
                completeness: Completeness | None = None,
                fault: str | None = None) -> str | None:
    """Why the page counts as thin, or None. ``seen_words``: the rendered page's visible
    words (browser mode); ``shell``: auto mode's reason to render a page read over HTTP;
    ``completeness``: how much of the page's readable text extraction kept; ``fault``:
    why extraction failed (``metadata["extraction_fault"]``), if it did."""
    if fault is not None and stored_words < NEAR_EMPTY_WORDS:
        return fault  # the content step raised and nothing (or next to nothing) was kept
    if shell is not None:
        return (f"read over HTTP, but it is an app shell ({shell}): --render auto or "
                "browser renders it")
    if seen_words is not None and seen_words >= MIN_SEEN_WORDS \
            and stored_words < MIN_STORED_SHARE * seen_words:
        why = f"stored {stored_words} of the {seen_words} words a reader sees"
        return why + (" (the page was still loading when read)" if settle_timed_out else "")
    if settle_timed_out and stored_words < NEAR_EMPTY_WORDS:
        return "near-empty, and the page was still loading when read"
    return partial_reason(completeness)


PARTIAL_REASON = PARTIAL_CONTENT + "{share:.0%} of the page's readable prose"
"""How a page flagged for what main-content selection dropped is told apart in SQL:
``metadata->>'thin_content' like 'main content kept%'`` (see trawl.model.PARTIAL_CONTENT)."""


def partial_reason(completeness: Completeness | None) -> str | None:
    """Why main-content selection may have dropped content, or None."""
    if completeness is None or completeness.prose_ratio is None:
        return None
    dropped = completeness.readable_prose - completeness.kept_prose
    if completeness.prose_ratio >= MIN_KEPT_PROSE or dropped < MIN_DROPPED_PROSE_CHARS:
        return None
    return (PARTIAL_REASON.format(share=completeness.prose_ratio)
            + f" ({completeness.kept_prose:,} of {completeness.readable_prose:,} characters):"
            " --content full keeps the whole body")
