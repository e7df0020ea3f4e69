"""GTK 4's reference (gi-docgen: bench/completeness.py's ``gidocgen`` set), brief 57 (issue
26): the shapes its pages showed that the extraction read wrong, each beside its hostile
shape."""

from __future__ import annotations

from tests.test_extract_whole import LOREM, URL, assert_kept, page, words
from trawl.extract import extract


def gallery(*sections: tuple[str, str, tuple[str, ...]]) -> str:
    """gi-docgen's widget gallery: in the main section, a docblock of headings (each its
    anchor its text's slug, Python-Markdown's) over a paragraph of pictures linking the
    classes they show; the sidebar and the page's contents around it."""
    side = "".join(f"<li><a href='class.W{i}.html'>W{i}</a></li>" for i in range(12))
    body = "".join(
        f"<h2 id='{slug}'>{title}<a class='md-anchor' href='#{slug}' title='Permanent link'>"
        "</a></h2><p>" + "\n".join(f"<a href='class.{n}.html'><img alt='{n.lower()}' "
                                    f"src='{n.lower()}.png'></a>" for n in names) + "</p>"
        for slug, title, names in sections)
    return ("<!doctype html><html><head><title>Gtk – 4.0: Widget Gallery</title></head><body>"
            f"<div id='body-wrapper'><nav class='sidebar'><ul>{side}</ul></nav>"
            f"<div class='content'><section id='main' class='content'><section>"
            f"<div class='docblock'>{body}</div></section></section></div></div></body></html>")


def test_a_headings_anchor_its_own_slug_is_no_components_name() -> None:
    # GTK's visual_index.html: "Display widgets", its id "display-widgets" on the heading
    # itself (not on a section around it), read as a widgets box, and went (66.7 %)
    e = extract(gallery(("display-widgets", "Display widgets", ("Label", "Spinner", "Image")),
                        ("buttons", "Buttons", ("Button", "Switch")),
                        ("containers", "Containers", ("Box", "Grid"))), URL)
    assert_kept(e.full_text, "Display widgets", "Buttons", "Containers")


def test_a_comment_thread_its_id_a_component_still_goes() -> None:
    # hostile: a block whose id names a component (no heading: the id is no anchor of its
    # own text) is judged by it: readers' comments after a story go
    story = "".join(f"<p>Paragraph {i} of the story on the garden. {LOREM}</p>"
                    for i in range(5))
    thread = "".join(f"<p>Great post, thanks! I tried it in my own garden {i}.</p>"
                     for i in range(4))
    e = extract(page(f"<article><h1>The garden</h1>{story}</article>"
                     f"<div id='comments'>{thread}</div>", "The garden"), URL)
    assert words("Paragraph 4 of the story") in words(e.text)
    assert words("I tried it in my own garden") not in words(e.text)


def test_a_related_articles_heading_its_own_slug_and_its_links_still_go() -> None:
    # hostile: "Related articles" over a list of other pages' links, the heading's anchor
    # its own slug, at the foot of a story: the heading's id is read as no component's
    # name, and the heading and its list still go with the list (links, not the story's)
    story = "".join(f"<p>Paragraph {i} compares the two tools, their data structures and "
                    f"how each reads a file. {LOREM}</p>" for i in range(5))
    related = ("<h2 id='related-articles'>Related articles</h2><ul>" + "".join(
        f"<li><a href='/blog/post{i}.html'>Ten more tips for data work, part {i}</a></li>"
        for i in range(6)) + "</ul>")
    e = extract(page(f"<article><h1>Tools</h1>{story}{related}</article>", "Tools"), URL)
    assert words("Paragraph 4 compares the two tools") in words(e.text)
    assert words("Ten more tips for data work") not in words(e.text)
    assert words("Related articles") not in words(e.text)


def method_page(returns: str) -> str:
    """gi-docgen's page of a method: its kind over its title, its declaration, its
    description, its return value's type and ``returns`` (the value's description)."""
    side = "".join(f"<li><a href='method.W.m{i}.html'>m{i}</a></li>" for i in range(12))
    return ("<!doctype html><html><head><title>Gtk.LayoutManager.get_request_mode</title>"
            f"</head><body><div id='body-wrapper'><nav class='sidebar'><ul>{side}</ul></nav>"
            "<div class='content'><section id='main' class='content'><header><h3>Method</h3>"
            "<h1><a href='index.html'>Gtk</a><span class='sep'></span><a href='class."
            "LayoutManager.html'>LayoutManager</a><span class='sep'></span>get_request_mode"
            "</h1></header><section><div class='declaration toggle-wrapper'>"
            "<h4 id='declaration'>Declaration<a class='srclink' href='https://git.example.org/"
            "gtklayoutmanager.h#L117'>[src]</a></h4><div class='docblock c-decl'><pre><code>"
            "GtkSizeRequestMode\ngtk_layout_manager_get_request_mode (\n  GtkLayoutManager* "
            "manager\n)</code></pre></div></div><div class='description toggle-wrapper'>"
            "<h4 id='description'>Description</h4><div class='docblock'><p>Retrieves the "
            "request mode of <code>manager</code>.</p></div></div>"
            "<div class='return-value toggle-wrapper'><h4 id='return-value'>Return value</h4>"
            "<div class='docblock'><div class='returns'><div class='arg-description'><p><em>"
            "Type:</em> <a href='enum.SizeRequestMode.html'><code>GtkSizeRequestMode</code>"
            f"</a></p><p></p>{returns}</div></div></div></div></section></section></div></div>"
            "</body></html>")


def test_a_return_values_description_naming_its_type_is_kept() -> None:
    # GTK's method.LayoutManager.get_request_mode.html and five alike: the return value's
    # description, "A GtkSizeRequestMode", two words at the content's end, went as a share
    # bar's label left alone (90.9 %)
    e = extract(method_page("<p>A <code>GtkSizeRequestMode</code></p>"), URL)
    assert_kept(e.full_text, "Retrieves the request mode of manager",
                "Type: GtkSizeRequestMode A GtkSizeRequestMode")


def test_a_share_label_left_at_a_storys_end_still_goes() -> None:
    # hostile: two words at a story's end, no name in code: a share bar's label whose
    # buttons are gone
    story = "".join(f"<p>Paragraph {i} of the story on the garden. {LOREM}</p>"
                    for i in range(5))
    e = extract(page(f"<article><h1>The garden</h1>{story}<p>Share this</p></article>",
                     "The garden"), URL)
    assert words("Paragraph 4 of the story") in words(e.text)
    assert words("Share this") not in words(e.text)
