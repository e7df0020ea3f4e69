"""Every page whole (issue 26): Sphinx's alabaster theme and the Pallets theme built on it
(Flask's, Requests', pytest's docs, Debian python-flask-doc, python-requests-doc,
python-pytest-doc), and the source pages Sphinx's viewcode writes for their modules.

- A source page ("Source code for requests.cookies") is one ``pre`` whose documented
  classes and functions are each a ``div`` inside it (a "[docs]" link back to the entry),
  nested as a class nests its methods, the module's other lines between them. The biggest
  class's block outscored the listing and was chosen alone (``_listing.listing_whole``):
  a fifth of ``_pytest/_code/code.py`` kept. And a block whose ``id`` is a name that reads
  as chrome's (``RequestsCookieJar``: a cookie banner's token) went before scoring
  (``_listing.in_listing``). The guard of both (``_listing._own_lines``): the ``pre`` holds
  lines of its own between its blocks; a ``pre`` that only wraps blocks (a page laid out in
  one, its navigation and its article side by side) is no listing.
"""

from __future__ import annotations

import re

from trawl.extract import extract

from .test_extract_whole import URL

CHROME = ("<div class='related' role='navigation'><h3>Navigation</h3><ul><li><a "
          "href='/genindex.html'>index</a></li><li><a href='/py-modindex.html'>modules</a>"
          "</li><li><a href='/'>"
          "Project Documentation</a> &#187;</li><li><a href='/_modules/index.html'>Module code"
          "</a></li></ul></div>")
SIDEBAR = ("<div class='sphinxsidebar' role='navigation'><h3>Navigation</h3><ul><li><a "
           "href='/index.html'>Overview</a></li><li><a href='/api.html'>API</a></li></ul>"
           "<div id='searchbox' role='search'><form action='/search.html'><input name='q'>"
           "</form></div></div><div class='footer'>&#169; Copyright 2023 Example.</div>")


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


def method(name: str, n: int) -> str:
    body = "".join(f"        value_{name}_{i} = self._lookup_{name}(key_{i}, default)\n"
                   for i in range(n))
    return (f"<div class='viewcode-block' id='Jar.{name}'><a class='viewcode-back' "
            f"href='/api.html#Jar.{name}'>[docs]</a>    <span class='k'>def</span> "
            f"<span class='nf'>{name}</span>(self, key, default=None):\n"
            f"        <span class='sd'>\"\"\"Return the {name} of the key.\"\"\"</span>\n"
            f"{body}        return value_{name}_0\n</div>\n")


def source_page(class_id: str = "Jar", lines: int = 8, helpers: int = 3) -> str:
    jar = (f"<div class='viewcode-block' id='{class_id}'><a class='viewcode-back' "
           f"href='/api.html#{class_id}'>[docs]</a><span class='k'>class</span> "
           f"<span class='nc'>{class_id}</span>(MutableMapping):\n"
           "    <span class='sd'>\"\"\"A jar of values, looked up by their key.\"\"\"</span>\n"
           + "".join(method(n, lines) for n in ("get", "set", "update", "items", "keys"))
           + "</div>\n")
    helper = "".join(f"<span class='k'>def</span> <span class='nf'>helper_{i}</span>(path):\n"
                     f"    return path.strip().split(separator_{i})\n\n" for i in range(helpers))
    return ("<html><head><title>example.jar — Project documentation</title></head><body>"
            f"{CHROME}<div class='document'><div class='documentwrapper'><div class='bodywrapper'>"
            "<div class='body' role='main'><h1>Source code for example.jar</h1>"
            "<div class='highlight'><pre><span></span><span class='sd'>\"\"\"Jars of values."
            "\"\"\"</span>\n\n<span class='kn'>import</span> <span class='nn'>threading</span>\n"
            "<span class='kn'>from</span> <span class='nn'>collections.abc</span> <span "
            "class='kn'>import</span> MutableMapping\n\n" + helper
            + "<div class='viewcode-block' id='first'><a class='viewcode-back' href='/api.html"
            "#first'>[docs]</a><span class='k'>def</span> <span class='nf'>first</span>(jar):"
            "\n    return next(iter(jar))\n</div>\n\n" + jar
            + "\n<span class='n'>DEFAULT_SEPARATOR</span> = <span class='s2'>'/'</span>\n"
            "</pre></div></div></div></div></div>" + SIDEBAR + "</body></html>")


def test_source_page_listing_whole() -> None:
    text = extract(source_page(), URL).full_text
    # the module's own lines, before and after the class's block, and every block
    for word in ("threading", "helper_0", "helper_2", "DEFAULT_SEPARATOR", "first",
                 "value_get_0", "value_keys_7"):
        assert word in text, word
    assert "Copyright" not in text and "Overview" not in text


