"""Every page whole (issue 26), brief 118: a section titled by the page's top heading is the
page's text, though a word of its class weighs against it (``_stats.titled_by_h1``).

A converter writes a word of layout into the class of every section ("authors" in
"ltx_authors_1line"); the class weighting reads "author" as a byline's word, and the
selection, asking whether its best block holds nothing but chrome
(``_select._holds_chrome``), took the section for chrome and the page for a wrapper of
it: the page was cut to one paragraph and its table. Guard: only a ``section`` or
``article`` opening with an ``h1``; a licence footer's section under an ``h2`` stays chrome.

Loosening: ``_stats:titled_by_h1=false`` fails ``test_a_section_whose_class_says_authors``;
``_stats:titled_by_h1=true`` fails ``test_a_footer_section_under_an_h2_stays_chrome`` (and
four of tests/test_extract_short_pages.py).
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_short_pages import page as short_page
from .test_extract_whole import URL, assert_kept, words

PARAS = (
    "Encodings that are meant for general text have to hold certain glyphs in certain "
    "positions, so that the hyphenation of words in every language stays correct, and a "
    "font meant for general text is one written for any language, not only for a "
    "phonetic alphabet or for a set of symbols; it holds the letters of its language.",
    "This is the case for the following glyphs, in their usual positions:",
    "In addition the following glyphs have to be in the same positions as in the first "
    "encoding, because the kernel's commands refer to them by number, and a font that "
    "puts them elsewhere shows another glyph in their place without any warning.",
    "If there are free slots, the encoding should place its remaining glyphs in them.",
    "If there are not enough slots for every glyph a language needs, a second encoding "
    "holds the rest, and the two are used together, each for the letters it has.",
    "Due to some technical restrictions of the typesetting engine, some positions "
    "cannot be used freely, and a font has to leave them empty or fill them with care.",
    "The engine's case tables are global: a letter mapped in one encoding is mapped in "
    "every other one, so the positions of the letters have to agree across encodings, "
    "and a slot that maps to itself is one that hyphenation treats as a letter always.",
    "The positions that are problematic are as follows.",
    "One way to use such slots is to put glyphs there that are never uppercased, such "
    "as accents or symbols, which no word of running text asks to change its case.",
    "A complete listing of the case tables is found in the kernel's own documentation.",
)


def _cells(rows: list[tuple[str, str]]) -> str:
    return "".join(f"<tr><th>{a}</th><td>{b}</td></tr>" for a, b in rows)


def _glyphs(start: int, n: int) -> str:
    return ("<table class='tabular'><thead><tr><th>Glyph</th><th>Position</th></tr></thead>"
            f"<tbody>{_cells([(chr(33 + i), str(start + i)) for i in range(n)])}</tbody>"
            "</table>")


def section_page(cls: str = "sect authors-line", extra: str = "") -> str:
    para = "<div class='para'><p>{}</p></div>".format
    first = ("<section class='subsection'><h2>3.1 Required glyphs for text encodings</h2>"
             f"{para(PARAS[0])}<div class='para'><p>{PARAS[1]}</p>{_glyphs(33, 11)}"
             f"{_glyphs(48, 10)}<p>{PARAS[2]}</p>{_glyphs(65, 5)}</div>"
             f"{para(PARAS[3])}{para(PARAS[4])}</section>")
    odd = "".join(f"<tr><th>{25 + i} (x)</th><td><p>uppercase maps strangely (same as "
                  f"for {105 + i}, i), and subject to hyphenation</p></td></tr>" for i in range(5))
    second = ("<section class='subsection'><h2>3.2 Problematic positions</h2>"
              f"{para(PARAS[5])}{para(PARAS[6])}<div class='para'><p>{PARAS[7]}</p>"
              f"<table class='tabular'><tbody class='tbody'>{odd}</tbody></table>"
              f"<p>{PARAS[8]}</p></div>"
              f"{para(PARAS[9])}</section>")
    return ("<html><head><title>3 Restrictions - Encoding guide</title></head><body>"
            "<div class='page-main'><header><a href='./'>Encoding guide</a></header>"
            f"<div class='page-content'><section class='{cls}'><h1>3 Restrictions</h1>"
            f"{first}{second}</section>{extra}</div>"
            "<footer><a href='S2.html'>Previous</a> <a href='S4.html'>Next</a></footer>"
            "</div></body></html>")


def test_a_section_whose_class_says_authors() -> None:
    text = extract(section_page(), URL).text
    assert_kept(text, *PARAS)


def test_a_footer_section_under_an_h2_stays_chrome() -> None:
    # hostile: a short page's licence footer set as a section under its own h2 in a layout
    # table's cell (tests/test_extract_short_pages.py's shape): it opens with no h1, so
    # its class still says chrome, and the page's short list is the content
    html = short_page("TODO", "<div class='itemizedlist'><ul><li>Document concepts</li>"
                      "<li>Implementation of I/O is rudimentary</li><li>Consider runtime "
                      "variant</li></ul></div>")
    html = html.replace("<div class='copyright-footer'>",
                        "<section class='copyright-footer'><h2>Licence</h2>")
    html = html.replace("</p></div></td>", "</p></section></td>")
    assert "<section class='copyright-footer'><h2>" in html and "</p></section></td>" in html
    text = extract(html, URL).text
    assert_kept(text, "Document concepts", "Consider runtime variant")
    assert "distributed" not in words(text)
