"""Every page whole (issue 26): a numbered example's title over the listing that ends the
page ("Example 5.10. Encrypted entry in freetds.conf") went as a trailing date line ("5.10"
reads as a date): the walk up from the content's end saw its paragraphs only, and not the
listing after the title (FreeTDS's user guide, 94.9 %). The hostile shape beside: a story
ending with its dateline "Updated 3.4.2024" and a table of icons without text (links to
share it), which is no table the content shows: the dateline still goes."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_listings import section
from .test_extract_whole import LOREM, URL, assert_kept


def example(number: str, name: str, host: str) -> str:
    """A DocBook XSL example: its numbered title, then its listing."""
    return (f"<div class='example'><a id='e{host}'></a><p class='title'><strong>Example "
            f"{number}. {name} entry in <code class='filename'>freetds.conf</code></strong>"
            "</p><div class='example-contents'><pre class='programlisting'>\n\t[server]\n\t"
            f"host = {host}\n\tport = 1433\n\t</pre></div></div><br class='example-break'>")


def test_a_numbered_examples_title_over_the_last_listing_is_kept() -> None:
    steps = "".join(f"<li><p>Step {i}: {LOREM}</p></li>" for i in range(4))
    body = section(2, "stunnel HOWTO", (
        f"<p>To set up the library over stunnel, follow these steps. {LOREM}</p><div "
        f"class='orderedlist'><ol>{steps}<li><p>Set up the library to use the tunnel. If "
        "this is your unencrypted entry:</p>" + example("5.9", "Unencrypted", "win2k")
        + "<p>   the encrypted equivalent uses:</p>"
        + example("5.10", "Encrypted", "localhost") + "</li></ol></div>"))
    e = extract(f"<html><body>{body}</body></html>", URL)
    assert_kept(e.text, "Example 5.9. Unencrypted entry", "Example 5.10. Encrypted entry",
                "host = localhost")


def test_a_storys_dateline_before_a_table_of_icons_still_goes() -> None:
    # hostile: the story's dateline, then a table of icons (links to share it, pictures
    # without text): no table the content shows, and the dateline is still its last line
    story = "".join(f"<p>The script was changed, part {i}. {LOREM}</p>" for i in range(4))
    icons = "".join(f"<td><a href='/share/{n}'><img src='{n}.png' alt=''></a></td>"
                    for n in ("mail", "print", "feed"))
    page = ("<html><body><article><h1>The new release</h1>" + story + "<pre>make install\n"
            f"make check\n</pre><p>Updated 3.4.2024</p><table><tr>{icons}</tr></table>"
            "</article></body></html>")
    e = extract(page, URL)
    assert_kept(e.text, "The script was changed, part 3", "make install")
    assert "Updated" not in e.text
