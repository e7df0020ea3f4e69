"""Every page whole (issue 26): a numbered figure (a screenshot or two under "Figure 17.72.
...", each with its caption) is a part of the section it illustrates: its captions
outscored the section's paragraphs and the figure stood for the page (GIMP's help, DocBook
XSL: 5.3 %); the hostile shape beside: a numbered figure set beside a page's menu of links,
which stays apart from it."""

from __future__ import annotations

import time

from trawl.extract import extract

from .test_extract_listings import section
from .test_extract_whole import LOREM, URL, assert_kept


def figure(number: str) -> str:
    """A DocBook XSL figure: its numbered title, then two pictures, each with a caption."""
    captions = ("Original image",
                "Filter applied using RGB colour mode, a square pattern for all channels, red "
                "period 6, green period 8, blue period 10, angle 15 for all channels, then "
                "anti-aliasing at 5 times, on a picture of the city, taken at noon, in summer, "
                "with a small lens, on a hill, facing south, from a distance, in clear air")
    pictures = "".join(f"<div class='mediaobject'><img src='p{i}.jpg' alt='An example'><div "
                       f"class='caption'><p>{c}</p></div></div>" for i, c in enumerate(captions))
    return (f"<div class='figure'><a id='f1'></a><p class='title'><strong>Figure {number}. "
            "Applying example for the Newsprint filter</strong></p><div "
            f"class='figure-contents'>{pictures}</div></div><br class='figure-break'>")


def test_a_numbered_figure_is_a_part_of_the_section_it_illustrates() -> None:
    options = "".join(f"<dt><span class='term'>Option {i}</span></dt><dd><p>Sets how much "
                      f"of the effect option {i} gives to the picture when the filter runs "
                      "on the layer that is active now</p></dd>" for i in range(12))
    overview = section(4, "5.8.1. Overview", (
        f"{figure('17.72')}<p>This filter trades resolution for tone depth</p><p>The "
        "basic premise is to trade off resolution for greater apparent tone depth</p>"))
    body = section(3, "5.8. Newsprint", overview + section(
        4, "5.8.2. Options", f"<div class='variablelist'><dl>{options}</dl></div>"))
    e = extract(f"<html><body>{body}</body></html>", URL)
    assert_kept(e.text, "This filter trades resolution for tone depth",
                "The basic premise is to trade off", "Option 3",
                "Sets how much of the effect option 3 gives",
                "Filter applied using RGB colour mode")


def note(text: str) -> str:
    """DocBook XSL's note: a box (a table) of its icon, its title and its text."""
    return ("<div class='note'><table border='0' summary='Note'><tr><td rowspan='2'><img "
            "alt='[Note]' src='note.png'></td><th>Note</th></tr><tr><td><p>"
            f"{text}</p></td></tr></table></div>")


def test_a_numbered_figure_in_an_options_entry_is_a_part_of_its_section() -> None:
    # the figure (an example of the option's effect, two pictures and their captions) in
    # the entry of one option of a dialog's list: the climb stopped at the entry, the
    # list's other options and the section's text went (GIMP's help, 39.4 %)
    pictures = "".join(f"<div class='mediaobject'><img src='t{i}.png' alt='An example'><div "
                       f"class='caption'>{c}</div></div>" for i, c in enumerate(
                           ("A transparency gradient 0-255.", "Threshold set to 50, 127, 210.")))
    fig = indented("<div class='figure'><a id='f3'></a><p class='title'><strong>Figure "
                   "16.122. Threshold Alpha example</strong></p><div class='figure-contents'>"
                   f"{pictures}</div></div>")
    value = ("The threshold sets the level of opacity, from 0 to 255, above which a pixel is "
             "made opaque and below which it is made transparent, whatever it was before")
    dl = ("<div class='variablelist'><dl class='variablelist'><dt><span class='term'>Presets, "
          "Input Type, Blending Options</span></dt><dd>" + note(
              "These options are described in <a class='xref' href='common.html'>Section 2, "
              "“Common Features”</a>, with the other options every filter's dialog has, "
              "and how a preset is saved.") + "</dd><dt><span class='term'>Value</span></dt><dd>"
          f"<p>{value}</p>" + note("This command never makes transparent pixels opaque.")
          + f"{fig}</dd></dl></div>")
    body = section(3, "7.38. Threshold Alpha", (
        "<p>The command converts semi-transparent areas of the layer into completely "
        "transparent or completely opaque areas, based on a threshold you set.</p>"
        + section(4, "7.38.1. Activating the Command", "<ul><li><p>You can reach this "
                  "command from the menu bar through Layer, Transparency.</p></li></ul>")
        + section(4, "7.38.2. The dialog", dl)))
    e = extract(f"<html><body>{body}</body></html>", URL)
    assert_kept(e.text, "The command converts semi-transparent areas", "Input Type",
                "You can reach this command", value, "Threshold set to 50, 127, 210.")


