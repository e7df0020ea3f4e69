"""Every page whole (issue 26): a module's reference whose every function is an entry of its
own (Erlang/OTP's documentation, Debian erlang-doc: an ``<article>`` a function, its
signatures as headings, a block of its argument types, "Node = <a>node()</a>", each type a
link to its definition, then its description). The types block between the headings and
the description read as a promotion's lead (it has links), so no entry was its section's
body; the best description was taken with the others of its class, and every signature and
type went (``_sections._lead`` now takes a block whose every link is an API's name).
"""

from __future__ import annotations

from pathlib import Path

from trawl.extract import extract

from .test_extract_whole import URL

PAGE = Path(__file__).parent / "fixtures" / "pages" / "otp_pool.html"
"""Erlang/OTP 25's reference page of the ``pool`` module (erlang-doc; Apache License 2.0),
less its side menu, scripts and mouse-over links: its generator's markup as it is."""


def test_a_functions_signatures_and_types_are_kept_with_its_description() -> None:
    e = extract(PAGE.read_text("utf-8"), "https://erlang.docs.test/pool.html")
    assert "Starts a new pool." in e.text
    lines = {" ".join(line.split()) for line in e.text.splitlines()}
    assert {"attach(Node) -> already_attached | attached", "start(Name, Args) -> Nodes",
            "Node = node()"} <= lines


def test_a_lead_linking_words_still_is_no_lead() -> None:
    # hostile: between a section's heading and its text, a sponsor's line whose links are
    # words, not API names: no lead of the section, and the section is no body's
    sponsor = ("<div class='lead'>Sponsored: try <a href='https://ads.example/acme'>Acme "
               "Cloud</a> free for thirty days, then <a href='https://ads.example/up'>upgrade"
               "</a>.</div>")
    story = "".join(f"<p>{s} The team moved the service in stages over a year, measuring as "
                    "it went, and the figures are in the appendix.</p>"
                    for s in ("We rewrote the service.", "The old code was hard to change.",
                              "Memory use fell by half."))
    e = extract("<html><head><title>A rewrite</title></head><body><div class='page'><section>"
                f"<h2>A rewrite</h2>{sponsor}<div class='body'>{story}</div></section><div>"
                "<p>Other news of the week, in brief.</p></div></div></body></html>", URL)
    assert "Memory use fell by half." in e.text
    assert "Sponsored" not in e.text
