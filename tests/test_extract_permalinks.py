"""A reference entry's term line whose links lead to its own place (issue 26, HAProxy's
configuration manual: ``<a name="3.1-ulimit-n"></a><div class="keyword"><b><a
href="#3.1-ulimit-n">ulimit-n</a></b> &lt;number&gt;</div>`` over the entry's text) is the
entry's term, no block of links (``_permalinks.self_linked``): its link is the entry's
address, as a heading's ``¶``."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL

KEYWORDS = ("ulimit-n", "maxcompcpuusage", "maxcomprate", "maxconn", "maxsslconn",
            "maxzlibmem", "noepoll", "nokqueue")


def entry(name: str, link: str = "") -> str:
    href = link or f"#3.1-{name}"
    return (f"<a class='anchor' name='{name}'></a><a class='anchor' name='3.1-{name}'></a>"
            f"<div class='keyword'><b><a class='anchor' name='{name}'></a>"
            f"<a href='{href}'>{name}</a></b> <span style='color: #080'>&lt;number&gt;</span>"
            "</div><pre class='text'>Sets the maximum value the process accepts for this "
            "setting. It is recommended not to change it unless the default is known to be "
            "too low for the load, since a bigger value costs memory.\n</pre>")


def manual(link: str = "") -> str:
    return ("<html><head><title>Configuration Manual</title></head><body>"
            "<div id='page-wrapper'><a name='top'></a><h1>Configuration Manual</h1>"
            "<h2>3.1. Process management and security</h2>"
            + "".join(entry(k, link) for k in KEYWORDS) + "</div></body></html>")


def test_an_entrys_term_linking_to_its_own_place_is_its_term() -> None:
    e = extract(manual(), URL)
    for name in KEYWORDS:
        assert f"{name} <number>" in e.text, name


def test_a_line_of_links_to_another_place_is_still_links() -> None:
    # each line links the page's top ("#top", an anchor far before it, past other
    # entries): a way back, no entry's address
    e = extract(manual("#top"), URL)
    assert "Sets the maximum value" in e.text
    assert "ulimit-n <number>" not in e.text