def test_a_numbered_figure_beside_a_menu_of_links_stays_apart_from_it() -> None:
    # hostile: the figure in a wrapper beside a table of links to the site's other pages
    rows = "".join(f"<tr><td><a href='/shop/{i}'>Prints of kind {i}</a></td></tr>"
                   for i in range(10))
    page = (f"<html><body><div class='wrap'>{figure('3')}<table>{rows}</table></div>"
            "</body></html>")
    e = extract(page, URL)
    assert "Filter applied using RGB colour mode" in e.text
    assert "Prints of kind 3" not in e.text


def indented(html: str) -> str:
    """``html`` with every tag on a line of its own, indented as DocBook XSL writes it."""
    return html.replace("<", "\n                        <")


def test_an_indented_numbered_figures_caption_is_kept() -> None:
    # DocBook XSL indents a figure's blocks: the whitespace before its title filled the
    # forty characters read for its number, and the caption went as boilerplate by its
    # class (GIMP's help, 66.5 %)
    caption = ("Bright pixels have been propagated to dark pixels in the four directions, "
               "filter applied several times to increase the effect")
    fig = indented("<div class='figure'><a id='f2'></a><p class='title'><strong>Figure "
                   "17.86. More white</strong></p><div class='figure-contents'><div "
                   "class='mediaobject'><img src='v1.png' alt='More white'><div "
                   f"class='caption'><p>{caption}</p></div></div></div></div>")
    story = "".join(f"<p>Paragraph {i} of the options. {LOREM}</p>" for i in range(4))
    e = extract(f"<html><body><div class='sect2'><h3>5.13. Value Propagate</h3>{story}{fig}"
                "</div></body></html>", URL)
    assert_kept(e.text, "Paragraph 3 of the options", caption)


def test_an_indented_news_photos_caption_still_goes() -> None:
    # hostile: a news photo's caption, numbered by no one, in the same indented markup
    fig = indented("<div class='figure'><div class='mediaobject'><img src='rally.jpg'><div "
                   "class='caption'><p>Crowds at the rally on Sunday. Photo: Agency</p></div>"
                   "</div></div>")
    story = "".join(f"<p>Paragraph {i} of the story. {LOREM}</p>" for i in range(4))
    e = extract(f"<html><body><article><h1>The rally</h1>{story}{fig}</article></body></html>",
                URL)
    assert "Paragraph 3 of the story" in e.text
    assert "Crowds at the rally" not in e.text


def test_an_unnumbered_strip_of_thumbnails_still_goes() -> None:
    # hostile: a strip of other stories' thumbnails after a story (pictures with a short
    # line each, numbered by no one): no figure of the text, prune drops it
    thumbs = "".join(f"<div><a href='/s{i}'><img src='t{i}.jpg'></a><span>More {i}</span>"
                     "</div>" for i in range(4))
    story = "".join(f"<p>Paragraph {i} of the story. {LOREM}</p>" for i in range(5))
    e = extract(f"<html><body><article><h1>The rally</h1>{story}<div class='strip'>{thumbs}"
                "</div></article></body></html>", URL)
    assert "Paragraph 4 of the story" in e.text
    assert "More 2" not in e.text


def menu_page(caption: str) -> str:
    """A program's menu page (DocBook XSL): its title, a section of its entries opening with
    the menu's numbered screenshot, a line, and a note."""
    fig = indented("<div class='figure'><a id='f4'></a><p class='title'><strong>"
                   f"{caption}</strong></p><div class='figure-contents'><div "
                   "class='mediaobject'><img src='edit.png' alt='The menu'></div></div></div>")
    entries = section(3, "3.1. Edit Menu Entries", (
        f"{fig}<br class='figure-break'><p>In this section, you will find help for commands "
        "in the Edit menu item.</p>" + note(
            "Besides the commands described here, you may also find other entries in the "
            "menu. They are not part of the program itself, but have been added by "
            "extensions (plug-ins).")))
    return ("<html><head><title>3. The Edit Menu</title></head><body>"
            f"{section(2, '3. The Edit Menu', entries)}</body></html>")


