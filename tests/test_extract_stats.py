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


def _index_page(lists: int) -> str:
    """A page of many short lists of links to places on other pages (a general index's
    letters), each asked of whether it is a table of contents."""
    blocks = "".join(
        f"<h2 id='l{n}'>Letter {n}</h2><ul>" + "".join(
            f"<li><a href='page{n}.html#e{n}-{i}'>entry {n}.{i}</a></li>" for i in range(8))
        + "</ul>" for n in range(lists))
    return (f"<html><body><div class='body'><h1 id='top'>Index</h1><p>{'Words. ' * 40}</p>"
            f"{blocks}</div></body></html>")


def test_the_page_anchors_are_collected_once_per_pass(monkeypatch) -> None:
    """prune and whole() ask contents_list of every list; the page's ids and names are
    collected once per pass, not once per list (334 walks of the whole page on the Python
    docs' general index, when one rule asked without the pass's memo)."""
    import importlib

    from trawl.extract import extract

    signals = importlib.import_module("trawl.extract._toc")
    real = signals._page_anchors
    asked: list[bool] = []  # (whether the set had to be collected)

    def counting(el, memo=None):  # type: ignore[no-untyped-def]
        top = el
        while top.getparent() is not None:
            top = top.getparent()
        asked.append(memo is None or (el.getroottree().getroot(), top) not in memo)
        return real(el, memo)

    monkeypatch.setattr(signals, "_page_anchors", counting)
    extract(_index_page(30), "https://example.com/genindex.html")
    assert len(asked) >= 30  # (the page is of the shape that asks: else this tests nothing)
    assert sum(asked) <= 4, (sum(asked), len(asked))
