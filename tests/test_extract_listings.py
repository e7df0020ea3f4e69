"""Every page whole (issue 26): a section's block of code listings (a configuration's
files, each under a line naming it) is the section's, not the page's content: it wins the
scoring by its number of listings (each ``pre`` scored as a paragraph), and the article
around it is the content (Shorewall's "Xen my way", DocBook XSL: 58.2 %); the hostile
shape beside: a paste's files, then its readers' comments, under no title of their own."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept


def listings(n: int = 24) -> str:
    """A block of configuration files: a line naming each, then its listing."""
    rules = "rule ACCEPT loc net tcp 22\n" * 8
    return "".join(f"<p>/etc/tapeworm/conf.d/file{i}.conf:</p><pre class='programlisting'>"
                   f"#ZONE TYPE OPTIONS\nzone{i} ipv4 -\n{rules}</pre>" for i in range(n))


def section(level: int, title: str, body: str) -> str:
    """A DocBook XSL section: its title block, then its body."""
    return (f"<div class='section'><div class='titlepage'><div><div><h{level} class='title'>"
            f"{title}</h{level}></div></div></div>{body}</div>")


def test_a_sections_block_of_listings_is_the_sections_not_the_page() -> None:
    # the article's sections of prose, then a subsection introducing the configuration
    # files in a blockquote of listings, a diagram above them, a script after them: the
    # blockquote won and stood for its subsection, the subsection for the page
    parts = "".join(section(2, f"Part {i}", f"<p>Part {i} explains the network. {LOREM}</p>"
                            f"<p>{LOREM}</p>") for i in range(3))
    script = "ip link set tap0 up\n" * 40
    config = section(3, "The firewall's configuration", (
        f"<p>In the host, I run a three-interface firewall. {LOREM}</p><div align='center'>"
        f"<img src='net.png'></div><p>{LOREM}</p><p>{LOREM}</p><p>The files are shown "
        "below, as they are, comments and all.</p><div class='blockquote'><blockquote "
        f"class='blockquote'>{listings()}</blockquote></div><p>The bridge is made by a "
        "script of its own:</p><div class='blockquote'><blockquote class='blockquote'><pre "
        f"class='programlisting'>{script}</pre></blockquote></div>"))
    domains = section(3, "The domains", (
        "<p>The domains are three, one runs <a href='proxy.html'>a proxy</a>. "
        f"{LOREM}</p>" + f"<p>{LOREM}</p>" * 3))
    after = section(2, "After the move", f"<p>Then the systems moved. {LOREM}</p>{domains}"
                    f"{config}")
    page = ("<html><body><div class='article'><div class='titlepage'><h2 class='title'>"
            f"The host my way</h2></div>{parts}{after}</div></body></html>")
    e = extract(page, URL)
    assert_kept(e.text, "Part 0 explains the network", "Part 2 explains the network",
                "Then the systems moved", "The domains are three",
                "I run a three-interface firewall", "/etc/tapeworm/conf.d/file23.conf:",
                "zone23 ipv4", "The bridge is made by a script")


def test_a_pastes_listings_stay_apart_from_its_readers_comments() -> None:
    # hostile: a paste's files (a name line and a listing each), then what its readers
    # said, in a wrapper under no title of its own: the comments are no text of the files'
    said = ("this worked for me on the second try after a reboot and a look at the logs "
            "of the firewall which said nothing of the zones until the rules were loaded ") * 3
    comments = "".join(f"<div class='note'><p>Reader {i} wrote: {said}</p></div>"
                       for i in range(2))
    page = (f"<html><body><div class='wrap'><div class='files'>{listings()}</div>"
            f"<div class='said'>{comments}</div></div></body></html>")
    e = extract(page, URL)
    assert "zone23 ipv4" in e.text
    assert "Reader 1 wrote" not in e.text
