"""Brief 111's speed-ups give the answers the slower reads gave (the output oracle checks
whole pages; these check the helpers on the shapes where the two paths could part)."""

from __future__ import annotations

import lxml.html

from trawl.extract import extract
from trawl.extract._clean import (
    _COPY_CONTROL_RE,
    _HIDDEN_STYLE_RE,
    _class_controls,
    hiding_style,
)
from trawl.extract._edges import _text_size
from trawl.extract._tooltips import names_tooltip
from trawl.extract._tree import _collapsed_text

STYLES = [
    "display:none", "DISPLAY : NONE", "Visibility: Hidden", "visibility:HIDDEN;color:red",
    "left:-9999px", "TOP : -10000PX", "text-indent:-1234px", "left:-999px", "margin-top:10px",
    "color: red", "display: block", "display:\tnone", "", "width:-12345", "none",
]
CLASSES = [
    "copybutton", "btn btn-Copy", "COPY-TO-CLIPBOARD", "clipboard-copy", "ClipBoard",
    "highlight", "tooltip", "Tool-Tip", "notable-traits-tooltiptext", "toolbar", "copyright",
    "board-member", "tools", "", "copy", "copy-code-btn",
]


def test_hiding_style_is_the_regex() -> None:
    for style in STYLES:
        assert hiding_style(style) == (_HIDDEN_STYLE_RE.search(style) is not None), style


def test_class_controls_are_the_regexes() -> None:
    for cls in CLASSES:
        assert _class_controls(cls) == (_COPY_CONTROL_RE.search(cls) is not None,
                                        names_tooltip(cls)), cls


def test_text_size_is_the_collapsed_length_or_past_its_bound() -> None:
    cases = ["<div><p>short</p></div>",
             "<div>" + "<p>word   </p>\n\n" * 400 + "</div>",
             "<div>" + "<span>   </span>" * 500 + "<p>end</p></div>",
             "<div>" + "x " * 3000 + "</div>"]
    for html in cases:
        el = lxml.html.fragment_fromstring(html)
        size = len(_collapsed_text(el))
        for bound in (3, 50, 900, 10_000):
            got = _text_size(el, bound)
            assert got == size if size <= bound else got > bound, (html[:40], bound)


def test_a_header_over_a_body_in_wrappers_is_dropped_as_before() -> None:
    body = " ".join(["The body of the story goes on in plain words."] * 20)
    html = ("<html><head><title>A story of wrappers</title></head><body><div><div>"
            "<div><h1>A story of wrappers</h1><p>By Jane Roe</p><p>May 3, 2024</p></div>"
            f"<div><div><p>{body}</p><p>{body}</p></div></div></div></div></body></html>")
    result = extract(html, "https://x.test/story")
    assert "Jane Roe" not in result.text and "May 3, 2024" not in result.text
    assert result.text.count("The body of the story") == 40
