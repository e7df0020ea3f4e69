"""Hostile tests for guards no test checked (brief 89): each fails when its guard is
loosened with ``bench.loosen``.

- ``_apinames._in_entry`` (the guard of ``names_in_entry``): a list of an API's names is
  kept inside an entry that says something of its own; a sidebar's outline of the same
  names, in its own column, says nothing besides them and goes;
- ``_decl._binding_list`` (a list of a type's binding lines, in ``type_binding``): a box
  holding a list of links of another shape (a "Read next" list of stories) is a block of
  links, and goes;
- ``_tooltips._inline_box`` (the guard of ``tooltip_box``): a box of blocks in a trigger
  whose class names a tooltip (a framework's documentation drawing a tooltip as it
  appears) is the page's content;
- ``_memberindex._targets_after``: a bar of links to places no element defines (a
  script's filter states) is no index of the page's members;
- ``_memberindex._in_chrome`` is gone: every box it would have spoken of (a ``nav``, an
  ``aside``, a ``header`` or ``footer``, a class saying navigation) goes before prune asks,
  and on 2,519 pages of 14 sets it decided nothing; it answered only for a page laid out in
  a wrapper whose class says navigation, whose index it lost (the last test).
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_member_index import class_page, index
from .test_extract_whole import LOREM, URL, assert_kept, page

NAMES = ("ArrayBuffer", "DataView", "SharedArrayBuffer", "TypedArray")


def test_a_sidebar_outline_of_names_in_its_own_column_goes() -> None:
    # (fails with `_apinames:_in_entry=true`: the column's names, each linked to the page
    # named after it, one written as a program writes it, read as an entry's list)
    outline = ("<div class='col-b'><div class='pane'><div class='box'><ul>" + "".join(
        f"<li><a href='{n}.html'>{n}</a></li>" for n in NAMES) + "</ul></div></div></div>")
    body = (f"<div class='col-a'><h1>Buffers</h1><p>{LOREM}</p><p>{LOREM}</p>"
            f"<p>{LOREM}</p></div>{outline}")
    text = extract(page(body), URL).text
    assert_kept(text, LOREM)
    assert "SharedArrayBuffer" not in text, text


STORIES = ("How the harbour was rebuilt after the storm", "The last ferry to the island",
           "A market that opens at dawn")


def test_a_box_holding_a_list_of_stories_goes() -> None:
    # (fails with `_decl:_binding_list=true`: the box, its one linked part a list, read as
    # an entry's block of type lines)
    box = ("<div class='more'><h4>Read next</h4><ul>" + "".join(
        f"<li><a href='/stories/{n}.html'>{s}</a></li>" for n, s in enumerate(STORIES))
        + "</ul></div>")
    story = [f"Part {i} of the walk along the coast, from the harbour to the cliffs. {LOREM}"
             for i in range(4)]
    html = ("<html><head><title>A walk on the coast</title></head><body><article>"
            "<h1>A walk on the coast</h1>" + "".join(f"<p>{p}</p>" for p in story[:2])
            + box + "".join(f"<p>{p}</p>" for p in story[2:]) + "</article></body></html>")
    text = extract(html, URL).text
    assert_kept(text, *story)
    assert "last ferry" not in text, text


def test_a_tooltip_drawn_as_blocks_in_its_trigger_is_kept() -> None:
    # a framework's documentation shows a tooltip open over its trigger, as it appears: the
    # trigger a word whose class names a tooltip, the box in it a block of blocks (fails
    # with `_tooltips:_inline_box=true`)
    demo = ("<span class='tooltip-demo'>Hover this word<div class='tooltip-panel'>"
            "<div class='tooltip-title'>Tooltip title</div><div class='tooltip-body'>The "
            "panel shows over the word it explains, with a title and a body.</div></div>"
            "</span>")
    e = extract(page(f"<h1>Tooltips</h1><p>{LOREM}</p><div class='example'>{demo}</div>"
                     f"<p>{LOREM}</p>"), URL)
    assert_kept(e.text, "The panel shows over the word it explains, with a title and a body.")


def test_a_bar_of_links_to_places_no_element_defines_goes() -> None:
    # a script's filter bar under its heading, each state a link whose anchor is its word
    # ("#open": the script reads it; nothing on the page has that id), before a list of
    # tickets: no index of the page's members, whose entries follow it (fails with
    # `_memberindex:_targets_after=true`)
    bar = ("<div class='filters'><h5>Show</h5><ul>" + "".join(
        f"<li><a href='#{s}'>{s}</a></li>" for s in ("all", "open", "closed", "merged")) +
        "</ul></div>")
    tickets = "".join(f"<h3 id='t{n}'>Ticket {n}</h3><p>Ticket {n} says what broke. {LOREM}</p>"
                      for n in range(4))
    html = ("<html><head><title>Tickets</title></head><body><article><h1>Tickets</h1>"
            f"<p>{LOREM}</p>{bar}{tickets}</article></body></html>")
    text = extract(html, URL).text
    assert_kept(text, LOREM, "Ticket 3 says what broke.")
    assert "merged" not in text.split(), text


def test_an_index_in_a_page_laid_out_in_a_navigation_wrapper_is_kept() -> None:
    # the page's column in a layout wrapper whose class says navigation ("nav-wrapper",
    # "menu-open"): its index is the page's (failed with `_memberindex._in_chrome`, which
    # read every ancestor up to the root)
    html = class_page(index()).replace(
        "<div class='col-content'>", "<div class='nav-wrapper'><div class='col-content'>"
    ).replace("</body>", "</div></body>")
    text = extract(html, URL).text
    assert "closed? add remove unsubscribe" in " ".join(text.split()), text
