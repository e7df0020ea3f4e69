"""Every page whole (issue 26, part 6): more shapes of DocBook XSL manuals (aptitude's user
manual, Berkeley DB's documentation: bench/completeness.py's ``aptitude`` and
``berkeleydb`` sets), after tests/test_extract_manuals.py. One page shape per failure seen,
and the hostile shape beside each: what the rule must not keep on an article."""

from __future__ import annotations

import lxml.html

from trawl.extract import extract
from trawl.extract._signals import contents_list

from .test_extract_docbook import navheader
from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words

QUOTE = ("<div class='blockquote'><table><tr><td><p>What is your name?</p><p>I am Arthur, "
         "King of the Britons.</p><p>What is your quest?</p><p>I seek the Holy Grail!</p>"
         "</td></tr><tr><td>-- <em>Monty Python and the Holy Grail</em></td></tr></table>"
         "</div>")


def faq_page(numbers: bool = True) -> str:
    """A FAQ chapter: its title block, an epigraph, then its questions: a list of them (a
    number, then a link to the question's anchor) over a table of questions and answers."""
    toc = "".join(f"<dt>{f'3.{i}. ' if numbers else ''}<a href='ch03.html#q{i}'>How can I "
                  f"do thing {i}?</a></dt>" for i in range(3))
    rows = "".join(f"<tr class='question'><td><a id='q{i}'></a><p><strong>3.{i}.</strong></p>"
                   f"</td><td><p>How can I do thing {i}?</p></td></tr><tr class='answer'><td>"
                   f"</td><td><p>Answer {i}: use the command. {LOREM}</p></td></tr>"
                   for i in range(3))
    return ("<html><head><title>Chapter 3. Frequently asked questions</title></head><body>"
            f"{navheader('Chapter 3. Frequently asked questions')}<div class='chapter'>"
            "<div class='titlepage'><div><div><h1 class='title'>Chapter 3. Frequently asked "
            f"questions</h1></div></div></div>{QUOTE}<div class='qandaset'><dl>{toc}</dl>"
            f"<table>{rows}</table></div></div></body></html>")


def test_a_faqs_numbered_questions_its_epigraph_and_title_are_kept() -> None:
    # the questions' table stood for the page: its list of questions (numbered entries, each
    # a number then a link, were not "led by a link") and the epigraph between the title
    # block and the questions went, and the title with them (62 % kept)
    e = extract(faq_page(), URL)
    assert_kept(e.text, "I am Arthur, King of the Britons", "Monty Python and the Holy Grail",
                *[f"3.{i}. How can I do thing {i}?" for i in range(3)], "Answer 2: use the")
    assert "frequently asked questions" in words(f"{e.headline} {e.text}")


def test_numbered_entries_led_by_links_make_a_table_of_contents() -> None:
    # "3.1. <a>question</a>": the number before each link is the entry's, the list the
    # page's own questions (each an anchor on it); without the numbers it was one already
    for numbers in (True, False):
        root = lxml.html.document_fromstring(faq_page(numbers))
        assert contents_list(root.find(".//dl")), numbers


def test_a_numbered_list_of_other_stories_still_goes() -> None:
    # hostile: a story's list of the most read stories, numbered ("1. <a>headline</a>"):
    # numbered entries led by links to other pages are no table of the story's contents
    most = "".join(f"<li>{i}. <a href='/news/s{i}.html'>Council votes on item {i}</a></li>"
                   for i in range(1, 6))
    html = ("<html><head><title>Budget vote</title></head><body><div class='page'>"
            f"<div class='main'><h1>Budget vote</h1>{STORY}</div><div class='box'><h3>Most "
            f"read</h3><ol>{most}</ol></div></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
    assert "council votes on item 3" not in words(e.text)


def test_a_promotion_between_a_heading_and_a_story_is_no_lead() -> None:
    # hostile: a heading, then a promotion without links (class "promo"), then the story:
    # a block whose class says chrome is no section's lead, however short
    promo = ("<div class='promo'><p>Get the morning letter in your inbox every day, sign "
             "up now, it is free.</p></div>")
    html = ("<html><head><title>Budget vote</title></head><body><div class='wrap'>"
            f"<h2>Budget vote</h2>{promo}<div class='story'>{STORY}</div></div>"
            "</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
    assert "morning letter" not in words(e.text)
