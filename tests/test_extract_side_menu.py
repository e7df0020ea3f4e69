"""Every page whole without taking in chrome (issue 26): a short page beside a side menu of
every module and function of its application (erl_docgen's ``aside`` of a ``ul`` per
module), which boilerplate removal spares since it is most of the page's text.

- A short reference page (a module's name, summary, a description of two lines and a types
  block): its container scored little more than the description and the types block inside
  it, and the container was widened to its parent, the column of the menu too, as if the
  content were spread over the parent's children (``_select._widen``); it is not when every
  best candidate is inside the container already (``_select._within``).
- A cover page (a title, a version, a date: nothing a paragraph long): nothing of its own
  scored, and the page was its body, menu and all; the menu, mostly links beside a column
  of the page's own holding a heading, goes (``_sidemenu.side_menus``). A site map (a
  heading over a list of links, no column beside it) keeps its list.
"""

from __future__ import annotations

import re

import lxml.html

from trawl.extract import extract
from trawl.extract._select import _widen

URL = "https://example.org/doc/page.html"


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


def menu(modules: int = 40, functions: int = 12) -> str:
    # (erl_docgen's: a module's name, no link, over its page's and its functions' links)
    items = "".join(
        f"<li title='mod{m}'>mod{m}<ul>"
        f"<li><a href='mod{m}.html'>Top of manual page</a></li>"
        + "".join(f"<li><a href='mod{m}.html#fun{f}-1'>menufun{m}x{f}/1</a></li>"
                  for f in range(functions))
        + "</ul></li>" for m in range(modules))
    return ("<aside id='leftnav'><nav class='leftnav-tube'><p class='section-title'>Widgets</p>"
            "<ul class='panel-sections'><li><a href='users_guide.html'>User's Guide</a></li>"
            "<li><a href='index.html'>Reference Manual</a></li></ul>"
            f"<h3>Table of Contents</h3><ul class='flipMenu'>{items}</ul></nav></aside>")


def page(content: str, side: str = "") -> str:
    return ("<html><head><title>Page</title></head><body><div id='container'>"
            "<div class='topbar'><div class='topbar-title'><h1>Widgets</h1></div></div>"
            f"{side or menu()}<div id='content'>{content}"
            "<div class='footer'><hr><p>Copyright © 2009-2026 Example AB. All Rights "
            "Reserved.</p></div></div></div></body></html>")


SHORT_MODULE = (
    "<div class='innertube'><center><h1>wxCanvasPane</h1></center></div>"
    "<div class='innertube'><h3 id='module'><div class='title-name'>Module</div></h3>"
    "<div class='REFBODY module-body'>wxCanvasPane</div></div>"
    "<div class='innertube'><h3 id='module-summary'><div class='title-name'>Module Summary"
    "</div></h3><div class='REFBODY module-summary-body'>Functions for wxCanvasPane class"
    "</div></div>"
    "<section class='description'><div class='innertube'><h3 id='description'>"
    "<div class='title-name'>Description</div></h3><div class='REFBODY description-body'>"
    "<p>A canvas pane is the default pane used by the print preview system to display "
    "the preview, scaled, of every page.</p><p>See: <a href='a.html'>wxPreviewFrame</a>, "
    "<a href='b.html'>wxPreviewControlBar</a></p><p>This class is derived (and can use "
    "functions) from: wxScrolledWindow wxPanel wxWindow</p></div></div></section>"
    "<div class='innertube'><h3 id='data-types'><div class='title-name'>Data Types</div>"
    "</h3><article class='data-types-body'><h4 id='type-wxCanvasPane'><div "
    "class='title-name'><span class='bold_code'><a name='type-wxCanvasPane'>"
    "wxCanvasPane()</a> = <a href='wx.html#type-wx_object'>wx:wx_object()</a></span>"
    "</div></h4><p>An opaque reference to the pane, a process's handle of it, valid "
    "until the pane is destroyed.</p></article></div>")


