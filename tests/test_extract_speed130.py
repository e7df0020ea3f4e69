"""Brief 130's speed cuts: each answer taken early must be the answer the long way gives.

1. ``_pitch.drop_newsletter_pitch`` reads no block of a content whose whole text names no
   newsletter (``_may_name_letter`` of the content's text): the test must see a pitch
   however its words are cut by markup or cased, wherever it stands in a long story.
"""

from __future__ import annotations

import importlib

import pytest

from trawl.extract import extract

pitch = importlib.import_module("trawl.extract._pitch")

URL = "https://news.example.test/2026/11/story.html"
LOREM = ("The council met on Tuesday and voted to delay the works by a year, citing the cost "
         "of the materials and an appeal that is still pending before the court.")
PARAS = [f"<p>Paragraph {i} of the story, with a clause. {LOREM}</p>" for i in range(40)]


def page(body: str) -> str:
    return ("<html><head><title>The works can wait</title></head><body><main><article>"
            f"<h1>The works can wait</h1>{body}</article></main></body></html>")


# the letter's name cut from the words around it by markup (no space between: the
# content's text runs them together), cased as a heading shouts it, or cut by a block
PITCHES = (
    "<div><h3>Get <b>our</b>newsletter</h3><p>The week's best stories.</p>"
    "<a href='/n'>Sign up</a></div>",
    "<div><h3>GET OUR NEWSLETTER</h3><p>The week's best stories.</p>"
    "<a href='/n'>Sign up</a></div>",
    "<p><strong>Stories in your</strong><em>inbox.</em> Every Friday. "
    "<a href='/n'>Subscribe now</a></p>",
    "<div><h4>Join our mailing</h4><p>list: the week's best stories.</p>"
    "<a href='/n'>Sign up</a></div>",
)


def _pitch_dropped(pitch_html: str, at: int) -> bool:
    body = "".join(PARAS[:at]) + pitch_html + "".join(PARAS[at:])
    markdown = extract(page(body), URL).markdown
    assert markdown.count("Paragraph ") == len(PARAS)
    return "Sign up" not in markdown and "Subscribe now" not in markdown


@pytest.mark.parametrize("pitch_html", PITCHES)
@pytest.mark.parametrize("at", [0, 20, 40])
def test_a_pitch_is_found_wherever_it_stands_however_it_is_cut(pitch_html: str,
                                                               at: int) -> None:
    # edge of the shortcut: the content's whole text (not a prefix, not its first text
    # node) is what says whether any block may name a letter (fails when the content's
    # text is read short: see the next test)
    assert _pitch_dropped(pitch_html, at)


def test_the_shortcut_reads_the_whole_content(monkeypatch: pytest.MonkeyPatch) -> None:
    # the test above can fail: with the content's text read short (its first 400
    # characters) for the shortcut, a pitch after the story's first paragraphs is kept
    whole = pitch._collapsed_text
    read = iter([True])

    def short_first(el: object) -> str:
        text = whole(el)
        return text[:400] if next(read, False) else text

    monkeypatch.setattr(pitch, "_collapsed_text", short_first)
    assert not _pitch_dropped(PITCHES[0], 20)


def test_a_story_naming_no_letter_is_left_whole() -> None:
    # hostile: a story whose last line calls to sign up (to a petition) names no letter:
    # the shortcut leaves it, as the rule would
    body = "".join(PARAS) + "<p>The vote is on Friday. <a href='/p'>Sign up</a></p>"
    assert "Sign up" in extract(page(body), URL).markdown
