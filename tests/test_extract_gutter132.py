"""Every page whole (issue 26, brief 132): a listing's line numbers set in a gutter cell
beside it (a table of one row: a ``pre`` of "1", "2", ... and the listing's ``pre``) are
the table's drawing, no words of the text; the listing stands alone
(``_gutter.drop_line_numbers``). Guards: a table of numbered steps (rows), a row whose
number is a step's cell (no ``pre`` of its own), numbers that do not count the listing's
lines, a table with a header. Fixtures written for these tests."""

from __future__ import annotations

import pytest
from lxml.html import HtmlElement

from trawl.extract import _gutter, extract

from .test_extract_blogs113 import prose
from .test_extract_whole import URL, assert_kept, words

LISTING = ("$ npm stop", "", "> stopping the server", "> node bar.js", "", "done")


def lines_pre(lines: tuple[str, ...]) -> str:
    """A highlighter's ``pre``: each line a span, ended by a ``br``."""
    return "<pre>" + "".join(f"<span class='line'>{line}</span><br>" for line in lines) + \
        "</pre>"


def gutter_table(numbers: tuple[str, ...], lines: tuple[str, ...] = LISTING) -> str:
    return (f"<figure class='highlight bash'><table><tr><td class='g'>{lines_pre(numbers)}"
            f"</td><td class='c'>{lines_pre(lines)}</td></tr></table></figure>")


NUMBERED = gutter_table(tuple(str(i) for i in range(1, len(LISTING) + 1)))


def page(body: str) -> str:
    return ("<html><head><title>npm-stop</title></head><body><main><h1>npm-stop</h1>"
            f"{prose(0, 3)}<h2>Example</h2>{body}{prose(3, 2)}</main></body></html>")


def test_the_gutter_goes_and_the_listing_stays() -> None:
    md = extract(page(NUMBERED), URL).markdown
    assert "```" in md and "$ npm stop\n\n> stopping the server\n> node bar.js" in md
    assert "| " not in md  # (no table row of numbers and code)
    assert not any(w in words(md).split() for w in ("1", "2", "6"))


def test_a_pygments_table_of_line_numbers_goes() -> None:
    table = ("<table class='highlighttable'><tr><td class='linenos'><div class='linenodiv'>"
             "<pre>1\n2\n3</pre></div></td><td class='code'><div class='highlight'><pre>"
             "<span></span>import os\nprint(os.sep)\nprint(os.name)\n</pre></div></td></tr>"
             "</table>")
    md = extract(page(table), URL).markdown
    assert "import os\nprint(os.sep)\nprint(os.name)" in md
    assert "1" not in words(md).split()


def test_without_the_rule_the_numbers_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_gutter, "SWITCH", False)
    md = extract(page(NUMBERED), URL).markdown
    assert "1" in words(md).split() and "6" in words(md).split()


STEPS = ("<table>" + "".join(f"<tr><td><pre>{i}</pre></td><td><pre>npm {step}</pre></td></tr>"
                             for i, step in ((1, "install"), (2, "test"), (3, "publish")))
         + "</table>")

HOSTILES = [
    # numbered steps, a row each (their numbers set apart too): the numbers are the steps'
    (STEPS, "1 npm install 2 npm test 3 npm publish", "_two_cells"),
    # one step of one command: its number a table's cell, not a pre of its own
    ("<table><tr><td>3</td><td><pre>npm publish</pre></td></tr></table>", "3 npm publish",
     "_set_apart"),
    # a cell of one number beside a listing of six lines: no count of its lines
    (gutter_table(("42",)), "42 npm stop", "_numbers_lines"),
    # a header over the row: the table's own
    ("<table><thead><tr><th>Step</th>"
     "<th>Command</th></tr></thead><tr><td><pre>1</pre></td><td><pre>npm publish</pre>"
     "</td></tr></table>", "Step Command 1 npm publish", "_two_cells"),
]


@pytest.mark.parametrize("body, kept, guard", HOSTILES)
def test_what_is_no_gutter_stays(body: str, kept: str, guard: str) -> None:
    assert_kept(extract(page(body), URL).full_text, kept)


@pytest.mark.parametrize("body, kept, guard", HOSTILES)
def test_each_hostile_goes_without_its_guard(monkeypatch: pytest.MonkeyPatch, body: str,
                                             kept: str, guard: str) -> None:
    """The loosening: the guard that spares the hostile shape answers as the shape's."""
    if guard == "_two_cells":
        def loose(table: HtmlElement) -> tuple[HtmlElement, HtmlElement] | None:
            row = None
            for tr in table.iter("tr"):
                if tr.find("td") is not None:
                    row = tr
                    break
            cells = [c for c in row if isinstance(c.tag, str)] if row is not None else []
            return (cells[0], cells[1]) if len(cells) == 2 else None
        monkeypatch.setattr(_gutter, guard, loose)
    else:
        monkeypatch.setattr(_gutter, guard, lambda *_: True)
    assert words(kept) not in words(extract(page(body), URL).full_text)
