"""Every page whole (issue 26): a book's title page, its credits and legal lines (an author,
a corporate author, a version line, a copyright) over the book's table of contents, is the
book's text (DocBook DSSSL's and DocBook XSL's front pages); the hostile shapes beside: a
blog's copyright line under its headline or after its story, which stay out."""

from __future__ import annotations

import lxml.html

from trawl.extract import extract
from trawl.extract._toc import contents_list

from .test_extract_index import STORY
from .test_extract_whole import URL, assert_kept


def contents(tag: str = "dl", empty: str = "") -> str:
    """A book's table of contents: its caption, then its parts and their chapters (the
    part ``empty`` given as an entry holding an empty link, before its chapters)."""
    parts = "".join(
        f"<dt>{i}. <a href='part{i}.html'>Part {i} of the tool</a></dt><dd><dl>{empty}"
        + "".join(f"<dt>{i}.{j}. <a href='ch{i}{j}.html'>Chapter {j} of part {i}</a></dt>"
                  for j in range(1, 4)) + "</dl></dd>" for i in range(1, 6))
    return f"<div class='TOC'><{tag}><dt><b>Table of Contents</b></dt>{parts}</{tag}></div>"


def front_page(title_page: str, empty: str = "") -> str:
    return ("<html><head><title>Tapeworm 4.3 Documentation</title><link rel='next' "
            "href='part1.html'></head><body class='BOOK'><div class='BOOK'><a name='TW'></a>"
            f"{title_page}{contents(empty=empty)}</div></body></html>")


def test_a_books_title_page_keeps_its_corporate_author_and_copyright() -> None:
    # pgpool-II's and Slony-I's front pages (DocBook DSSSL): the title, the corporate
    # author and the copyright line, then the book's contents; the title page went whole
    # as the article's header under its headline, its byline and dateline (87 %)
    page = front_page("<div class='TITLEPAGE'><h1 class='TITLE'>Tapeworm 4.3 Documentation"
                      "</h1><h3 class='CORPAUTHOR'>The Tapeworm Global Development Group</h3>"
                      "<p class='COPYRIGHT'><a href='LEGALNOTICE.html'>Copyright</a> &copy; "
                      "2003-2023 The Tapeworm Global Development Group</p><hr></div>")
    e = extract(page, URL)
    assert_kept(e.text, "The Tapeworm Global Development Group", "Copyright © 2003-2023",
                "Chapter 3 of part 5")


def test_a_books_contents_with_empty_entries_stay_whole_under_its_title_page() -> None:
    # Slony-I's front page: its contents hold entries of an empty link (a part's title
    # the stylesheets did not resolve); taken for no table of contents, its chapters'
    # lists went as lists of links once the title page was kept (82.9 %)
    page = front_page("<div class='TITLEPAGE'><h1 class='TITLE'>Tapeworm 4.3 Documentation"
                      "</h1><h3 class='CORPAUTHOR'>The Tapeworm Global Development Group</h3>"
                      "<p class='COPYRIGHT'><a href='LEGALNOTICE.html'>Copyright</a> &copy; "
                      "2003-2023 The Tapeworm Global Development Group</p><hr></div>",
                      empty="<dt><a href='ref.html'></a></dt>")
    e = extract(page, URL)
    assert_kept(e.text, "Copyright © 2003-2023", "Chapter 3 of part 5", "Chapter 1 of part 2")


def test_an_entry_of_a_picture_alone_is_no_empty_entry() -> None:
    # hostile (``_toc._empty_entry``): a widget of stories, each a picture in an entry
    # of its own before its title's entry (and the title's parts nested under it); a
    # picture is what the entry holds, so the list is no table of contents, not one of five
    # nested entries with the pictures passed over as empty
    stories = "".join(
        f"<li><img src='thumb{i}.jpg' alt=''></li><li><a href='/story{i}.html'>Story {i}"
        f"</a><ul><li><a href='/story{i}-2.html'>Part two</a></li></ul></li>"
        for i in range(1, 7))
    widget = lxml.html.fromstring(f"<div><ul>{stories}</ul></div>").find(".//ul")
    assert not contents_list(widget)
    # (the same list without its pictures is one: the guard, not the shape, says no)
    for img in list(widget.iter("img")):
        img.getparent().remove(img)
    assert contents_list(widget)