# erl_docgen's page of a wxErlang class (renamed): its description and types block score
# near the container that holds them, inside it (``_within``)
WX_MODULE = (
    '<div class="innertube"></div> <div class="innertube"><center><h1>wxCanvasPane</h1></ce'
    'nter></div> <div class="innertube"> <h3 id="module" class="title-link"> <div class="ti'
    'tle-name">Module</div> </h3> <div class="REFBODY module-body">wxCanvasPane</div> </div'
    '> <div class="innertube"> <h3 id="module-summary" class="title-link"> <div class="titl'
    'e-name">Module Summary</div> </h3> <div class="REFBODY module-summary-body">Functions '
    'for wxCanvasPane class, a pane</div> </div> <section class="description"><div class="i'
    'nnertube"> <h3 id="description" class="title-link"> <div class="title-name">Descriptio'
    'n</div> </h3> <div class="REFBODY description-body"><p><p>A canvas pane is the default'
    ' canvas used by the print preview system to display the preview. </p><p>See: <span cla'
    'ss="bold_code bc-19"><a href="wxPreviewFrame.html"><span class="code">wxPreviewFrame</'
    'span></a></span>, <span class="bold_code bc-19"><a href="wxPreviewControlBar.html"><sp'
    'an class="code">wxPreviewControlBar</span></a></span>, <span class="bold_code bc-19"><'
    'a href="wxPrintPreview.html"><span class="code">wxPrintPreview</span></a></span> </p> '
    '<p>This class is derived (and can use functions) from: <span class="bold_code bc-19"><'
    'a href="wxScrolledWindow.html"><span class="code">wxScrolledWindow</span></a></span> <'
    'span class="bold_code bc-19"><a href="wxPanel.html"><span class="code">wxPanel</span><'
    '/a></span> <span class="bold_code bc-19"><a href="wxWindow.html"><span class="code">wx'
    'Window</span></a></span> <span class="bold_code bc-19"><a href="wxEvtHandler.html"><sp'
    'an class="code">wxEvtHandler</span></a></span></p> <p>wxWidgets docs: <span class="bol'
    'd_code bc-20"><a href="https://docs.example.org/canvas_pane.html">wxCanvasPane</a></sp'
    'an></p> </p></div> </div></section> <div class="innertube"> <h3 id="data-types" class='
    '"title-link"> <div class="title-name">Data Types</div> </h3> <article class="data-type'
    's-body"><h4 id="type-wxCanvasPane" class="title-link data-type-name"> <div class="titl'
    'e-name"> <span class="bold_code bc-4"><a name="type-wxCanvasPane">wxCanvasPane()</a> ='
    ' <span class="bold_code bc-15"><a href="wx.html#type-wx_object">wx:wx_object()</a></sp'
    'an></span><br> </div> </h4> <div class="data-type-desc"></div></article> </div>')


def test_a_short_class_page_leaves_the_side_menu_out() -> None:
    e = extract(page(WX_MODULE), URL)
    assert "A canvas pane is the default canvas used by the print preview system" in e.text
    assert "This class is derived" in e.text
    assert not {"menufun3x4", "Contents", "mod7"} & words(e.text)


def test_a_short_reference_page_leaves_the_side_menu_out() -> None:
    e = extract(page(SHORT_MODULE), URL)
    assert "A canvas pane is the default pane used by the print preview system" in e.text
    assert "An opaque reference to the pane" in e.text
    assert not {"menufun3x4", "Contents", "mod7"} & words(e.text)


def spread(first: str, second: str) -> str:
    para = ("<p>The harbour was quiet that morning, and the boats, tied up in rows, knocked "
            "gently against each other while the gulls, hungry, circled over the nets, the "
            "crates and the fishermen mending them in the sun.</p>")
    return ("<html><head><title>Story</title></head><body>"
            "<div id='wrap'><div id='first'><h1>Harbour</h1>" + para * 2 +
            f"<div class='inner'>{para * 3}<p>{first}</p></div></div>"
            f"<div id='second'>{para * 3}<p>{second}</p></div></div>"
            "<div class='footer'><p>Copyright © 2024 Example Press.</p></div></body></html>")


