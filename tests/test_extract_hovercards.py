"""A code listing's hover cards are no content (``_tooltips.listing_card``, asked by
``_clean.basic_clean``).

The shape: Doxygen's source pages and examples set, inside the listing and after its
lines, a box per name a line links (``div.ttc``: the name, its declaration, its
description, "Definition: appender.h:139"), which the style sheet hides and the page's
script shows when the pointer is over the name; the box's id is the link's target written
as an id. On a header file's source page they were half the words (Doxygen's set: 6.2 %
mean extra). The hostile shapes: a box of the listing's own after its lines (callouts
explaining them), whose id names itself; and a page's list of entries keyed by their links
(an annotated list of classes), which follows no lines of code.
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept, page

CODE = ("class <a class='code' href='classlog_1_1Appender.html'>Appender</a> {",
        "  public:",
        "    void <a class='code' href='classlog_1_1Appender.html#a02d3'>close</a>();",
        "    void <a class='code' href='page.html#a9f1e'>setLayout</a>(Layout *layout);",
        "    bool isClosed() const;",
        "};")


def listing(after: str) -> str:
    lines = "".join(f"<div class='line'><span class='lineno'>{n}</span>{line}</div>"
                    for n, line in enumerate(CODE, 1))
    return f"<div class='fragment'>{lines}{after}</div>"


def card(ident: str, href: str, name: str, *parts: str) -> str:
    blocks = "".join(f"<div class='tt{n}'>{p}</div>" for n, p in enumerate(parts))
    return (f"<div class='ttc' id='{ident}'><div class='ttname'><a href='{href}'>{name}</a>"
            f"</div>{blocks}</div>")


CARDS = (card("aclasslog_1_1Appender_html", "classlog_1_1Appender.html", "log::Appender",
              "Extend this class for your own strategies of printing statements.",
              "<b>Definition:</b> <a href='appender_8h_source.html#l00137'>appender.h:139</a>")
         + card("aclasslog_1_1Appender_html_a02d3", "classlog_1_1Appender.html#a02d3",
                "log::Appender::close", "virtual void close()=0",
                "Release any resources allocated within the appender such as handles.")
         # (a name of this page: its link is written "#a9f1e", see _urls.as_fragments)
         + card("apage_html_a9f1e", "page.html#a9f1e", "log::Appender::setLayout",
                "void setLayout(Layout *layout)", "Set the layout for this appender now.")
         # (the page itself: "#", judged by the cards beside it)
         + card("apage_html", "page.html", "log::Page", "The page's own class, described."))


def source_page(after: str) -> str:
    return page(f"<h1>appender.h</h1><p>{LOREM}</p>{listing(after)}<p>{LOREM}</p>")


def test_a_listings_hover_cards_go() -> None:
    # (fails with `_tooltips:listing_card=false`: the cards' words were the page's)
    text = extract(source_page(CARDS), URL).text
    assert_kept(text, LOREM, "void close();", "void setLayout(Layout *layout);",
                "bool isClosed() const;")
    for said in ("your own strategies", "Definition", "Release any resources",
                 "Set the layout", "own class, described"):
        assert said not in text, (said, text)


def test_the_listings_own_box_after_its_lines_is_kept() -> None:
    # callouts explaining the lines, in the listing after them, a box each opened by a link
    # to the line it explains: their ids name themselves (fails with
    # `_tooltips:_keyed_by_link=true`)
    callouts = "".join(
        f"<div class='callout' id='callout-{n}'><div class='mark'><a href='#l0000{n}'>"
        f"Line {n}</a></div><div class='say'>{say}</div></div>"
        for n, say in ((3, "The appender closes its file when the logger shuts down."),
                       (4, "A layout decides how each event is written out as text.")))
    text = extract(source_page(callouts), URL).text
    assert_kept(text, "closes its file when the logger shuts down",
                "decides how each event is written out")


def test_a_list_of_entries_keyed_by_their_links_is_kept() -> None:
    # an annotated list of classes: each box a name linked to its page and a sentence, its
    # id the link's target as an id; it follows a heading and a paragraph, no lines of code
    # (fails with `_tooltips:_after_listing_lines=true`)
    entries = "".join(
        f"<div class='entry' id='aclasslog_1_1{name}_html'><div class='name'>"
        f"<a href='classlog_1_1{name}.html'>{name}</a></div><div class='brief'>{say}</div>"
        "</div>"
        for name, say in (("Appender", "Extend this class to print statements your way."),
                          ("Layout", "Formats each logging event before it is printed."),
                          ("Filter", "Decides which events an appender lets through.")))
    text = extract(page(f"<h1>Class List</h1><p>{LOREM}</p><h2>Classes</h2>"
                        f"<div class='classes'>{entries}</div><p>{LOREM}</p>"), URL).text
    assert_kept(text, "Extend this class to print statements your way.",
                "Formats each logging event", "Decides which events an appender lets")


def test_a_captioned_code_block_after_paragraphs_is_kept() -> None:
    # Sphinx's captioned code block: a box of blocks opened by its caption, whose one link
    # is its own permalink ("#id4"), after the text's paragraphs; two guards keep it, the
    # permalink read as no key and the paragraphs as no lines (fails with
    # `_tooltips:_id_names_target=true,_tooltips:_after_listing_lines=true`; Django's
    # generic-editing.html lost its three listings so, 98.5 % -> 86.8 %)
    paras = "".join(f"<p>Step {n} of the tutorial, with <a href='../ref.html'>a view</a>. "
                    f"{LOREM}</p>" for n in range(6))
    block = ("<div class='literal-block-wrapper docutils container' id='id4'><div "
             "class='code-block-caption'><span class='caption-text'><code>models.py</code>"
             "</span><a class='headerlink' href='#id4'>¶</a></div><div class='highlight'>"
             "<pre>from django.db import models\nclass Author(models.Model):\n    name = "
             "models.CharField(max_length=200)</pre></div></div>")
    text = extract(page(f"<h1>Editing</h1>{paras}{block}<p>{LOREM}</p>"), URL).text
    assert_kept(text, "class Author(models.Model):", "from django.db import models")
