"""Sphinx documentation in other themes than the Python docs' (brief 55): the shapes their
pages showed that the extraction read wrong (bench/completeness.py's django, sqlalchemy,
rtdtheme and pydata sets)."""

from __future__ import annotations

from tests.test_extract_whole import LOREM, URL, assert_kept, page, words
from trawl.extract import extract


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
