"""A reference entry's page as gi-docgen writes it (issue 26, GTK 4's reference): the page's
title in a ``<header>`` of its section under the entry's kind ("Method" over "Gtk ▸ Widget
▸ get_parent", the separators drawn by CSS), a class's page of its description beside the
sections of its ancestors (names) and its members (each an entry headed by its name over a
line of what it does). ``_entryhead.titled_header``, ``_entryhead.kind_heading_beside``,
``_sections.names_list``, ``_members.named_entries``, ``_members.wrapped_section_body``,
``_members.names_member``."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL

SIDEBAR = ("<nav class='sidebar'><div class='section'><h5>Methods</h5><div class='links'>"
           + "".join(f"<a href='method.Widget.m{i}.html'>m{i}</a>" for i in range(30))
           + "</div></div></nav>")


def entry_page(kind: str = "Method", title: str = "Gtk.Widget.get_parent",
               header: str = "") -> str:
    header = header or (
        f"<header><h3>{kind}</h3><h1><a href='index.html'>Gtk</a><span class='sep'></span>"
        "<a href='class.Widget.html'>Widget</a><span class='sep'></span>get_parent</h1>"
        "</header>")
    return (f"<html><head><title>{title}</title></head><body><div id='wrapper'>{SIDEBAR}"
            f"<section id='main' class='content'>{header}<section>"
            "<div class='declaration'><h4>Declaration</h4><pre><code>GtkWidget*\n"
            "gtk_widget_get_parent (GtkWidget* widget)</code></pre></div>"
            "<div class='description'><h4>Description</h4><div class='docblock'><p>Returns "
            "the parent widget of <code>widget</code>, or NULL when it has none.</p></div>"
            "</div></section></section></div></body></html>")


def test_an_entrys_title_and_kind_in_its_sections_header_are_kept() -> None:
    e = extract(entry_page(), URL)
    assert "get_parent" in e.full_text and "Gtk" in e.full_text
    assert "Method" in e.text.split()
    assert "Returns the parent widget" in e.text


def test_a_banner_in_a_sections_header_still_goes() -> None:
    # hostile: the site's banner (its name as h1, a tagline under it) in a header of a
    # layout's section: the page's title names the page, not the site
    banner = ("<header><h1>Example Toolkit Docs</h1><h3>Fast widgets</h3></header>")
    e = extract(entry_page(title="get_parent - Example Toolkit", header=banner), URL)
    assert "Returns the parent widget" in e.text
    assert "Example Toolkit Docs" not in e.full_text and "Fast widgets" not in e.text


def test_a_kicker_linked_to_its_section_goes_with_the_header() -> None:
    # hostile: a news kicker over the headline, a link to the site's section: navigation
    header = ("<header><h3><a href='/politics'>Politics</a></h3><h1><a href='index.html'>Gtk"
              "</a><span class='sep'></span><a href='class.Widget.html'>Widget</a><span "
              "class='sep'></span>get_parent</h1></header>")
    e = extract(entry_page(header=header), URL)
    assert "Politics" not in e.text


def members(*names: str, what: str = "Sets whether to clip this child.") -> str:
    return "<div class='docblock'>" + "".join(
        f"<div class=''><h6><a href='method.{n}.html'>{n}</a></h6><div class='docblock'>"
        f"<p>{what}</p></div></div>" for n in names) + "</div>"


DESCRIPTION = (
    "<summary><div class='toggle-wrapper'><h4>Description</h4><div class='docblock'>"
    + "<p>GtkOverlayLayoutChild is the layout child of an overlay: it says whether the "
      "child is clipped to the overlay's allocation and whether its size is measured, "
      "and the layout manager reads both when it allocates the children in turn.</p>" * 4
    + "</div></div></summary>")


def class_page(ancestors: str, methods: str) -> str:
    return ("<html><head><title>Gtk.OverlayLayoutChild</title></head><body><div>"
            + SIDEBAR + "<section id='main'><header><h3>Class</h3><h1><a href='index.html'>"
            "Gtk</a><span class='sep'></span>OverlayLayoutChild</h1></header><section>"
            + DESCRIPTION
            + "<div class='toggle-wrapper ancestors'><h4>Ancestors</h4><div class='docblock'>"
            + ancestors + "</div></div>"
            + "<div class='toggle-wrapper methods'><h4>Instance methods</h4>" + methods
            + "</div></section></section></div></body></html>")


NAMES = ("gtk_overlay_layout_child_get_clip_overlay", "gtk_overlay_layout_child_get_measure",
         "gtk_overlay_layout_child_set_clip_overlay")
ANCESTORS = ("<ul><li><a href='class.LayoutChild.html'>GtkLayoutChild</a></li>"
             "<li><a href='class.Object.html'>GObject</a></li></ul>")


def test_a_class_page_keeps_its_ancestors_and_members() -> None:
    text = extract(class_page(ANCESTORS, members(*NAMES)), URL).text
    assert "is the layout child of an overlay" in text
    assert "GObject" in text and "GtkLayoutChild" in text
    assert all(n in text for n in NAMES)
    assert "Sets whether to clip this child." in text


def test_entries_headed_by_words_are_no_members() -> None:
    # hostile: a list of categories, a word each over a count, mostly links
    cats = members("Sports", "Politics", "Weather", what="12 stories")
    text = extract(class_page(ANCESTORS, cats), URL).text
    assert "is the layout child of an overlay" in text
    assert "Sports" not in text


def test_a_classs_last_member_is_no_dangling_heading() -> None:
    one = members("gtk_icon_theme_error_quark", what="No description available.")
    text = extract(class_page(ANCESTORS, one), URL).text
    assert "gtk_icon_theme_error_quark" in text


def test_a_comments_heading_at_the_end_still_goes() -> None:
    # hostile: a "Comments" heading left at the end over a count
    tail = ("<div class=''><h6><a href='#comments'>Comments</a></h6><div class='docblock'>"
            "<p>3 comments</p></div></div>")
    text = extract(class_page(ANCESTORS, "<div class='docblock'>" + tail + "</div>"), URL).text
    assert "Comments" not in text
