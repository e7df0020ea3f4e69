"""A tooltip's box, shown on hover beside the word or mark it explains, is no content
(``_tooltips.tooltip_box``, asked by ``_clean.basic_clean``).

The shape: rustdoc's "Notable traits" box after a method's return type in an
implementation's heading (24 of them on an iterator's page, 18 % of its words), and the
web's common CSS tooltip (a word in a ``span.tooltip`` holding its ``span.tooltiptext``).
The hostile shapes: the hovered word itself in an element whose class names a tooltip, and
a framework's documentation drawing a tooltip as it appears (blocks), which are content.
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept, page

BOX = "Notable traits for Chain implement Iterator where the item is the first's item"


def method_heading(name: str) -> str:
    return (f"<section class='method'><h4 class='code-header'>fn <a href='#m-{name}'>{name}"
            "</a>(self, other: U) -&gt; <a href='struct.Chain.html'>Chain</a>&lt;Self&gt;"
            "<span class='notable-traits'><span class='notable-traits-tooltip'>ⓘ"
            f"<span class='notable-traits-tooltiptext'><span class='notable'>{BOX}</span>"
            "<code>impl Iterator for Chain<br>type Item = A::Item;</code></span></span>"
            f"</span></h4><div class='docblock'><p>Method {name} of the trait. {LOREM}</p>"
            "</div></section>")


METHODS = "".join(method_heading(n) for n in ("chain", "zip", "cycle"))


def test_a_tooltips_box_in_a_heading_goes() -> None:
    e = extract(page(f"<h1>Struct Bytes</h1><p>{LOREM}</p>{METHODS}"), URL)
    assert_kept(e.text, "fn chain(self, other: U) -> Chain<Self>", "Method cycle of the trait")
    assert "Notable traits" not in e.text


def test_a_tooltips_box_in_a_line_of_prose_goes() -> None:
    word = ("<span class='tooltip'>idempotent<span class='tooltiptext'>Tooltip: an operation "
            "that has the same effect however many times it runs</span></span>")
    e = extract(page(f"<h1>Retries</h1><p>A request is retried only when it is {word}. "
                     f"{LOREM}</p><p>{LOREM}</p>"), URL)
    assert_kept(e.text, "retried only when it is idempotent.")
    assert "same effect" not in e.text


def test_the_hovered_word_in_a_tooltips_wrapper_is_kept() -> None:
    # the word the box explains, in an element of its own whose class names a tooltip too,
    # before the box: the line's word (fails with _tooltips:_after_its_word=true)
    word = ("<span class='has-tooltip'><a class='tooltip-trigger' href='/glossary#oauth'>"
            "OAuth</a><span class='tooltip-text'>An open standard for delegated "
            "access</span></span>")
    e = extract(page(f"<h1>Sign-in</h1><p>The service signs users in with {word} tokens. "
                     f"{LOREM}</p><p>{LOREM}</p>"), URL)
    assert_kept(e.text, "signs users in with OAuth tokens")
    assert "delegated access" not in e.text


def test_a_tooltip_drawn_as_an_example_is_kept() -> None:
    # a framework's documentation shows its tooltip as it appears: blocks, the page's
    # content (kept by the trigger's test, an inline element, and by _inline_box)
    demo = ("<div class='tooltip bs-tooltip-top show' role='tooltip'><div class='tooltip-arrow'>"
            "</div><div class='tooltip-inner'>Tooltip on the top of its element</div></div>")
    e = extract(page(f"<h1>Tooltips</h1><p>{LOREM}</p><div class='example'>{demo}</div>"
                     f"<p>{LOREM}</p>"), URL)
    assert_kept(e.text, "Tooltip on the top of its element")