def test_best_candidates_beside_the_chosen_block_still_widen_it() -> None:
    # the content spread over the parent's children: one best candidate inside the chosen
    # block, one beside it; the parent is the content (``_within`` is no reason not to)
    doc = lxml.html.document_fromstring(
        "<html><body><div id='page'><div id='wrap'><div id='first'><div id='inner'><p>a</p>"
        "</div></div><div id='second'><p>b</p></div></div></div></body></html>")
    root, first, inner, second = (doc.get_element_by_id(i)
                                  for i in ("wrap", "first", "inner", "second"))
    scores = {first: 37.0, inner: 33.0, second: 33.0, root: 20.0}
    assert _widen(first, scores) is root
    # every best candidate inside it: no spread, it stays
    para = inner[0]
    assert _widen(first, {first: 37.0, inner: 33.0, para: 30.0, second: 5.0, root: 5.0}) \
        is first


def test_an_article_spread_over_two_blocks_is_still_taken_whole() -> None:
    # the first half holds a strong block inside it, the second half is beside it: the
    # content is spread over the parent's children, one best candidate outside the first
    e = extract(spread("Mending nets is the first story's end.",
                       "The second half ends with the tide."), URL)
    assert "Mending nets is the first story's end." in e.text
    assert "The second half ends with the tide." in e.text
    assert "Copyright" not in e.text


COVER = ("<div class='innertube'><div class='frontpage'></div>"
         "<center><h1>Widgets Reference Manual</h1></center><center><h4>Version 2.2.1</h4>"
         "</center><center><h4>May  3, 2026</h4></center></div>")


def test_a_cover_page_keeps_its_title_version_and_date_not_the_menu() -> None:
    e = extract(page(COVER), URL)
    text = e.full_text
    assert "Widgets Reference Manual" in text
    assert "Version 2.2.1" in text
    assert "May 3, 2026" in " ".join(text.split())
    assert not {"menufun3x4", "Contents", "mod7", "Guide"} & words(text)


def test_a_cover_page_with_a_long_menu_entry_leaves_the_menu_out() -> None:
    # a menu entry long enough to score ("date_and_time_to_universal_time_dst/1")
    long_entry = ("<ul><li><a href='snmp.html#date_and_time_to_universal_time_dst-1'>"
                  "date_and_time_to_universal_time_dst/1</a></li></ul>")
    e = extract(page(COVER, menu().replace("</nav>", long_entry + "</nav>")), URL)
    text = e.full_text
    assert "Widgets Reference Manual" in text and "Version 2.2.1" in text
    assert not {"menufun3x4", "date_and_time_to_universal_time_dst", "Contents"} & words(text)


def test_a_site_map_keeps_its_list_of_links() -> None:
    # the list under the page's heading, no column of the page's own beside it: the page
    links = "".join(f"<li><a href='/s{i}.html'>Section number {i}</a></li>" for i in range(60))
    html = ("<html><head><title>Site map</title></head><body><div id='content'>"
            f"<h1>Site map</h1><nav><ul>{links}</ul></nav></div></body></html>")
    e = extract(html, URL)
    assert "Section number 7" in e.text and "Section number 59" in e.text


def test_a_short_article_leaves_its_side_menu_of_sections_out() -> None:
    side = ("<aside><nav><ul>" + "".join(
        f"<li><a href='/{s}/'>{s.title()}</a></li>" for s in
        ("news", "sport", "weather", "culture", "business", "science", "travel", "opinion"))
        + "</ul></nav></aside>")
    html = ("<html><head><title>Closed</title></head><body><div id='wrap'>" + side +
            "<div id='main'><h1>Library closed</h1><p>The town library is closed on Monday "
            "for repairs, and opens again on Tuesday morning.</p></div></div></body></html>")
    e = extract(html, URL)
    assert "The town library is closed on Monday" in e.text
    assert not {"Sport", "Weather", "Opinion"} & words(e.text)
