"""Brief 130's speed cuts: each answer taken early must be the answer the long way gives.

1. ``_pitch.drop_newsletter_pitch`` reads no block of a content whose whole text names no
   newsletter (``_may_name_letter`` of the content's text): the test must see a pitch
   however its words are cut by markup or cased, wherever it stands in a long story.
2. ``_tree.has_text`` says whether ``_collapsed_text`` is empty without joining the text.
3. ``_clean.basic_clean`` asks nothing of the parts of an element it drops already (the
   head, an SVG, a hidden block) but their links and metas, which say what the root keeps.
"""

from __future__ import annotations

import importlib

import pytest

from trawl.extract import extract

pitch = importlib.import_module("trawl.extract._pitch")
tree = importlib.import_module("trawl.extract._tree")
clean = importlib.import_module("trawl.extract._clean")
parse = importlib.import_module("trawl.extract._parse").parse

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


# -- 2. has_text ------------------------------------------------------------------------

BLOCKS = ["<div></div>", "<div> \n\t</div>", "<div><b> </b>\xa0<i>\u2003</i> </div>",
          "<div><b></b>x</div>", "<div> <span><b></b></span><i>.</i></div>",
          "<div><p> </p>\n<p>a</p></div>", "<div><br/> <br/></div>", "<div>\u200b</div>"]


@pytest.mark.parametrize("block", BLOCKS)
def test_has_text_is_collapsed_text_not_empty(block: str) -> None:
    # edge: white space of every kind str.split knows (a no-break space, an em space) in
    # several pieces, empty elements, and a zero-width space, which is no white space
    el = parse(f"<html><body>{block}</body></html>").find("body")[0]
    assert tree.has_text(el) == bool(tree._collapsed_text(el))


def test_has_text_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    # loosened (only the first piece read), the test above fails on the block whose text
    # follows empty and blank pieces
    el = parse("<html><body><div> <b></b><i>.</i></div></body></html>").find("body")[0]
    first = next(el.itertext())
    assert bool(first and not first.isspace()) != bool(tree._collapsed_text(el))


# -- 3. basic_clean inside a dropped element ----------------------------------------------

NOTES = ("<link rel='next' href='/p/2'><meta property='og:site_name' content='The Site'>")


@pytest.mark.parametrize("where", [
    "<head><title>t</title>{}</head><body><p>x</p></body>",
    "<head></head><body><div hidden><p>menu</p>{}</div><p>x</p></body>",
    "<head></head><body><svg><g>{}</g></svg><p>x</p></body>",
    "<head></head><body><noscript><div>{}</div></noscript><p>x</p></body>"])
def test_a_dropped_blocks_links_and_metas_are_still_read(where: str) -> None:
    # edge of the shortcut: what is inside a dropped block is not asked, but a next page's
    # link and the site's name in it are the root's (fails with the walk reading nothing
    # inside a dropped block: see the next test)
    root = parse("<html>" + where.format(NOTES) + "</html>")
    clean.basic_clean(root)
    assert root.get(clean.NEXT_PAGE_ATTR) == "/p/2"
    assert root.get(clean.SITE_NAME_ATTR) == "The Site"
    assert "menu" not in "".join(root.itertext())


def test_the_notes_inside_are_what_the_test_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    # loosened (nothing noted inside a dropped block, as a plain skip would), the head's
    # link and meta are lost: the test above can fail
    noted = clean._note_dropped
    monkeypatch.setattr(clean, "_note_dropped",
                        lambda el, tag, root: tag == "svg" and noted(el, tag, root))
    root = parse("<html><head>" + NOTES + "</head><body><p>x</p></body></html>")
    clean.basic_clean(root)
    assert root.get(clean.NEXT_PAGE_ATTR) is None


def test_the_root_hidden_is_walked_whole() -> None:
    # hostile: a hidden root (which the cleaning cannot drop) is no dropped block: what is
    # inside it is still asked, its own hidden parts dropped
    root = parse("<html hidden><body><p>kept</p><div hidden>gone</div></body></html>")
    clean.basic_clean(root)
    text = "".join(root.itertext())
    assert "kept" in text and "gone" not in text