def test_a_numbered_figures_title_at_the_top_is_no_dateline() -> None:
    # a menu's page: its screenshot's numbered title ("Figure 16.16.") under the section's
    # heading, at the content's top, was taken for a dateline ("16.16" reads as a time)
    # and dropped with the headline (GIMP's help: ten menus' pages, 69.6 % - 89.9 %)
    e = extract(menu_page("Figure 16.16. Contents of the Edit Menu"), URL)
    assert_kept(e.text, "Figure 16.16. Contents of the Edit Menu",
                "In this section, you will find help", "Besides the commands described")


def test_a_numbered_figures_title_ending_the_page_is_no_date_line() -> None:
    # a tutorial's step ending the page with its screenshot's numbered title ("Figure
    # 3.31.", the picture under it): it went as a trailing date line (GIMP's help, 78 %)
    fig = indented("<div class='figure'><a id='f6'></a><p class='title'><strong>Figure 3.31. "
                   "Image Properties Dialog</strong></p><div class='figure-contents'><div "
                   "class='mediaobject'><img src='props.png' alt='Dialog'></div></div></div>")
    body = section(3, "4.6. Find Info About Your Image", (
        "<p>If you need to find information about your image, open the Image Properties "
        f"dialog from the Image menu. {LOREM}</p>{fig}"))
    e = extract(f"<html><body>{body}</body></html>", URL)
    assert_kept(e.text, "open the Image Properties dialog", "Figure 3.31. Image Properties")


def test_a_dateline_under_a_headline_still_goes() -> None:
    # hostile: a story's dateline (a date and a time with dots, under its headline) and a
    # figure's title that says a date past its number: each a dateline, dropped
    story = "".join(f"<p>Paragraph {i} of the story, with a clause. {LOREM}</p>"
                    for i in range(5))
    for line in ("Monday 12.05.2024, 10.30", "Figure 2, 12.05.2024"):
        e = extract(f"<html><head><title>The council votes</title></head><body><article>"
                    f"<h1>The council votes</h1><p>{line}</p>{story}</article></body></html>",
                    URL)
        assert_kept(e.text, "Paragraph 4 of the story")
        assert "12.05.2024" not in e.text, line
        # ... and as the story's last line, a date line
        e = extract(f"<html><body><article><h1>The council votes</h1>{story}<p>{line}</p>"
                    "</article></body></html>", URL)
        assert_kept(e.text, "Paragraph 4 of the story")
        assert "12.05.2024" not in e.text, line


def test_a_pictures_caption_in_a_numbered_section_is_kept() -> None:
    # a filter's overview (a numbered section, "14.5.1."): its line, then an example
    # picture whose caption (unnumbered, a "caption" class) says the settings it shows: it
    # went as a photo's caption, boilerplate by its class (GIMP's help, 14 pages, 81.6 %+)
    caption = "Filter applied with default options: scale=1.000 shape=2.000 rank=1"
    overview = section(4, "14.5.1. Overview", (
        "<p>Generates a cellular texture. Results don't depend on the image you opened.</p>"
        + indented("<div class='mediaobject'><img src='cell.jpg'><div class='caption'><p>"
                   f"{caption}</p></div></div>")))
    options = "".join(f"<p>Option {i} sets how much of the effect the filter gives. {LOREM}"
                      "</p>" for i in range(3))
    body = section(3, "14.5. Cell Noise", overview + section(4, "14.5.2. Options", options))
    e = extract(f"<html><body>{body}</body></html>", URL)
    assert_kept(e.text, "Generates a cellular texture", "Option 2 sets how much", caption)


def test_a_news_photos_caption_under_a_subheading_still_goes() -> None:
    # hostile: a story's sections under subheadings no one numbers (a day, a count), a
    # photo with its caption in the second: the caption is the photo's, boilerplate
    fig = ("<figure><img src='rally.jpg'><figcaption>Crowds at the rally on Sunday. Photo: "
           "Agency</figcaption></figure><div class='media'><img src='march.jpg'><div "
           "class='caption'>The march past the town hall. Photo: Agency</div></div>")
    story = "".join(f"<p>Paragraph {i} of the story, with a clause. {LOREM}</p>"
                    for i in range(3))
    e = extract(f"<html><body><article><h1>The rally</h1><h2>Day 1.2 of the strike</h2>"
                f"{story}<h2>2 days on</h2>{fig}{story}</article></body></html>", URL)
    assert "Paragraph 2 of the story" in e.text
    assert "Crowds at the rally" not in e.text
    assert "The march past the town hall" not in e.text


