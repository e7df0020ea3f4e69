"""A list nested in a list item after the item's own lead-in sentence ending with a colon
(issue 26, the Apache HTTP Server's developer index: "Developer articles at
<a>apachetutor</a> include:", then the articles' links) is what that sentence introduces,
as a list after a paragraph ending with a colon is (``_kept._introduced_in_item``). A
menu's label over its submenu ("Products:") and a promotion's lead ending with the link it
promotes ("More from <a>our partners</a>:") introduce nothing: their lists of links still
go."""

from __future__ import annotations

import re

from trawl.extract import extract

from .test_extract_whole import URL


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


PROSE = ("<p>The documents listed here describe how the server is built and how a module "
         "is written for it: the hooks a module registers, the order in which the server "
         "calls them for each request, and the filters that change a response's body on "
         "its way to the client.</p>")
ARTICLES = ("Request Processing", "Configuration for Modules", "Resource Management",
            "Connection Pooling", "Introduction to Buckets and Brigades")


def page(lead: str) -> str:
    nested = "".join(f"<li><a href='https://tutor.example/dev/{i}'>{t}</a></li>"
                     for i, t in enumerate(ARTICLES))
    return ("<html><head><title>Developer Documentation</title></head><body>"
            "<div id='content'><h1>Developer Documentation</h1>" + PROSE + PROSE +
            "<div class='section'><h2>Development documents</h2>" + PROSE + "</div>"
            "<div class='section'><h2>Other Resources</h2><ul>"
            f"<li>{lead}<ul>{nested}</ul></li>"
            "<li><a href='https://bugs.example/new'>Report a bug or feature request</a></li>"
            "</ul></div></div></body></html>")


def test_a_list_an_items_sentence_introduces_is_kept() -> None:
    e = extract(page("Developer articles at <a href='https://tutor.example/'>tutor</a> "
                     "include:"), URL)
    assert {"Pooling", "Brigades", "Processing"} <= words(e.text)


def test_the_list_under_a_menus_label_still_goes() -> None:
    e = extract(page("Further developer resources:"), URL)
    assert "filters that change" in e.text
    assert not {"Pooling", "Brigades"} & words(e.text)


def test_the_list_under_a_promotions_lead_ending_with_its_link_still_goes() -> None:
    e = extract(page("Read the other developer articles of "
                     "<a href='https://tutor.example/'>our partner site</a>:"), URL)
    assert "filters that change" in e.text
    assert not {"Pooling", "Brigades"} & words(e.text)
