"""Every page whole (issue 26): a section's numbered figure and its notes are its text. A
manual's section (a dialog's page) is its title, a numbered screenshot, a list of the
dialog's options and a note after it; its parent section the command's introduction, a
note, then its subsections. The list of options won, and the climb stopped at it: the
figure and the note are no paragraphs, so the section was no text around it, and the
introduction, the first note and the other subsection went (GIMP's help, 72.9 %). The
hostile shape beside: a box its class calls a tip, set in a headed column beside a story,
a sentence mostly of the shop's links: the column is no section of the story's."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_figures import note
from .test_extract_listings import section
from .test_extract_whole import LOREM, URL, assert_kept


def test_a_sections_numbered_figure_and_notes_are_its_text() -> None:
    # (the first option's entry, five paragraphs long, outscores the section)
    size = "".join(f"<p>The image size, part {i}, is its number of pixels, whatever the "
                   f"units shown. {LOREM}</p>" for i in range(5))
    options = f"<dt><span class='term'>Image Size</span></dt><dd>{size}</dd>" + "".join(
        f"<dt><span class='term'>Option {i}</span></dt><dd><p>Option {i} sets how the "
        "pixels are computed.</p></dd>" for i in range(3))
    figure = ("<div class='figure'><a id='f82'></a><p class='title'><b>Figure 16.82. The "
              "“Scale Image” dialog</b></p><div class='figure-contents'><div "
              "class='mediaobject'><img src='scale.png' alt='The dialog'></div></div></div>"
              "<br class='figure-break'>")
    dialog = section(4, "6.21.2. The “Scale Image” Dialog", (
        f"{figure}<div class='variablelist'><dl class='variablelist'>{options}</dl></div>"
        + note("See also the Scale tool, which lets you scale a layer, a selection or a "
               "path.")))
    activate = section(4, "6.21.1. Activate the Command", (
        "<div class='itemizedlist'><ul class='itemizedlist'><li class='listitem'><p>You can "
        "access this command from the image menubar through Image, Scale Image.</p></li>"
        "</ul></div>"))
    body = section(3, "6.21. Scale Image", (
        "<a class='indexterm' name='idm1'></a><p>The Scale Image command enlarges or reduces "
        "the physical size of the image by changing the number of pixels it contains.</p>"
        "<p>It operates on the entire image. To scale one layer, use the <a class='link' "
        "href='layer-scale.html'>Scale Layer</a> command.</p>"
        + note("If scaling would produce an image larger than the maximum new image size "
               "set in the preferences, you are warned and asked to confirm it first.")
        + activate + dialog))
    e = extract(f"<html><body>{body}</body></html>", URL)
    assert_kept(e.text, "The Scale Image command enlarges or reduces",
                "If scaling would produce an image larger", "You can access this command",
                "Figure 16.82", "The image size, part 3", "Option 2 sets how",
                "See also the Scale tool")


def test_a_tip_box_of_the_shops_links_beside_a_story_is_no_part_of_its_column() -> None:
    # hostile: the column (headed by its name) holds the story and a box its class calls
    # a tip, a sentence that is mostly the shop's links (a run of text: no list of links):
    # the column is no section of the story's, and the box goes
    story = ("<div class='story'><h1>How to prune roses</h1>"
             + "".join(f"<p>Roses are pruned in late winter, part {i}. {LOREM}</p>"
                       for i in range(5)) + "</div>")
    shop = ("<div class='tip'>Tip: buy <a href='/shop/1'>rose shears</a>, <a href='/shop/2'>"
            "pruning saws</a>, <a href='/shop/3'>garden gloves</a> and <a href='/shop/4'>rose "
            "feed</a> in <a href='/shop'>our garden shop</a>, with <a href='/delivery'>free "
            "delivery</a> on any order over twenty pounds, every day.</div>")
    page = (f"<html><body><div class='column'><h2>Garden weekly</h2>{story}{shop}</div>"
            "</body></html>")
    e = extract(page, URL)
    assert_kept(e.text, "Roses are pruned in late winter, part 3")
    assert "free delivery" not in e.text
