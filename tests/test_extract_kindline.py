"""An entry header's kind line ("Method" over a one-line entry's title, gi-docgen's method
pages) is the page's; a label of chrome over a title in the same header is not."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL

SIDE = "".join(f'<a href="method.Border.m{i}.html">m{i}</a> ' for i in range(12))
TITLE = ('<h1><a href="index.html">Gtk</a><span class="sep"></span>'
         '<a href="b.html">Border</a><span class="sep"></span>free</h1>')
DECLARATION = "".join((
    '<div class="docblock c-decl"><pre><code><div class="highlight"><pre><span></span>',
    '<span class="kt">void</span>\n<span class="n">gtk_border_free</span>',
    '<span class="w"> </span><span class="p">(</span><span class="n">GtkBorder</span>',
    '<span class="o">*</span><span class="w"> </span><span class="n">border_</span>',
    '<span class="p">)</span></pre></div></code></pre></div>'))


def one_line_entry(kind_line: str) -> str:
    """A reference entry of one line: a side menu, then a section whose header holds a
    short line and the entry's title, and a block with its declaration and description.
    The declaration's listing is highlighted as a generator writes it, a ``div`` in the
    ``code``: the scorer then picks the block beside the header, and the line is lost
    unless the header is kept (a plain listing keeps the whole section chosen)."""
    return f"""<html><head><title>Gtk.Border.free</title></head><body>
<div id="wrap"><nav class="sidebar"><h3><a href="index.html">Gtk</a></h3>
<div class="links">{SIDE}</div></nav>
<section id="main" class="content">
  <header>{kind_line}{TITLE}</header>
  <section>
    <div class="declaration toggle-wrapper"><h4 id="declaration">Declaration</h4>
      {DECLARATION}
    </div>
    <div class="description toggle-wrapper"><h4 id="description">Description</h4>
      <div class="docblock"><p>Frees a <code>GtkBorder</code>.</p></div>
    </div>
  </section>
</section></div></body></html>"""


def test_the_kind_line_above_a_one_line_entrys_title_is_kept() -> None:
    text = extract(one_line_entry("<h3>Method</h3>"), URL).full_text
    assert "Frees a GtkBorder." in text
    assert "Method" in text


def test_a_sites_name_linked_above_the_title_still_goes() -> None:
    text = extract(one_line_entry('<h3><a href="/">Gadget Weekly</a></h3>'), URL).full_text
    assert "Frees a GtkBorder." in text
    assert "Gadget Weekly" not in text


def test_a_share_label_above_the_title_still_goes() -> None:
    # (a plain short line over the title, in the same header, that labels chrome: the share
    # bar it headed is gone, and its label with it; fails with `_kindline:_chrome_label=false`)
    text = extract(one_line_entry("<h3>Share this</h3>"), URL).full_text
    assert "Frees a GtkBorder." in text
    assert "Share this" not in text
