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