def test_a_books_title_page_set_in_wrappers_keeps_its_copyright_and_version_lines() -> None:
    # DocBook XSL's front page: each line of the title page in a wrapper of its own (the
    # authors, a "$Id:" version line, copyright lines in ``p.copyright``), an abstract,
    # then the contents; the copyright lines went as chrome by their class, and with the
    # version line as datelines (86.7 %)
    lines = ("<div><div><h1 class='title'>Tapeworm 4.3 Documentation</h1></div><div><div "
             "class='authorgroup'><div class='author'><h3 class='author'>Ada Quill</h3></div>"
             "</div></div><div><p class='releaseinfo'>$Id: reference.xml 9625 2012-10-20 "
             "23:12:33Z ada $</p></div><div><p class='copyright'>Copyright © 1999-2007 Ada "
             "Quill</p></div><div><p class='copyright'>Copyright © 2003 Bo Kosek</p></div>"
             "<div><div class='abstract'><p>This is the reference documentation of the "
             "tool's parameters, generated from its sources.</p></div></div></div>")
    e = extract(front_page(f"<div class='titlepage'>{lines}<hr></div>"), URL)
    assert_kept(e.text, "Ada Quill", "$Id: reference.xml 9625 2012-10-20",
                "Copyright © 1999-2007 Ada Quill", "Copyright © 2003 Bo Kosek",
                "This is the reference documentation", "Chapter 3 of part 5")


