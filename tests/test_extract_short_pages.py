"""Every page whole (issue 26): a short page between its generator's chrome keeps its text,
and the chrome stays out (Boost's documentation, BoostBook: a header table of logo and
menu, ``div.spirit-nav`` bars, and a copyright footer set in a layout table's cell,
``<td><div class="copyright-footer">``, two sentences of licence).

- A page of one heading and one sentence ("Doug Gregor ported the documentation to the
  BoostBook format."): its block is too small beside the page's other text to be the
  content alone (``_whole._too_small``), and the footer, chrome by its part's class
  (``_stats.chrome_text``), now counts as chrome as a footer by its own class did; the
  page's content had been the body, and the sentence went with the headline's block.
- A page of a heading and a list of fragments (a to-do list), whose items score nothing:
  the footer's cell was the best block; a block that is nearly all chrome by its parts'
  classes is chrome's wrapper (``_select._holds_chrome``), and the page is what is left
  once its bars go (``navigation_won``).
"""

from __future__ import annotations

import re

from trawl.extract import extract

from .test_extract_whole import URL

HEADER = ("<table width='100%'><tr><td><img alt='Libraries' src='logo.png'></td>"
          "<td><a href='/index.html'>Home</a></td><td><a href='/libs.html'>Libraries</a></td>"
          "<td><a href='/people.html'>People</a></td><td><a href='/faq.html'>FAQ</a></td>"
          "</tr></table><hr><div class='spirit-nav'><a href='prev.html'>Prev</a> "
          "<a href='up.html'>Up</a> <a href='next.html'>Next</a></div>")
FOOTER = ("<table width='100%'><tr><td></td><td><div class='copyright-footer'>Copyright © "
          "2001-2004 Jane Doe<br>Copyright © 2012 John Roe<p>Distributed under the Software "
          "License, Version 1.0. (See accompanying file LICENSE_1_0.txt or copy at <a "
          "href='https://example.org/LICENSE_1_0.txt'>https://example.org/LICENSE_1_0.txt</a>)"
          "</p></div></td></tr></table><hr><div class='spirit-nav'><a href='prev.html'>Prev"
          "</a> <a href='up.html'>Up</a> <a href='next.html'>Next</a></div>")


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


def page(title: str, section: str, self_link: bool = False) -> str:
    # (BoostBook links some sections' titles to their own page)
    head = f"<a class='link' href='page.html' title='{title}'>{title}</a>" if self_link \
        else title
    return (f"<html><head><title>{title}</title></head><body>{HEADER}<div class='section'>"
            f"<div class='titlepage'><div><div><h2 class='title'>{head}</h2></div></div>"
            f"</div>{section}</div>{FOOTER}</body></html>")


def test_a_page_of_one_sentence_keeps_it_and_leaves_the_footer_out() -> None:
    e = extract(page("Acknowledgements", "<p>Doug Gregor ported the documentation to the "
                     "BoostBook format.</p>"), URL)
    assert "Doug Gregor ported the documentation to the BoostBook format." in e.text
    assert not {"Distributed", "Libraries"} & words(e.text)


def test_a_page_of_a_short_list_keeps_it_and_leaves_the_footer_out() -> None:
    e = extract(page("TODO", "<div class='itemizedlist'><ul><li>Document concepts</li>"
                     "<li>Implementation of I/O is rudimentary</li><li>Consider runtime "
                     "variant</li></ul></div>"), URL)
    assert {"Document concepts", "Consider runtime variant"} <= set(e.text.splitlines())
    assert "Distributed" not in words(e.text)


def test_a_short_block_beside_an_index_of_no_chrome_still_takes_the_index() -> None:
    # hostile: a page that is mostly a list of links of its own (an index: no class of it
    # says chrome) beside a short block: the page's content is where the index is
    index = "<table>" + "".join(
        f"<tr><td><a href='/f{i}.html'>function_{i}</a></td><td><a href='/h{i}.html'>"
        f"header_{i}.hpp</a></td></tr>" for i in range(40)) + "</table>"
    e = extract("<html><head><title>Index</title></head><body><div><h2>Index</h2><p>This "
                "page lists every function of the library, with its header.</p></div>"
                f"{index}{FOOTER}</body></html>", URL)
    assert {"function_0", "function_39", "header_20"} <= words(e.text)


def test_a_page_of_one_short_paragraph_keeps_it_over_the_footer() -> None:
    # the footer's cell outscored the page's own paragraph (two short sentences) and its
    # list of linked names: chrome is the content only when nothing of the page's own
    # scored (_select.outside_chrome)
    e = extract(page("Related Work", "<p>\n      There are a number of similar libraries in "
                     "existence. I'm aware of at least\n      three.\n    </p><div class="
                     "'itemizedlist'><ul class='itemizedlist'><li class='listitem'>\n"
                     "<a href='https://example.org/i/'>Interfaces</a>\n by Jane Roe\n</li>"
                     "<li class='listitem'>\n<a href='https://example.org/p.html'>Poly</a>\n"
                     "</li><li class='listitem'>\n<a href='https://example.org/d/'>dynamic_any"
                     "</a>\n by John Doe\n</li></ul></div>", self_link=True), URL)
    assert "I'm aware of at least three." in e.text
    assert "Distributed" not in words(e.text)


def test_a_page_of_links_keeps_them_and_not_the_menu() -> None:
    # hostile: the page's own text is a paragraph of links only, and the body, which holds
    # it, the footer and the header's menu (no class says menu), scored too: the page's own
    # is what is not around the chrome
    e = extract(page("Modelled Concepts", "<p><a href='https://example.org/r'>Random Access "
                     "Container</a>, <a href='https://example.org/f'>Front Insertion "
                     "Sequence</a></p>"), URL)
    assert "Random Access Container" in e.text
    assert not {"Libraries", "Distributed"} & words(e.text)
    # (one link alone: the body, which holds the footer, outscores it, and is no page's own)
    e = extract(page("Modelled Concepts", "<p><a href='https://example.org/r'>Random Access "
                     "Container</a></p>"), URL)
    assert "Random Access Container" in e.text
    assert "Distributed" not in words(e.text)
