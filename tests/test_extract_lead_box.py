"""Every page whole (issue 26): a box of prose or code that opens a section's text under
its title, past a rule or an author's line, before the section's body (a module's first
example, "Hello World!"; a document's "Abstract"), kept by ``_boxes._box_under_title``.
The hostile shapes an article sets at its top still go: a newsletter signup, a box of
related stories, an ad slot, a share bar, an author's bio box, a pull quote."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words

CODE = ("import tasks\n\nasync def main():\n    print('Hello ...')\n"
        "    await tasks.sleep(1)\n    print('... World!')\n\ntasks.run(main())\n")
ABSTRACT = ("This document gathers the best practices for reading the annotations of an "
            "object, in the versions before and after the change, and its quirks.")


def story_page(box: str, between: str = "<hr>") -> str:
    return ("<html><head><title>Budget vote</title></head><body><main><article>"
            f"<h1>Budget vote</h1>{between}{box}{STORY}</article></main></body></html>")


def test_a_code_box_under_the_title_before_the_intro_is_kept() -> None:
    # the module's first example, a box between its title (and a rule) and its intro's
    # paragraphs, went as a page's aside (90 %)
    html = ("<html><head><title>tasks</title></head><body><div role='main'><section>"
            "<h1>tasks — Asynchronous I/O</h1><hr>"
            f"<aside class='box'><p class='box-title'>Hello World!</p><pre>{CODE}</pre>"
            f"</aside><p>tasks is a library to write concurrent code.</p><p>{LOREM}</p>"
            f"<p>{LOREM}</p></section></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Hello World!", "await tasks.sleep(1)", LOREM)


def test_an_abstract_box_under_the_title_and_author_is_kept() -> None:
    # the document's abstract, after its title and author line, before its sections
    sub = (f"<section><h2>Accessing the dict</h2><p>{LOREM}</p><p>{LOREM}</p></section>")
    html = ("<html><head><title>Annotations</title></head><body><div role='main'><section>"
            "<h1>Annotations Best Practices</h1><dl><dt>author:</dt><dd>L. H.</dd></dl>"
            f"<aside class='box'><p class='box-title'>Abstract</p><p>{ABSTRACT}</p></aside>"
            f"{sub}{sub}</section></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Abstract", ABSTRACT, "Accessing the dict", LOREM)


def test_a_newsletter_signup_under_the_title_still_goes() -> None:
    box = ("<aside><p>Get the morning briefing: the day's stories, picked by our editors "
           "and sent to your inbox before breakfast, every day.</p><form>"
           "<input name='email'><button>Sign me up</button></form></aside>")
    e = extract(story_page(box), URL)
    assert "Paragraph 5 of the story" in e.text
    assert "breakfast" not in words(e.text)


def test_a_box_of_related_stories_under_the_title_still_goes() -> None:
    links = "".join(f"<li><a href='/s{i}'>Council votes on the harbour plan, part {i}</a>"
                    "</li>" for i in range(5))
    box = (f"<aside><p>More on this story from our city desk, whose reporters have "
           f"followed the plan since the spring and the first vote.</p><ul>{links}</ul>"
           "</aside>")
    e = extract(story_page(box), URL)
    assert "Paragraph 5 of the story" in e.text
    assert "harbour" not in words(e.text) and "reporters" not in words(e.text)


def test_an_ad_slot_under_the_title_still_goes() -> None:
    box = ("<aside><p>Advertisement</p><p>The finest garden furniture, hand made in oak "
           "and shipped free to your door this spring, from our partners.</p>"
           "<iframe src='https://ads.example.net/slot/1'></iframe></aside>")
    e = extract(story_page(box), URL)
    assert "Paragraph 5 of the story" in e.text
    assert "furniture" not in words(e.text)


def test_a_share_bar_under_the_title_still_goes() -> None:
    box = ("<aside class='share'><p>Share this story with your friends and followers, "
           "wherever you read and talk about the news of the city.</p>"
           "<a href='/fb'>Facebook</a> <a href='/x'>X</a> <a href='/mail'>Email</a></aside>")
    e = extract(story_page(box), URL)
    assert "Paragraph 5 of the story" in e.text
    assert "followers" not in words(e.text)


def test_an_author_bio_box_under_the_title_still_goes() -> None:
    box = ("<aside><img src='/jane.jpg' alt=''><p>Jane Doe covers the city council and "
           "its budgets; she joined the paper in 2009 from the regional desk.</p></aside>")
    e = extract(story_page(box), URL)
    assert "Paragraph 5 of the story" in e.text
    assert "joined" not in words(e.text)


def test_a_pull_quote_under_the_title_still_goes() -> None:
    quote = "Paragraph 2 of the story, with a clause, and more."
    box = (f"<aside><p>“{quote}”</p><p>— the mayor, speaking to the council on "
           "Tuesday evening after the vote, to a full room.</p></aside>")
    e = extract(story_page(box), URL)
    assert "Paragraph 5 of the story" in e.text
    assert "mayor" not in words(e.text)


def test_an_aside_after_the_storys_paragraphs_still_goes() -> None:
    # a page's aside column set after the story's first paragraphs, under no heading
    about = ("This blog is written by a retired engineer who lives by the sea and writes "
             "about budgets, councils and the weather, and reads every "
             "<a href='/letters'>letter</a>.")
    html = ("<html><head><title>Budget vote</title></head><body><main><article>"
            f"<h1>Budget vote</h1>{STORY}<p>{LOREM}</p><aside><p>{about}</p></aside>"
            f"<p>{LOREM}</p></article></main></body></html>")
    e = extract(html, URL)
    assert "Paragraph 5 of the story" in e.text
    assert "retired" not in words(e.text)
