"""Another page's member index, folded under a toggle row in a page's table of members, is
no content of this page (``_othermembers.another_pages_members``, asked by
``_clean.basic_clean``).

The shape: a class's table of members, its own rows, then a group per base class: a header
row whose cell opens the group on a click and names the base's page, and the base's rows,
each linking into the base's page (Doxygen's "Public Member Functions inherited from ...").
The hostile shape: a group of the page's own members folded the same way (links to anchors
of this page), which is the page's content.
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept, page


def member(name: str, href: str, doc: str, group: str) -> str:
    return (f"<tr class='memitem:{name} {group}'><td class='memItemLeft'>void&#160;</td>"
            f"<td class='memItemRight'><a class='el' href='{href}'>{name}</a> ()</td></tr>"
            f"<tr class='memdesc:{name} {group}'><td class='mdescLeft'>&#160;</td>"
            f"<td class='mdescRight'>{doc} <a href='{href}'>More...</a></td></tr>")


def toggle(title: str, base: str, group: str) -> str:
    return (f"<tr class='inherit_header {group}'><td colspan='2' onclick=\"toggle('{group}')\">"
            f"<img src='closed.png' alt='-'/>&#160;{title} inherited from "
            f"<a class='el' href='{base}.html'>{base}</a></td></tr>")


OWN = "".join(member(f"append{i}", f"#own{i}", f"Appends record {i} to the file.", "own")
              for i in range(4))
BASE_ROWS = "".join(member(f"setLayout{i}", f"Appender.html#a{i}",
                           f"Sets the base's layout number {i}.", "pub_Appender")
                    for i in range(8))
OBJECT_ROWS = "".join(member(f"addReference{i}", f"SharedObject.html#r{i}",
                             f"Counts a base's reference {i}.", "pub_SharedObject")
                      for i in range(3))


def class_page(groups: str) -> str:
    return page("<div class='header'><div class='title'>FileAppender Class Reference</div>"
                f"</div><div class='contents'><p>{LOREM}</p><table class='memberdecls'>"
                f"<tr class='heading'><td colspan='2'><h2>Public Member Functions</h2></td>"
                f"</tr>{OWN}{groups}</table><h2>Detailed Description</h2><p>{LOREM}</p>"
                "</div>")


def test_a_base_pages_members_folded_under_a_toggle_row_go() -> None:
    html = class_page(toggle("Public Member Functions", "Appender", "pub_Appender")
                      + BASE_ROWS
                      + toggle("Public Member Functions", "SharedObject", "pub_SharedObject")
                      + OBJECT_ROWS)
    e = extract(html, URL)
    assert_kept(e.text, "Appends record 3 to the file", "Public Member Functions inherited "
                "from Appender", "inherited from SharedObject")
    assert "base's layout" not in e.text and "base's reference" not in e.text


def test_a_pages_own_members_folded_under_a_toggle_row_are_kept() -> None:
    # the page's own members, folded the same way: its content (fails with
    # _othermembers:_into_named_page=true)
    own = "".join(member(f"close{i}", f"#close{i}", f"Closes handle number {i} of the file.",
                         "pro_own") for i in range(6))
    html = class_page(toggle("Protected Member Functions", "FileAppender", "pro_own") + own)
    e = extract(html, URL)
    assert_kept(e.text, *[f"Closes handle number {i} of the file" for i in range(6)])