def test_a_blogs_copyright_line_under_its_headline_stays_out() -> None:
    # hostile: a post's "© 2024 Jane Roe" and date under its headline, over the story (no
    # table of contents after it): the post's byline and dateline, not a title page's
    e = extract("<html><body><article><div class='head'><h1>The council votes</h1><p>© 2024 "
                f"Jane Roe</p><p>March 3, 2024</p></div>{STORY}</article></body></html>", URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Jane Roe" not in e.text


def test_a_blogs_copyright_line_after_its_story_stays_out() -> None:
    # hostile: a post's copyright line after its story, its class naming it so: no title
    # page's credits, under no title (the story is before it)
    e = extract("<html><body><article><h1>The council votes</h1>"
                f"{STORY}<p class='copyright'>Copyright © 2024 Jane Roe. All rights reserved."
                "</p></article></body></html>", URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Jane Roe" not in e.text


LEGAL_NOTICE = ("<div class='legalnotice'><p>Permission is granted to copy, distribute "
                "and/or modify this document under the terms of the Free Documentation "
                "License, Version 1.2 or any later version; with no Invariant Sections, with "
                "no Front-Cover, and with no Back-Cover Texts.</p></div>")


def test_an_articles_title_page_is_its_head_not_its_content() -> None:
    # Shorewall's documentation index (DocBook XSL): the article's title page (its title,
    # author, copyright line and a legal notice, its longest paragraph) over its sections,
    # tables of links to the other articles; the title page won and stood for the page
    # (15.5 %)
    rows = "".join(f"<tr><td><a href='a{i}.html'>Article {i} on tunnels</a></td><td>"
                   f"<a href='b{i}.html'>Guide {i} to zones</a></td></tr>" for i in range(12))
    page = ("<html><body><div class='article'><div class='titlepage'><div><div><h2 "
            "class='title'>Tapeworm 5.0 Documentation</h2></div><div><div class='author'>"
            "<h3 class='author'>Ada Quill</h3></div></div><div><p class='copyright'>Copyright "
            f"© 2001-2017 Ada Quill</p></div><div>{LEGAL_NOTICE}</div></div><hr></div>"
            "<div class='section'><h2 class='title'>Frequently Used Articles</h2><table>"
            "<tr><td><a href='faq.html'>The questions asked most</a></td></tr><tr><td>"
            "<a href='basics.html'>Configuration file basics</a></td></tr></table></div>"
            "<div class='section'><h2 class='title'>Index to the Articles</h2>"
            f"<table>{rows}</table></div></div></body></html>")
    e = extract(page, URL)
    assert_kept(e.text, "Permission is granted to copy", "The questions asked most",
                "Configuration file basics", "Article 11 on tunnels", "Guide 0 to zones")


def test_a_sites_header_over_its_menus_of_links_stays_apart_from_them() -> None:
    # hostile: a site's header (its name, a long tagline) first in a wrapper, its menus
    # after it (headed tables of links to the shop's pages): no title page, it states no
    # copyright under the name; the menus are no text of the header's
    rows = "".join(f"<tr><td><a href='/shop/{i}'>Seeds of kind {i}</a></td><td>"
                   f"<a href='/tools/{i}'>Tools of kind {i}</a></td></tr>" for i in range(12))
    page = ("<html><body><div class='wrap'><div class='intro'><div><h2>Jane's Garden</h2>"
            "</div><div><h3>Jane Roe</h3></div><div><p>Growing vegetables, herbs and flowers "
            "in a small city garden since 2009, with notes on soil, seeds, weather, pests "
            "and the tools that last, season after season, in every kind of weather.</p>"
            "</div></div><div class='shelf'><h2>Most Visited</h2><table><tr><td><a "
            "href='/faq'>The questions asked most</a></td></tr></table></div><div "
            f"class='shelf'><h2>The Shop</h2><table>{rows}</table></div></div></body></html>")
    e = extract(page, URL)
    assert "Growing vegetables" in e.text
    assert "Seeds of kind 3" not in e.text


HYPER_NOTICE = ("Copyright 2002-2022 Ada Quill and The Tapeworm Development Group. Permission "
                "is granted to distribute this document without any alteration under the "
                "terms of the Tapeworm license. You are not allowed to distribute or display "
                "this document on the web in an altered form.")


def hyper_title_page() -> str:
    """HyperSQL's title page (DocBook XSL 1.78): the title, a subtitle, then a layout table,
    its first cell the credits (editors, a legal notice opening with the copyright line,
    the date), its second the project's logo."""
    editors = "".join(f"<div class='editor'><h4 class='editedby'>Edited by</h4><h3 "
                      f"class='editor'>{who}</h3></div>"
                      for who in ("The Tapeworm Group", "Ada Quill", "Bo Kosek"))
    return ("<div class='titlepage'><div><div><h1 class='title'>Tapeworm User Guide</h1>"
            "</div><div><h2 class='subtitle'>Tapeworm Engine 2.7.1</h2></div><table "
            f"class='titlead'><tr><td><div><div class='authorgroup'>{editors}</div></div>"
            f"<div><div class='legalnotice'><p>{HYPER_NOTICE}</p></div></div><div><p "
            "class='pubdate'>2022-10-20</p></div></td><td class='sponsorad'><div><img "
            "src='logo.png'></div></td></tr></table></div><hr></div>")


def test_a_title_page_set_in_a_layout_table_leads_to_the_books_contents() -> None:
    # HyperSQL's front page: its title page set in a layout table, then the book's
    # contents. The legal notice (a paragraph, no copyright line of its own) was the
    # longest paragraph and won, its climb stopping at the cell: the page kept its title
    # and the notice alone (2.2 %)
    e = extract(front_page(hyper_title_page()), URL)
    assert_kept(e.text, "Copyright 2002-2022 Ada Quill", "Tapeworm Engine 2.7.1",
                "Chapter 3 of part 5", "Chapter 1 of part 1", "Part 4 of the tool")


def test_a_legal_notice_in_a_layout_table_over_no_contents_stays_in_its_cell() -> None:
    # hostile (``_titlepage.credits_under_title``'s guard, ``title_page``): the same credits
    # table under a title, over a paragraph and no table of contents: no book's front page,
    # the notice does not climb to take the paragraph after it in
    page = ("<html><body><div class='book'>" + hyper_title_page() + "<p>Buy the Tapeworm "
            "Pro bundle today at half price.</p></div></body></html>")
    e = extract(page, URL)
    assert "Permission is granted" in e.text
    assert "Tapeworm Pro bundle" not in e.text


def test_a_sites_long_tagline_is_no_legal_notice() -> None:
    # hostile (``_titlepage.legal_notice``'s guard: the copyright line leads): a site's
    # header whose tagline, a paragraph longer than a line, opens as a notice may (a "C")
    # and names a year, no copyright: no title page, the menus stay apart from it
    rows = "".join(f"<tr><td><a href='/shop/{i}'>Seeds of kind {i}</a></td><td>"
                   f"<a href='/tools/{i}'>Tools of kind {i}</a></td></tr>" for i in range(12))
    page = ("<html><body><div class='wrap'><div class='intro'><div><h2>Jane's Garden</h2>"
            "</div><div><h3>Jane Roe</h3></div><div><p>Cultivating vegetables, herbs and "
            "flowers in a small city garden since 2009, with notes on soil, seeds, weather, "
            "pests and the tools that last, season after season, in every kind of weather.</p>"
            "</div></div><div class='shelf'><h2>Most Visited</h2><table><tr><td><a "
            "href='/faq'>The questions asked most</a></td></tr></table></div><div "
            f"class='shelf'><h2>The Shop</h2><table>{rows}</table></div></div></body></html>")
    e = extract(page, URL)
    assert "Cultivating vegetables" in e.text
    assert "Seeds of kind 3" not in e.text


def short_page(footer: str) -> str:
    """pgBackRest's index of user guides (its own generator): the title, a menu, a section
    (its title in a ``div``) listing two guides, and the site's footer."""
    menu = "".join(f"<div class='menu'><a class='menu-link' href='{p}.html'>{p.title()}</a>"
                   "</div>" for p in ("home", "releases", "commands", "faq"))
    return ("<html><body><div class='page-header'><div class='page-header-title'>Tapeworm"
            "</div><div class='page-header-subtitle'>User Guides</div></div><div "
            f"class='page-menu'><div class='menu-body'>{menu}</div></div><div "
            "class='page-body'><div class='section1'><div class='section1-header'><div "
            "class='section1-title'>Available User Guides</div></div><div "
            "class='section-body'><ul><li><a href='guide.html'>Debian &amp; Ubuntu</a></li>"
            "<li><a href='guide-rhel.html'>RHEL</a></li></ul></div></div></div>"
            f"{footer}</body></html>")


def test_a_sites_copyright_footer_on_a_short_page_is_chrome() -> None:
    # the site's footer, one copyright line, half of a short page's text: the size guard
    # kept it, its line counted as the page's prose, and the page's list of two guides
    # went as links (33.3 %)
    e = extract(short_page(
        "<div class='page-footer'>Copyright &copy; 2015-2023, The Tapeworm Group, <a "
        "href='https://example.org/LICENSE'>MIT License</a>. Updated March 20, 2023</div>"),
        URL)
    assert_kept(e.text, "Available User Guides", "Debian & Ubuntu", "RHEL")
    assert "MIT License" not in e.text


def test_a_footer_that_is_no_copyright_line_is_judged_by_its_size() -> None:
    # hostile (``_copyright._copyright_footer``'s guard, ``_copyright_line``): a block its
    # class names a footer, half of a short page's text, saying what the page is for (how
    # to install the guides), no copyright: kept as before, by the size guard
    e = extract(short_page(
        "<div class='page-footer'>Install the guides with apt install tapeworm-doc; they "
        "need no network.</div>"), URL)
    assert "Install the guides with apt install" in e.text
