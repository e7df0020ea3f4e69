"""Every page whole (issue 26): a documentation theme's licence notice under every page's
text ("Except where otherwise noted, this document is licensed under Creative Commons
Attribution 3.0 License."), set in the content's column, is chrome; and the hostile shape
beside it: a page's own "License" section saying the same still stays."""

from __future__ import annotations

from .test_extract_whole import LOREM, URL, assert_kept, words

from trawl.extract import extract  # isort: skip

NOTICE = ("<div class='row'><div class='col-8 docs-license'>"
          "<a href='https://creativecommons.org/licenses/by/3.0/'>"
          "<img src='_static/license.png' alt='Creative Commons Attribution 3.0 License'></a>"
          "<p>Except where otherwise noted, this document is licensed under"
          " <a href='https://creativecommons.org/licenses/by/3.0/'>Creative Commons"
          " Attribution 3.0 License</a>. See all <a href='https://example.org/legal'>"
          "Example Legal Documents</a>.</p></div></div>")


def doc_page(section: str, foot: str) -> str:
    """A theme's page: a column holding the page's title row, an "updated" line, the page's
    text (``section`` last), the line again and ``foot``; and a side menu. The text is
    long enough that the column is chosen whole, its title and lines being a tenth of it,
    as on every page of the theme but the shortest."""
    menu = "".join(f"<li><a href='/{n}.html'>{n.title()} guide</a></li>"
                   for n in ("install", "user", "admin", "api", "contributor"))
    return ("<html><head><title>Option Setting Locations</title></head><body>"
            "<div class='container docs-book-wrapper'><div class='row'><div class='col-9'>"
            "<div class='row'><div class='col-8'><h2>Option Setting Locations</h2></div>"
            "<div class='docs-actions'><a href='mutable.html'><i title='Previous'></i></a>"
            "</div></div>"
            "<div class='row docs-byline'><div class='docs-updated'>updated: 2022-09-27"
            " 08:34</div></div>"
            "<div class='row'><div class='col-12'><div class='docs-body'>"
            "<section><h1>Option Setting Locations</h1>"
            f"<p>{LOREM}</p><h2>Locations</h2><p>Each option records where its value came"
            " from: the default, a file, the environment or the command line, so that an"
            " operator can tell why a service runs with the value it has.</p>"
            f"{f'<p>{LOREM}</p>' * 14}{section}</section></div></div></div>"
            "<div class='row docs-byline bottom'><div class='docs-updated'>updated:"
            f" 2022-09-27 08:34</div></div>{foot}</div>"
            f"<div class='col-3 docs-sidebar'><ul>{menu}</ul></div></div></div>"
            "</body></html>")


def test_a_licence_notice_under_the_page_is_chrome() -> None:
    # openstackdocstheme's "div.docs-license" under every page of oslo.config's docs
    e = extract(doc_page("", NOTICE), URL)
    assert_kept(e.text, "Each option records where its value came from", LOREM)
    assert "otherwise noted" not in words(e.text)
    assert "legal documents" not in words(e.text)


def test_a_licence_section_of_the_page_stays() -> None:
    # a README's or a manual's last section, "License" over its statement, is the page's
    section = ("<h2>License</h2><p>This documentation is licensed under the Apache"
               " License, Version 2.0; see the LICENSE file for its terms.</p>")
    e = extract(doc_page(section, ""), URL)
    assert_kept(e.text, "Each option records", "License",
                "This documentation is licensed under the Apache License, Version 2.0")