def dialog_page(closing: str) -> str:
    """A program's command page: the section's introduction and a note, a subsection on
    where the command is, then the dialog's subsection (its numbered screenshot, its long
    list of options, and ``closing`` after the list)."""
    options = "".join(f"<dt><span class='term'>Option {i}</span></dt><dd><p>Sets how the "
                      f"image is scaled when option {i} is chosen.</p>"
                      + (f"<p>{LOREM}</p>" * 4 if i == 0 else "") + "</dd>" for i in range(8))
    fig = ("<div class='figure'><a id='f5'></a><p class='title'><strong>Figure 16.82. The "
           "Scale Image dialog</strong></p><div class='figure-contents'><img src='s.png'>"
           "</div></div><br class='figure-break'>")
    dialog = section(4, "6.21.2. The Scale Image Dialog", (
        f"{fig}<div class='variablelist'><dl class='variablelist'>{options}</dl></div>"
        + closing))
    body = section(3, "6.21. Scale Image", (
        "<p>The Scale Image command enlarges or reduces the physical size of the image by "
        "changing the number of pixels it contains.</p><p>It operates on the entire image. "
        "To scale one layer, use the <a href='layer-scale.html'>Scale Layer</a> command.</p>"
        + note("If scaling would produce an image larger than the maximum size, you are "
               "asked to confirm.")
        + section(4, "6.21.1. Activate the Command", "<ul><li><p>You can access this "
                  "command from the image menubar.</p></li></ul>") + dialog))
    return f"<html><head><title>6.21. Scale Image</title></head><body>{body}</body></html>"


def test_a_note_closing_a_dialogs_options_keeps_the_section_whole() -> None:
    # the dialog's long option list won; its subsection closes with a note ("See also the
    # Scale tool"), and the climb stopped at the list: the command's introduction, its
    # note and where it is went (GIMP's help, 73.8 %); brief 38's _sections._figure_or_note
    # keeps it (this fails with it off), and brief 37's narrower rule was taken out
    e = extract(dialog_page(note("See also the <a href='scale.html'>Scale tool</a>, which "
                                 "lets you scale a layer, a selection or a path.")), URL)
    assert_kept(e.text, "The Scale Image command enlarges", "It operates on the entire",
                "You can access this command", "Option 7", "See also the Scale tool")


def test_a_box_of_links_or_a_sign_up_after_the_options_is_no_closing_note() -> None:
    # hostile: the same page, the option list followed by a box its class names a tip that
    # only links other pages, or by a sign-up block (a form, no note): neither is a note
    # closing the section, and each stays out
    for box in ("<div class='tip'><p>Read <a href='/a'>the morning briefing</a> and <a "
                "href='/b'>the best of our reporting and more from the archive</a></p></div>",
                "<div><p>Get the morning briefing in your inbox, every day, free of charge</p>"
                "<form><input name='mail'></form></div>"):
        e = extract(dialog_page(box), URL)
        assert "Option 7" in e.text
        assert "morning briefing" not in e.text, box


def test_the_nearest_heading_before_a_caption_decides_and_a_gallery_is_read_in_linear_time(
        ) -> None:
    # the heading a caption is under is the last one before it in the page (the walk over
    # the page meets it): a numbered section's, or an unnumbered one's after it
    def page(headings: tuple[str, str]) -> str:
        return (f"<html><body><article><h2>{headings[0]}</h2><p>The filter's text. {LOREM}</p>"
                f"<h3>{headings[1]}</h3><p>More of the text. {LOREM}</p><figure><img "
                "src='a.png'><figcaption>The picture of the settings shown</figcaption>"
                f"</figure><p>The text after it. {LOREM}</p></article></body></html>")
    caption = "The picture of the settings shown"
    assert caption in extract(page(("Photos", "14.5.1. Overview")), URL).text
    assert caption not in extract(page(("14.5. Cell Noise", "Photos of the day")), URL).text
    # hostile: thousands of captions and no heading before them: each walked back to the
    # page's top (4,000: 13.6 s; 6,000 took about 30), where one walk serves them all
    n = 6_000
    gallery = "".join(f"<div><figure><img src='p{i}.png'><figcaption>Photo {i} of the day"
                      "</figcaption></figure></div>" for i in range(n))
    began = time.monotonic()
    e = extract(f"<html><body><article><p>The story. {LOREM}</p>{gallery}</article></body>"
                "</html>", URL)
    assert time.monotonic() - began < 10
    assert "The story." in e.text and "Photo 5999 of the day" not in e.text
