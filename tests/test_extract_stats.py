"""Text statistics measured two ways agree: ``text_size`` (libxml2's text nodes) and
``_measure`` (element by element), on trees as extraction leaves them (tails merged by
dropped elements, whitespace at the joins, links in code)."""

from __future__ import annotations

from lxml import etree

from trawl.extract._clean import drop_tree
from trawl.extract._parse import parse
from trawl.extract._stats import _measure, _subtree_chars, _tree_chars, text_size

_PAGE = """<html><body><div id="main">
  <p>One <b> bold </b> tail , <a href="/x"> a link <i>in</i> it </a> after.</p>
  <div class="drop">gone</div>  text after a dropped block
  <p><span class="drop">x</span>   <span class="drop">y</span>  spaces  </p>
  <pre><code>def f(): <a href="/f">name</a> # in code</code></pre>
  <ul><li><a href="/1">one</a></li><li>  <a href="/2"><span> two </span> </a>  </li></ul>
  <p>\u00a0non-breaking\u00a0</p>
</div></body></html>"""


def _main() -> etree._Element:
    root = parse(_PAGE)
    for el in root.xpath("//*[@class='drop']"):
        drop_tree(el)  # (its tail joins the previous sibling's tail or the parent's text)
    main = root.find(".//div")
    assert main is not None
    return main


def test_text_size_counts_what_measure_counts() -> None:
    main = _main()
    st = _measure(main)[main]
    assert text_size(main) == (st.text, st.links)
    assert st.text > 0 and 0 < st.links < st.text


def test_tree_chars_is_subtree_chars() -> None:
    main = _main()
    for el in main.iter():
        assert _tree_chars(el) == _subtree_chars(el), etree.tostring(el)
