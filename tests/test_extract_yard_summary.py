"""Every page whole (issue 26), session 19: a reference page's summary of its members kept
though none is described (an undocumented class's "Instance Method Summary": each item a
whole signature linked to its entry below, and nothing else), under a heading that calls it
a summary (``_summarylist._summary_heading``); a page's own contents box of the same
links still goes."""

from __future__ import annotations

from .test_extract_member_summary import METHODS, class_page, details
from .test_extract_whole import LOREM, URL, assert_kept, words

from trawl.extract import extract  # isort: skip

def item(name: str, text: str) -> str:
    """A summary's item as YARD writes it for an undescribed member: the link, then an
    empty description (``summary_desc``, its ``div`` a block with nothing in it)."""
    return (f"<li class='public '>\n  <span class='summary_signature'>\n    <a href="
            f"'#{name.replace('?', '%3F')}-method'>{text} </a>\n  </span>\n  <span "
            "class='summary_desc'><div class='inline'></div></span>\n</li>\n")


def signatures() -> str:
    """The class's methods' items, none described, each its whole signature."""
    return "".join(item(n, f"#<strong>{n}</strong>{a}  &#x21d2; {r}") for n, a, r, _ in METHODS)


def test_an_undescribed_summary_of_the_pages_members_is_its_content() -> None:
    # StubProxy.html: ".<strong>_load</strong>(str) ⇒ Object" and "#hash ⇒ Object" alone in
    # their items: all link text, pruned as a menu (about twenty YARD pages at 88-95 %)
    e = extract(class_page(f"<ul class='summary'>{signatures()}</ul>"), URL)
    assert_kept(e.full_text, "The store keeps every object",
                "#paths_for_type(type, reload = false) ⇒ Array<String>",
                "#locked_for_writing?(file = nil) ⇒ Boolean",
                "#checksums ⇒ Hash<String, String>")


def _page_with(box: str) -> str:
    """A class's page whose summary is a box of the members' signatures before the details
    (``box``: its heading and list, as the test gives)."""
    return ("<html><head><title>Class: Store</title></head><body><div id='content'>"
            "<h1>Class: Store</h1><h2>Overview</h2><div class='docstring'>"
            f"<p>The store keeps every object the registry loads. {LOREM}</p>"
            f"<p>It writes them to disk when asked. {LOREM}</p></div>{box}"
            "<div id='method_details'><h2>Instance Method Details</h2>"
            + "".join(details(n, a, d) for n, a, _, d in METHODS)
            + "</div></div></body></html>")


def test_a_contents_box_of_the_members_signatures_still_goes() -> None:
    # the same links, whole signatures to the entries below, under "On this page": the
    # page's contents, which the entries' headings say again (guard: the heading; with
    # ``_summary_heading`` forced true it stays)
    e = extract(_page_with(f"<h4>On this page</h4><ul>{signatures()}</ul>"), URL)
    assert_kept(e.full_text, "The store keeps every object", "It writes them to disk")
    assert "array string" not in words(e.full_text)  # (the summary's ``⇒ Array<String>``)
