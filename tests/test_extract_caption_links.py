"""Every page whole (issue 26): a picture's caption that links a name in its sentence
("A <a>Colorcube Analysis</a> of the original image shows a great number of colors.") is
the caption's text, not a block of links for prune to drop for its "caption" class; and the
hostile shapes beside it: a caption that is mostly its link, or a label's link, still goes."""

from __future__ import annotations

from .test_extract_whole import URL, assert_kept, words

from trawl.extract import extract  # isort: skip

TEXT = ("<p>This filter reduces the number of colors in each channel while keeping the"
        " image as close to the original as it can; each level adds a shade to every"
        " channel, and the result looks like a poster printed in a few inks.</p>")


def manual_page(figures: str) -> str:
    """A manual's page: its numbered section, its text, an example's numbered section of
    pictures, each a block with its caption (DocBook XSL's mediaobject)."""
    return ("<html><head><title>Posterize</title></head><body>"
            "<div class='nav'><a href='prev.html'>Prev</a> <a href='next.html'>Next</a></div>"
            "<div class='sect'><h2>8.57. Posterize</h2>"
            f"{TEXT}<h3>8.57.3. Example</h3>{figures}</div>"
            "<div class='nav'><a href='prev.html'>Prev</a> <a href='index.html'>Home</a>"
            " <a href='next.html'>Next</a></div></body></html>")


def picture(src: str, caption: str) -> str:
    return (f"<div class='media'><img src='{src}'>"
            f"<div class='caption'><p>{caption}</p></div></div>")


def test_a_caption_that_links_a_name_in_its_sentence_is_kept() -> None:
    # GIMP's Posterize: the first example's caption links the filter it names; prune took
    # the caption (and its picture's block) for a block of links, its class weighing
    # against it, and kept the second caption, which links nothing
    html = manual_page(
        picture("ex1.png", "Original image. A <a href='ccanalyze.html'>Colorcube\n"
                " Analysis</a> of the original image shows a great number of colors.")
        + picture("ex2.png", "Original image posterized in 3 levels. The Colorcube"
                  " Analysis shows 11 colors."))
    e = extract(html, URL)
    assert_kept(e.text, "looks like a poster",
                "A Colorcube Analysis of the original image shows a great number of colors.",
                "posterized in 3 levels")


def test_a_caption_that_is_its_link_or_a_label_still_goes() -> None:
    # hostile: a picture's caption that is a link to a gallery, and one that is a label's
    # link to a bigger picture, under the same numbered section
    html = manual_page(
        picture("ex1.png", "<a href='gallery.html'>More screenshots of the filter in the"
                " gallery</a>.")
        + picture("ex2.png", "Full size: <a href='ex2-big.png'>the whole window, as the"
                  " screenshot of the filter shows it, 1920 pixels wide</a>."))
    e = extract(html, URL)
    got = words(e.text)
    assert_kept(e.text, "looks like a poster")
    for gone in ("more screenshots", "full size", "1920 pixels"):
        assert gone not in got, gone
