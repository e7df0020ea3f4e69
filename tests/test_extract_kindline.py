"""Brief 65: the kind line of a one-line entry's header ("Method" over its title)."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL

SIDE = "".join(f'<a href="method.Border.m{i}.html">m{i}</a> ' for i in range(12))


def one_line_entry(kind_line: str) -> str:
    """A reference entry of one line: a side menu, then a section whose header holds a
    short line and the entry's title, and a block with its declaration and description."""
    return f"""<html><head><title>Gtk.Border.free</title></head><body>
<div id="wrap"><nav class="sidebar"><h3><a href="index.html">Gtk</a></h3>
<div class="links">{SIDE}</div></nav>
<section id="main" class="content">
  <header>{kind_line}<h1><a href="index.html">Gtk</a><span class="sep"></span><a href="b.html">Border</a><span class="sep"></span>free</h1></header>
  <section>
    <div class="declaration"><h4 id="declaration">Declaration</h4>
      <pre><code>void
gtk_border_free (GtkBorder* border_)</code></pre></div>
    <div class="description"><h4 id="description">Description</h4>
      <div class="docblock"><p>Frees a GtkBorder and every resource it holds.</p></div>
    </div>
  </section>
</section></div></body></html>"""


def test_the_kind_line_above_a_one_line_entrys_title_is_kept() -> None:
    text = extract(one_line_entry("<h3>Method</h3>"), URL).full_text
    assert "Frees a GtkBorder" in text
    assert "Method" in text


def test_a_sites_name_linked_above_the_title_still_goes() -> None:
    text = extract(one_line_entry('<p><a href="/">Gadget Weekly</a></p>'), URL).full_text
    assert "Frees a GtkBorder" in text
    assert "Gadget Weekly" not in text
