"""A list of an API's names inside one of its entries is the entry's (issue 26, pdoc's
"Inherited Members": a line per base class and the names it lends, each linked to its
entry's anchor; a DocBook reference entry's "Specializations"), ``_apinames``. A story's
list of tags and a sidebar of names beside the text still go."""

from __future__ import annotations

import re

from trawl.extract import extract

from .test_extract_whole import URL


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


DOC = ("<div class='docstring'><p>Base class for the messages of a mail that are not made "
       "of parts: it refuses to attach anything, and says why when asked to.</p></div>")


def api_page(inherited: str) -> str:
    return ("<html><head><title>mail.simple API documentation</title></head><body>"
            "<nav><a href='../index.html'>mail</a> <a href='#Simple'>Simple</a></nav>"
            "<main><section class='module-info'><h1>mail.simple</h1>" + DOC + "</section>"
            "<section id='Simple'><div class='attr class'><span class='def'>class</span> "
            "<span class='name'>Simple</span>(<span class='base'>mail.base.Base</span>):"
            "</div>" + DOC + "<div class='classattr'><div id='Simple.attach' class='attr "
            "function'><span class='def'>def</span> <span class='name'>attach</span>"
            "(self, payload):</div>" + DOC + "</div>" + inherited + "</section></main>"
            "</body></html>")


INHERITED = ("<div class='inherited'><h5>Inherited Members</h5><dl><div>"
             "<dt><a href='base.html#Base'>mail.base.Base</a></dt>"
             "<dd><a href='base.html#Base.__init__'>Base</a></dd></div><div>"
             "<dt><a href='../message.html#Message'>mail.message.Message</a></dt>"
             + "".join(f"<dd><a href='../message.html#Message.{n}'>{n}</a></dd>"
                       for n in ("policy", "as_string", "get_payload", "keys", "walk"))
             + "</div></dl></div>")


def test_a_class_s_inherited_members_are_kept() -> None:
    e = extract(api_page(INHERITED), URL)
    assert "refuses to attach" in e.text
    assert {"Inherited", "as_string", "get_payload", "policy", "walk", "Message"} <= \
        words(e.text)


def entry_page(subsection: str) -> str:
    return ("<html><head><title>Class template codecvt_helper</title></head><body>"
            "<div class='refentry'><h2>Class template codecvt_helper</h2>"
            "<pre class='synopsis'>template&lt;typename charT&gt; class codecvt_helper {};"
            "</pre><div class='refsect1'><h2>Description</h2><p>Helper class which "
            "performs the character conversions the parse method needs and forwards the "
            "data further.</p>" + subsection + "</div></div></body></html>")


def test_a_template_s_specializations_are_kept() -> None:
    e = extract(entry_page(
        "<div class='refsect2'><h3>Specializations</h3><ul>"
        "<li><p><a href='helper_6.html'>Class codecvt_helper&lt;char&gt;</a></p></li>"
        "<li><p><a href='helper_7.html'>Class codecvt_helper&lt;wchar_t&gt;</a></p></li>"
        "</ul></div>"), URL)
    assert "forwards the data" in e.text
    assert "Specializations" in e.text and "wchar_t" in e.text


PARA = ("<p>The council voted on Tuesday to extend the opening hours of the city's "
        "libraries, after a year in which visits rose by a third and the reading rooms "
        "were full on most evenings, the library's director said in a statement.</p>")


def story(after: str, beside: str = "") -> str:
    return ("<html><head><title>Libraries open later</title></head><body><div>"
            "<article><h1>Libraries open later</h1>" + PARA * 4 + after + "</article>"
            + beside + "</div></body></html>")


def test_a_story_s_tags_still_go() -> None:
    # tags a program could have written (a dot, a capital inside), linked to tag pages
    e = extract(story("<div><h4>Popular tags</h4><ul>" + "".join(
        f"<li><a href='/tags/{t.lower()}'>{t}</a></li>"
        for t in ("Node.js", "JavaScript", "GitHub", "Vue.js")) + "</ul></div>"), URL)
    assert "reading rooms" in e.text
    assert not {"JavaScript", "GitHub"} & words(e.text)


def test_a_sidebar_of_names_beside_the_text_still_goes() -> None:
    # an index of the library's names, each linked to its entry, in wrappers of its own
    e = extract(story("", "<div><div><div><ul>" + "".join(
        f"<li><a href='/api/mail.html#Message.{n}'>{n}</a></li>"
        for n in ("as_string", "get_payload", "set_charset", "walk")) +
        "</ul></div></div></div>"), URL)
    assert "reading rooms" in e.text
    assert not {"as_string", "get_payload", "set_charset"} & words(e.text)