def test_source_block_named_as_chrome_kept() -> None:
    # a class whose name holds a chrome token (a cookie banner's), under half the page: a
    # block of the listing, not a banner
    text = extract(source_page("RequestsCookieJar", lines=3, helpers=30), URL).full_text
    for word in ("value_get_0", "value_keys_2", "RequestsCookieJar", "DEFAULT_SEPARATOR"):
        assert word in text, word


def layout_pre() -> str:
    """A page laid out in one ``pre``: its navigation block and its article block side by
    side, nothing of the ``pre``'s own between them."""
    article = "".join(
        f"<p>The river rose through the night of the {i}th, and by morning the lower town "
        "was under water, its people on the roofs, waiting for the boats to come.</p>"
        for i in range(8))
    return ("<html><head><title>The flood</title></head><body><pre>\n"
            "<div class='cookie-banner'>This site uses cookies to remember your visits, to "
            "count readers and to show offers. <a href='/cookies'>Cookie settings</a> "
            "<a href='/accept'>Accept all cookies</a></div>\n"
            "<div class='menu'><a href='/'>Home</a> <a href='/news'>News</a> "
            "<a href='/archive'>Archive</a></div>\n"
            f"<div class='story'><h1>The flood</h1>{article}</div>\n</pre></body></html>")


def test_layout_pre_is_no_listing() -> None:
    text = extract(layout_pre(), URL).full_text
    assert "lower town" in text
    assert "Accept" not in text and "Cookie settings" not in text and "Archive" not in text


def keyword_page() -> str:
    """A manual's listing-like paragraphs (haproxy-dconv's ``pre.text``), each keyword in
    them a toggle with its pop-up menu of the sections that use it (``ul.dropdown-menu``,
    which Bootstrap hides until the keyword is clicked), in the page's main landmark,
    where prune keeps lists of links."""
    def keyword(name: str) -> str:
        return (f"<span class='dropdown'><a class='dropdown-toggle' href='#'>{name}</a><ul "
                "class='dropdown-menu'><li class='dropdown-header'>This keyword is available "
                f"in sections :</li><li><a href='#{name}-global'>Global parameters</a></li>"
                f"<li><a href='#{name}-bind'>Bind options</a></li></ul></span>")
    paras = "".join(f"<div class='keyword'><b>option-{i}</b></div><pre class='text'>Sets the "
                    f"value of the {i}th setting, as {keyword('gid')} does for the group, and "
                    f"overrides {keyword('uid')} when both are given.\nSee also the examples "
                    "below, and the defaults section.\n</pre>" for i in range(6))
    return ("<html><head><title>Configuration Manual</title></head><body><main id='page'>"
            f"<h1>Configuration Manual</h1>{paras}</main></body></html>")


def test_menu_in_a_listing_still_goes() -> None:
    # hostile: a pop-up menu of links in a listing's lines is a widget, no block of lines
    text = extract(keyword_page(), URL).full_text
    assert "value of the 5th setting" in text
    assert "available in sections" not in text and "Bind options" not in text


def test_listing_in_a_listing_wrapper_is_judged_inside() -> None:
    # hostile: a ``pre`` wrapping a listing (``pre > code > div > pre``, gi-docgen's
    # declarations) has no lines of its own: what is in it is judged as anywhere
    html = source_page().replace("<div class='highlight'><pre>",
                                 "<pre><code><div class='highlight'><pre>", 1).replace(
        "</pre></div></div></div></div></div>", "</pre></div></code></pre></div></div></div>"
        "</div>", 1)
    from trawl.extract._listing import _own_lines
    from trawl.extract._parse import parse
    outer = parse(html).xpath("//pre")[0]
    assert not _own_lines(outer)
    assert _own_lines(outer.xpath(".//pre")[0])


# A release's announcement (pytest's ``announce/``): its first line names the release, a
# version of three parts read as a time ("3.10" of "3.10.1"): a sentence, no dateline
# (``_edges._version_sentence``), though it opens with the project's name in lower case, as
# the project spells it (``_edges._named_opening``: a word of the page's title), or ends
# with an exclamation mark.
ANNOUNCE_BODY = ("<p>This is a bug-fix release, being a drop-in replacement. To upgrade:</p>"
                 "<pre>pip install --upgrade widgetry</pre><p>The full changelog is available "
                 "at <a href='https://example.org/changelog.html'>the changelog</a>.</p><p>"
                 "Thanks to all who contributed to this release, among them:</p><ul>"
                 + "".join(f"<li><p>{n}</p></li>" for n in ("Ada Lovelace", "Alan Turing",
                                                           "Grace Hopper", "Edsger Dijkstra"))
                 + "</ul><p>Happy testing, the widgetry development team</p>")


def announcement(first: str, title: str = "widgetry-3.10.1") -> str:
    return (f"<html><head><title>{title} — widgetry documentation</title></head><body>"
            f"{CHROME}<div class='document'><div class='body' role='main'><section><h1>"
            f"{title}</h1><p>{first}</p>{ANNOUNCE_BODY}</section></div></div>{SIDEBAR}"
            "</body></html>")


