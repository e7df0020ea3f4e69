"""Every page whole (issue 26): a Markdown document's own "Contents" list, written with
GitHub's anchors, one of which the converter spelled its own way (``#...-11`` for the
heading "Certificate of Origin 1.1", whose id keeps the dot), is the page's table of
contents all the same; and the hostile shape beside it: a "Contents" list of other
documents' sections, whose places the page has not."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept, words

INTRO = ("<p>Contributions include code, documentation, answering user questions, running "
         "the project's infrastructure, and advocating for all types of users.</p>"
         "<p>The project welcomes all contributions from anyone willing to work in good "
         "faith with other contributors and the community.</p>")


def readme(contents: str) -> str:
    """A Markdown document as a converter writes it standalone: the body, its title, its
    introduction, its "Contents" list, then its sections (``id``: the converter's slugs)."""
    sections = (("code-of-conduct", "Code of Conduct"), ("issues", "Issues"),
                ("pull-requests", "Pull Requests"),
                ("developers-certificate-of-origin-1.1", "Developer's Certificate of Origin 1.1"))
    body = "".join(f"<h2 id='{i}'>{t}</h2><p>{t} comes first. {LOREM}</p>"
                   for i, t in sections)
    return ("<html><head><title>Contributing</title></head><body>"
            "<h1 id='contributing'>Contributing to the project</h1>" + INTRO
            + f"<h2 id='contents'>Contents</h2><ul>{contents}</ul>" + body + "</body></html>")


def test_a_contents_list_one_anchor_of_which_another_slugger_spelled() -> None:
    contents = ("<li><a href='#code-of-conduct'>Code of Conduct</a></li>"
                "<li><a href='#issues'>Issues</a></li>"
                "<li><a href='#pull-requests'>Pull Requests</a></li>"
                "<li><a href='#developers-certificate-of-origin-11'>Developer's Certificate "
                "of Origin 1.1</a></li>")
    text = extract(readme(contents), URL).text
    assert_kept(text, "Contributions include code", LOREM)
    # (each section's name in the contents list and over the section)
    assert words(text).count("code of conduct") == 3


def test_a_contents_list_of_other_documents_places_is_not_the_pages() -> None:
    # hostile: the page's first section's place, then other documents' sections, none on
    # the page however spelled
    contents = ("<li><a href='#code-of-conduct'>Code of Conduct</a></li>"
                "<li><a href='guide.html#build-from-source'>Build from source</a></li>"
                "<li><a href='guide.html#cross-compile'>Cross-compile for ARM</a></li>"
                "<li><a href='faq.html#release-schedule'>Release schedule</a></li>")
    text = extract(readme(contents), URL).text
    assert_kept(text, "Contributions include code", LOREM)
    assert "cross compile" not in words(text)
