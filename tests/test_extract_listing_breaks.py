"""A code listing whose lines end in ``<br>`` keeps its lines (TypeDoc's examples): in
markdown and in the text, each ``<br>`` in a ``<pre>`` is the line break it draws."""

from __future__ import annotations

from trawl.extract import extract

URL = "https://docs.example.org/ref/of.html"
INTRO = ("Converts the arguments to an observable sequence; each argument becomes a next "
         "notification, in order, and the sequence then completes.")


def with_listing(pre: str) -> str:
    return (f"<html><head><title>of</title></head><body><main><h1>Function of</h1>"
            f"<p>{INTRO}</p>{pre}</main></body></html>")


def test_a_listings_br_ended_lines_stay_lines() -> None:
    # (fails with `_clean._line_breaks` doing nothing: "import { of } from 'rxjs';of(10)")
    pre = ("<pre><code class='ts'><span class='hl-0'>import</span> { of } from 'rxjs';<br/>"
           "<br/><span class='hl-6'>of</span>(10, 20, 30)<br/>  .subscribe(console.log);"
           "</code></pre>")
    result = extract(with_listing(pre), URL)
    lines = ["import { of } from 'rxjs';", "", "of(10, 20, 30)", "  .subscribe(console.log);"]
    assert "\n".join(lines) in result.markdown
    assert "\n".join(lines) in result.full_text


def test_a_listing_with_a_link_keeps_its_lines_too() -> None:
    # (a listing holding a link is not collapsed to its text: its br's still break lines)
    pre = "<pre>line one<br>line <a href='/two'>two</a><br>three</pre>"
    result = extract(with_listing(pre), URL)
    assert "line one\nline two\nthree" in result.full_text


def test_a_listings_newlines_are_not_doubled() -> None:
    pre = "<pre><code>first line\nsecond line\n\nfourth line</code></pre>"
    result = extract(with_listing(pre), URL)
    assert "first line\nsecond line\n\nfourth line" in result.markdown
