"""Every page whole (issue 26): a name that a list or a table defines is no ad's label, even
when it reads like one ("AD", Active Directory, in a list of acronyms; "Related", a column's
value in a table of key words), read by ``_boiler._named_term``. An ad's label in a story's
flow, or in a cell of a layout table, still goes."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_docbook import navheader
from .test_extract_index import STORY
from .test_extract_manuals3 import NAVFOOTER
from .test_extract_whole import URL, assert_kept, words

ACRONYMS = (("ACL", "Access Control List"), ("AD", "Active Directory"),
            ("ANSI", "American National Standards Institute"), ("API", "Application "
            "Programming Interface"), ("ASCII", "American Standard Code for Information "
            "Interchange"))


def appendix(title: str, body: str) -> str:
    return (f"<html><head><title>{title}</title></head><body>{navheader(title)}<div "
            f"class='appendix'><div class='titlepage'><h1 class='title'>{title}</h1></div>"
            f"{body}</div>{NAVFOOTER}</body></html>")


def test_an_acronym_reading_like_an_ad_label_is_kept() -> None:
    # a manual's list of acronyms: the term "AD" went as an ad's label
    entries = "".join(f"<dt><span class='term'><code class='acronym'>{a}</code></span></dt>"
                      f"<dd><p>{meaning}</p></dd>" for a, meaning in ACRONYMS)
    e = extract(appendix("Appendix L. Acronyms", "<p>This is a list of acronyms commonly "
                         "used in the manual and in discussions about the server.</p><div "
                         f"class='variablelist'><dl>{entries}</dl></div>"), URL)
    assert_kept(e.text, "ACL Access Control List AD Active Directory ANSI")


def test_a_tables_cell_reading_like_an_ad_label_is_kept() -> None:
    # a table of key words with a header row: a cell "Related" is a value, not a label
    rows = "".join(f"<tr><td><code class='token'>{w}</code></td><td>{kind}</td></tr>"
                   for w, kind in (("ABORT", "non-reserved"), ("RELATIVE", "Related"),
                                   ("ALL", "reserved"), ("ANALYSE", "Related")))
    table = ("<div class='table'><p class='title'><b>Table C.1. Key Words</b></p><table "
             f"class='table' border='1'><thead><tr><th>Key Word</th><th>Kind</th></tr>"
             f"</thead><tbody>{rows}</tbody></table></div>")
    e = extract(appendix("Appendix C. Key Words", "<p>Table C.1 lists the tokens that are "
                         f"key words in the server's dialect of the language.</p>{table}"), URL)
    assert_kept(e.text, "RELATIVE Related ALL reserved ANALYSE Related")


def test_an_ad_label_in_a_layout_tables_cell_still_goes() -> None:
    # hostile: an old site's layout table, its story in one cell and "ADVERTISEMENT" in a
    # cell of its own (no header row: a layout, not data); and a label between paragraphs
    html = ("<html><head><title>Budget vote</title></head><body><table><tr><td><h1>Budget "
            f"vote</h1>{STORY}</td><td>ADVERTISEMENT</td></tr></table><div><p>Sponsored</p>"
            "</div></body></html>")
    e = extract(html, URL)
    assert "Paragraph 5 of the story" in e.text
    for label in ("advertisement", "sponsored"):
        assert label not in words(e.text), label
