"""A chapter's page of a manual split a chapter a page (issue 26, the Z shell's manual,
texi2any in texi2html's look): a section whose node name has a hyphen has an id that
writes it as Texinfo's escape (``User_002dDefined-Widgets``), which is still its heading's
slug, no widget box (``_ids._escaped_punctuation``); and the node's menu, the table
of its subsections under its text (``<table class="menu">``), is the chapter's list of its
sections, no site menu (``_menus.menu_of_sections``)."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_node_bars import BAR, PROSE, chapter
from .test_extract_whole import URL

SECTIONS = (("s1", "19.1 Description"), ("s2", "19.2 Special Parameters"),
            ("s3", "19.3 Condition Codes"), ("s4", "19.4 Example"))


def menu(rows: tuple[tuple[str, str], ...], cls: str = "menu") -> str:
    return (f"<table class='{cls}' border='0'>" + "".join(
        f"<tr><td><a href='#{ident}'>{label}</a></td><td>&nbsp;&nbsp;</td><td></td></tr>"
        for ident, label in rows) + "</table>")


def with_menu(page: str, table: str) -> str:
    """The chapter with its introduction and ``table`` (its menu) under its heading."""
    return page.replace("19 Completion Widgets</h1><hr>",
                        "19 Completion Widgets</h1>" + PROSE + table + "<hr>")


def test_a_sections_id_with_an_escaped_hyphen_is_its_headings_slug() -> None:
    # "User_002dDefined-Widgets" is "User-Defined-Widgets": the slug of "19.3
    # User-Defined Widgets", no widget of the page
    e = extract(chapter(BAR).replace("id='s3'", "id='User_002dDefined-Widgets'").replace(
        "19.3 Condition Codes", "19.3 User-Defined Widgets"), URL)
    assert "alpha39" in e.text and "gamma2" in e.text


def test_a_numbered_block_of_a_sidebar_is_no_escape() -> None:
    # a CMS numbers its blocks ("share_0012"): "_0012" writes a control character, no
    # punctuation, so the id names a share box, headed "Share", not a section's subject
    box = ("<div id='share_0012'><h3>Share</h3><p>Send this page to your friends and "
           "colleagues by mail, or post it to the networks you follow, with a word of "
           "your own about what you found in it.</p></div>")
    page = chapter(BAR).replace("<h2 class='section'>19.2 Special Parameters</h2>",
                                "<h2 class='section'>19.2 Special Parameters</h2>" + box)
    e = extract(page, URL)
    assert "alpha39" in e.text and "gamma2" in e.text
    assert "your friends" not in e.text


def test_a_nodes_menu_of_its_sections_is_the_chapters_text() -> None:
    e = extract(with_menu(chapter(BAR), menu(SECTIONS)), URL)
    assert "alpha39" in e.text and "gamma2" in e.text
    for _, label in SECTIONS:
        assert e.text.count(label) == 2, label  # (in the menu and over its section)


def test_a_one_page_sites_menu_over_the_text_is_no_menu_of_sections() -> None:
    # a site on one page: its menu (links to its own sections, by their headings) is set
    # over the text, closing no section's text (no heading and paragraph before it): the
    # site's chrome
    labels = (("s1", "Description"), ("s2", "Parameters"), ("s3", "Codes"), ("s4", "Example"))
    page = chapter(BAR).replace("<div class='chapter' id='ch'>",
                                "<div class='chapter' id='ch'><div class='menu'><ul>" + "".join(
        f"<li><a href='#{i}'>{label}</a></li>" for i, label in labels) + "</ul></div>")
    for _, label in SECTIONS:
        page = page.replace(f">{label}</h2>", f">{label.split(' ', 2)[-1].split()[0]}</h2>")
    e = extract(page, URL)
    assert "alpha39" in e.text and "gamma2" in e.text
    assert "Description Parameters" not in " ".join(e.text.split())


def test_a_menu_of_jump_links_under_a_heading_is_chrome() -> None:
    # a bar of links to places on the page whose labels head no section ("Top", "Parameters
    # list") is no list of the chapter's sections
    bar = menu((("ch", "Back to top"), ("s2", "Parameters list"), ("s4", "Examples here")))
    e = extract(with_menu(chapter(BAR), bar), URL)
    assert "alpha39" in e.text
    assert "Back to top" not in e.text and "Examples here" not in e.text