def test_release_line_in_lower_case_kept() -> None:
    for line in ("widgetry 3.10.1 has just been released to PyPI.",
                 "The widgetry team is proud to announce the 3.10.0 release!"):
        text = extract(announcement(line), URL).full_text
        assert line in " ".join(text.split()), line
        assert "drop-in replacement" in text


def test_dateline_in_lower_case_still_goes() -> None:
    # hostile: a dateline in lower case whose date reads as a version of three parts; its
    # first word is no word of the title
    line = "newsroom, 12.05.2024 at the city desk."
    text = extract(announcement(line), URL).full_text
    assert "drop-in replacement" in text
    assert "newsroom" not in text and "city desk" not in text


# A page's table of contents (docutils' ``contents`` directive: ``nav.contents``, in the
# main landmark) whose entries link to the page's sections, one entry's title naming items
# linked to their reference ("Diamond inheritance between pytest.Collector and
# pytest.Item"): HTML nests no link in another, so those links follow the entry's own
# (``_signals._in_entry_title``). It is the page's table of contents still, not a way to
# other pages (pytest's deprecations page lost it whole).
SECTIONS = ("Deprecated features", "Removed features", "Diamond inheritance", "Strict option",
            "Yield fixtures")


def contents_page(entries: str) -> str:
    body = "".join(f"<section id='s{i}'><h2>{t}</h2><p>The {t.lower()} are described here, "
                   "with what to use instead and since which release the change applies."
                   f"</p><p>{'Run the suite with warnings enabled to find them. ' * 3}</p>"
                   "</section>" for i, t in enumerate(SECTIONS))
    return ("<html><head><title>Deprecations</title></head><body>" + CHROME
            + "<div class='body' role='main'><section><h1>Deprecations</h1><p>This page "
            "lists all features that are deprecated or were removed in past releases, and "
            "what to use instead.</p><nav class='contents local' id='contents'><ul>"
            + entries + "</ul></nav>" + body + "</section></div>" + SIDEBAR + "</body></html>")


def test_contents_with_linked_titles_kept() -> None:
    entries = "".join(
        f"<li><p><a href='#s{i}'>{t}</a></p></li>" if i != 2 else
        "<li><p><a href='#s2'>Diamond inheritance between <a href='/ref.html#Collector'>"
        "Collector</a> and <a href='/ref.html#Item'>Item</a></a></p></li>"
        for i, t in enumerate(SECTIONS))
    text = extract(contents_page(entries), URL).full_text
    assert "Diamond inheritance between Collector and Item" in " ".join(text.split())
    assert "Removed features" in text.split("Removed features are described")[0]


def test_menu_of_toggles_still_goes() -> None:
    # hostile: a menu in the landmark whose entries open with a toggle (``href='#'``, no
    # place on the page), other pages' links after it
    entries = "".join(f"<li><p><a href='#'>{m}</a> <a href='/{m.lower()}/a'>Widgets</a> "
                      f"<a href='/{m.lower()}/b'>Gadgets</a></p></li>"
                      for m in ("Products", "Company", "Support"))
    text = extract(contents_page(entries), URL).full_text
    assert "described here" in text
    assert "Widgets" not in text and "Gadgets" not in text


# A release's announcement ends on its notes, written by hand ("[1] http://blog.example.org/
# 2016/sprint/ [2] ..."), which the text cites ("the 2016 sprint[1]"): its addresses' years
# read as a date line's, but the text's notes are its own (``_section_end.cited_notes``).
# A source line in brackets the text never cites ("[AP] May 2016") still goes.
def notes_page(last: str) -> str:
    return announcement("The widgetry team is proud to announce the 3.0.0 release!",
                        "widgetry-3.0.0").replace(
        "<p>Happy testing,", "<p>Much of the work was done at the 2016 sprint[1], and a "
        "blog post [2] tells what is new.</p><p>Happy testing,").replace(
        "</section>", f"<p>{last}</p></section>")


def test_cited_notes_at_the_end_kept() -> None:
    last = ("[1] <a href='http://blog.example.org/2016/sprint/'>http://blog.example.org/2016/"
            "sprint/</a>\n[2] <a href='http://blog.example.org/2016/new/'>http://blog.example"
            ".org/2016/new/</a>")
    text = extract(notes_page(last), URL).full_text
    assert "blog.example.org/2016/sprint" in text and "blog.example.org/2016/new" in text


def test_uncited_source_line_still_goes() -> None:
    # hostile: a bracketed source and a date, the mark cited nowhere in the text
    text = extract(notes_page("[AP] May 12, 2016"), URL).full_text
    assert "development team" in text
    assert "May 12" not in text
