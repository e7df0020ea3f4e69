"""Sphinx documentation in other themes than the Python docs' (brief 55): the shapes their
pages showed that the extraction read wrong (bench/completeness.py's django, sqlalchemy,
rtdtheme and pydata sets)."""

from __future__ import annotations

from lxml import html as lxml_html

from tests.test_extract_whole import LOREM, URL, assert_kept, page, words
from trawl.extract import extract
from trawl.extract._sections import _listing


def release_notes() -> str:
    """A release's notes in Django's theme: each section's id its heading's slug with an
    "s-" before it, the slug itself an empty anchor before the heading."""
    sections = "".join(
        f"<div class='section' id='s-{slug}'><span id='{slug}'></span><h2>{title}"
        f"<a class='headerlink' href='#{slug}'>¶</a></h2><p>{text} {LOREM}</p></div>"
        for slug, title, text in (
            ("denial-of-service-possibility-with-strip-tags",
             "Denial-of-service possibility with strip_tags()",
             "Stripping tags looped for ever on some input."),
            ("comments", "Comments", "The comments framework moved out of the tree."),
            ("mitigated-possible-xss-attack", "Mitigated possible XSS attack",
             "Redirect targets are checked for control characters.")))
    return page("<div id='yui-main'><div class='yui-b'><div class='section' id='s-notes'>"
                "<span id='notes'></span><h1>Release notes<a class='headerlink' "
                f"href='#notes'>¶</a></h1><p>This release fixes two issues.</p>{sections}"
                "</div></div></div>", "Release notes")


def test_a_sections_id_is_its_headings_slug_with_a_prefix() -> None:
    # "s-denial-of-service-possibility-with-strip-tags" and "s-comments" read as a tag list's
    # and a comment thread's names: the sections went as boilerplate; the "s-" is the mark
    # the theme sets on the heading's slug, which the empty anchor before it carries bare
    e = extract(release_notes(), URL)
    assert_kept(e.text, "Stripping tags looped for ever on some input.",
                "The comments framework moved out of the tree.",
                "Redirect targets are checked for control characters.")


def test_a_section_id_with_a_word_of_its_own_is_still_read() -> None:
    # hostile: the id's other word is a name ("reader-comments" over "Comments"): the
    # readers' comments under an article are a thread, not the article
    thread = "".join(f"<p>Great post, thanks! I tried it on my laptop and it worked {i}.</p>"
                     for i in range(6))
    body = ("<article><h1>Tuning the service</h1>" + "".join(
        f"<p>{LOREM} Step {i}.</p>" for i in range(6)) + "</article>"
        f"<div class='section' id='reader-comments'><h2>Comments</h2>{thread}</div>")
    e = extract(page(body, "Tuning the service"), URL)
    assert words("Step 5") in words(e.text)
    assert words("I tried it on my laptop") not in words(e.text)


def entry(name: str, size: int) -> str:
    """A class's entry as Sphinx writes it: its signature, then its description."""
    members = "".join(f"<p>Member {i} of {name}, one of its uses, with commas, and more: "
                      f"{LOREM}</p>" for i in range(size))
    return (f"<dl class='py class'><dt id='{name}'>class {name}(source)</dt><dd><p>The "
            f"{name} object.</p>{members}</dd></dl>")


LISTING = ("<div class='highlight-default notranslate'><div class='highlight'><pre>&gt;&gt;&gt; "
           "from geo import Shape\n&gt;&gt;&gt; Shape('POINT (1 2)')</pre></div></div>")


def reference_section(between: str) -> str:
    """A reference section in Django's theme: its heading, an introduction, ``between``, a
    class's long entry and four short ones; a short section after it."""
    return page("<div id='yui-main'><div class='yui-b'><div class='section' id='s-geo-api'>"
                "<span id='geo-api'></span><h1>Geo API</h1><p>The geometry classes.</p>"
                "<div class='section' id='s-shapes'><span id='shapes'></span><h2>Shapes</h2>"
                "<p>Shape objects wrap the library's geometries and read their text forms."
                f"</p>{between}" + entry("Shape", 14) + "".join(
                    entry(n, 1) for n in ("Point", "Line", "Ring", "Polygon"))
                + "</div><div class='section' id='s-fields'><span id='fields'></span><h2>Fields"
                "</h2><p>Each field reads one geometry column of a layer.</p></div>"
                "</div></div></div>", "Geo API")


def test_a_listing_in_two_wrappers_is_a_sections_text() -> None:
    # Sphinx sets a listing in two divs (the language's, the highlighter's): read as no text
    # block, the section around the class's long entry was not climbed to, and the page
    # was that section alone, less the page's introduction and other sections
    e = extract(reference_section(LISTING), URL)
    assert_kept(e.text, "Shape objects wrap the library's geometries", "Shape('POINT (1 2)')",
                "Member 0 of Polygon.", "The geometry classes.",
                "Each field reads one geometry column of a layer.")


def test_a_box_of_links_in_two_wrappers_is_no_listing() -> None:
    # hostile: a box of links to other pages, wrapped twice as a listing is, is not the
    # section's text: the section is not climbed to through it
    box = ("<div><div><ul>" + "".join(f"<li><a href='/guide{i}.html'>Another guide {i}</a></li>"
                                      for i in range(8)) + "</ul></div></div>")
    e = extract(reference_section(box), URL)
    assert "Another guide 3" not in e.text


def test_a_listing_wrapped_with_its_caption_is_no_listing() -> None:
    # hostile: only a wrapper of a bare ``pre`` is a listing's; a box of a listing and a
    # line beside it (a caption, a "Try it" prompt, a promotion's text) is a box, which
    # the section's text test judges as it is; one level down only
    boxed = lxml_html.fromstring("<div><div><pre>make install</pre><p>Listing 3: install "
                                 "it, or buy the hosted edition</p></div></div>")
    deeper = lxml_html.fromstring("<div><div><div><pre>make install</pre></div></div></div>")
    assert _listing(lxml_html.fromstring(LISTING))
    assert not _listing(boxed) and not _listing(deeper)
