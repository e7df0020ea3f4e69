"""Every page whole (issue 26), brief 79: the last dev-set pages under 95 % (Boost's
release notes and "Related Work", Erlang's flat sections, a Securing Debian Manual
chapter's nested list, a gi-docgen class page). One page shape per failure seen, and the
hostile shape beside each: what the rule must not keep on an article."""

from __future__ import annotations

import lxml.html

from trawl.extract import extract
from trawl.extract._flat import flat_subheading

from .test_extract_whole import LOREM, URL, assert_kept, words

SIDE = "".join(f"<li><a href='/p{i}.html'>Chapter {i}</a></li>" for i in range(12))
STORY = "".join(f"<p>Paragraph {i} of the story, with a clause, and more. {LOREM}</p>"
                for i in range(6))


def boost_page(title: str, body: str) -> str:
    """A QuickBook (DocBook XSL) page: the library's bar, its prev/up/next, the section
    under its title block, the copyright footer."""
    nav = ("<div class='spirit-nav'><a accesskey='p' href='a.html'><img alt='Prev'></a>"
           "<a accesskey='n' href='b.html'><img alt='Next'></a></div>")
    return (f"<html><head><title>{title}</title></head><body>"
            "<table><tr><td><img alt='Libraries'></td><td><a href='/index.html'>Home</a></td>"
            "<td><a href='/libs.html'>Libraries</a></td><td><a href='/faq.html'>FAQ</a></td>"
            f"</tr></table><hr>{nav}<div class='section'><div class='titlepage'><div><div>"
            f"<h2 class='title'><a name='s'></a>{title}</h2></div></div></div>{body}</div>"
            "<table><tr><td><div class='copyright-footer'>Copyright 2011 A. Author<p>"
            "Distributed under the Software License.</p></div></td></tr></table>"
            f"<hr>{nav}</body></html>")


def story_page(body: str) -> str:
    return ("<html><head><title>Story</title></head><body><nav><ul>" + SIDE +
            "</ul></nav><div class='wrap'><h1>Story</h1>" + body +
            "</div><footer>Copyright 2026 Example.</footer></body></html>")


# -- a tracker's tickets cited by number are names (_tickets.ticket_link) --------------------

def _fixed(number: int, title: str, kind: str = "issues") -> str:
    return (f"<li class='listitem'><a href='https://github.com/org/lib/{kind}/{number}'>"
            f"GitHub #{number} (<em>\"{title}\"</em>)</a>.</li>")


RELEASES = "".join(
    f"<div class='section'><div class='titlepage'><div><div><h4 class='title'>"
    f"<a name='r{v}'></a>Release 1.{v}</h4></div></div></div><div class='itemizedlist'>"
    "<ul class='itemizedlist'><li class='listitem'>The library now compiles without "
    "warnings.</li><li class='listitem'>Fixed bugs:<div class='itemizedlist'>"
    "<ul class='itemizedlist'>"
    + _fixed(160 + v, "More compiler warnings") + _fixed(170 + v, "Bad error handling", "pull")
    + _fixed(180 + v, "Missing include on some systems") + "</ul></div></li></ul></div></div>"
    for v in range(4))


def test_release_notes_keep_their_lists_of_fixed_tickets() -> None:
    # Boost.Interprocess' release notes: each release "Fixed bugs:" over links to the
    # tickets, "GitHub #160 ("...")": lists of links, dropped as link blocks (87.6 %)
    body = (STORY + "<div class='section'><div class='titlepage'><div><div>"
            "<h3 class='title'>Release Notes</h3></div></div></div>" + RELEASES + "</div>")
    e = extract(boost_page("Acknowledgements and release notes", body), URL)
    assert_kept(e.text, 'GitHub #161 ("More compiler warnings")',
                'GitHub #173 ("Bad error handling")', "GitHub #183")


def test_a_list_of_numbered_episodes_after_a_story_still_goes() -> None:
    # hostile: other stories' links numbered as a show numbers them, "Episode #42: ...",
    # to pages the number does not name (/podcast/episode-42): no ticket
    related = "".join(f"<li><a href='https://news.example.org/podcast/episode-{n}'>"
                      f"Episode #{n}: the week in review</a></li>" for n in range(40, 46))
    e = extract(story_page(STORY + f"<ul>{related}</ul>"), URL)
    assert "episode" not in words(e.text)


# -- a flat subsection's heading is the section's text (_flat.flat_subheading) -------------

def erlang_page(body: str) -> str:
    """An erl_docgen chapter: the application's side menu, the chapter written flat under
    its title (``h1``, then ``h3`` headings and their blocks), the copyright footer."""
    return ("<html><head><title>Standards</title></head><body><aside><nav><ul>" + SIDE +
            "</ul></nav></aside><div id='content'><div class='innertube'>"
            "<h1 id='t'>5 Standards Compliance</h1>" + body +
            "</div><div class='footer'><p>Copyright 1999-2023 Example AB.</p></div></div>"
            "</body></html>")


def _h3(n: int, title: str) -> str:
    return (f"<h3 id='s{n}' class='title-link'><div class='title-name'>5.{n} {title}</div>"
            f"<div class='title-anchors'><a href='#s{n}'></a>"
            f"<a href='https://git.example.org/edit/doc.xml#L{n}'><span></span></a></div></h3>")


TABLE = ("<div class='doc-table-wrapper'><table class='doc-table'>" + "".join(
    f"<tr><td></td><td>Feature {i} of the protocol</td><td><strong>C</strong></td>"
    "<td><strong>22</strong></td></tr>" for i in range(150)) + "</table></div>")
"""A compliance table: a feature a row, short cells, many rows (the page's best block)."""


def test_a_chapter_written_flat_keeps_its_sections_beside_its_table() -> None:
    # Erlang's ssl "Standards Compliance": sections written flat under the chapter's title,
    # a list or a paragraph each, then the big compliance table: the table won and the
    # sections' lists and headings were left out (88.5 %)
    body = (_h3(1, "Purpose") + "<p>This section describes the current state of standards "
            "compliance of the application.</p>" + _h3(2, "Common (pre TLS 1.3)") +
            "<ul><li>For security reasons RSA key exchange cipher suites are no longer "
            "supported by default, but can be configured. (OTP 21)</li><li>Renegotiation "
            "Indication Extension <a href='http://www.ietf.org/rfc/rfc5746.txt'>RFC 5746</a> "
            "is supported</li>" + "".join(
                f"<li>For security reasons cipher suite family {c} is no longer supported by "
                f"default, but can be configured (OTP 2{i})</li>" for i, c in enumerate("ABCDEF"))
            + "</ul>" + _h3(3, "SSL 3.0") +
            "<p>For security reasons SSL-3.0 is no longer supported at all. (OTP 23)</p>" +
            _h3(4, "TLS 1.3") + "<p>The following table describes the current state of "
            "standards compliance for TLS 1.3.</p>" + TABLE)
    e = extract(erlang_page(body), URL)
    assert_kept(e.text, "5.2 Common (pre TLS 1.3)", "RSA key exchange cipher suites are no "
                "longer supported", "Renegotiation Indication Extension RFC 5746 is supported",
                "SSL-3.0 is no longer supported at all", "Feature 149 of the protocol")


def test_headlines_of_other_stories_beside_a_chapter_still_go() -> None:
    # hostile: under the page's title, its text and table, then other stories' headlines
    # (links to their pages, in headings of a lower rank) and their teasers: no sections
    teasers = "".join(f"<h3><a href='/news/story-{i}.html'>Council delays the park plan "
                      f"{i}</a></h3><p>Residents waited for a decision on the park</p>"
                      for i in range(3))
    body = (_h3(1, "Purpose") + "<p>This section describes the current state of standards "
            "compliance of the application.</p>" + _h3(2, "Common") + "<ul>" + "".join(
                f"<li>For security reasons cipher suite family {c} is no longer supported by "
                f"default, but can be configured (OTP 2{i})</li>" for i, c in enumerate("ABCDEF"))
            + "</ul>" + TABLE + teasers)
    e = extract(erlang_page(body), URL)
    assert "council" not in words(e.text) and "residents" not in words(e.text)
    # the predicate itself: a heading that is a link to another page, or a promotion's,
    # heads no subsection of the chapter's text
    title = lxml.html.fromstring("<h1>5 Standards Compliance</h1>")
    for heading in ("<h3><a href='/news/story-1.html'>Council delays the park plan</a></h3>",
                    "<h3>Related articles</h3>", "<h1>Another title</h1>"):
        assert not flat_subheading(lxml.html.fromstring(heading), title), heading


# -- an API's member sections beside a long description (_apinames.members_of_api) --------

def gidocgen_page(members: str) -> str:
    """A gi-docgen class page: the sidebar, the class's header, its long description in
    its ``summary`` wrapper, its member sections after it."""
    description = "".join(f"<p>{LOREM} The expression {i} is evaluated, and so on.</p>"
                          for i in range(16))
    return ("<html><head><title>Gtk.Expression</title></head><body><nav class='sidebar'>"
            "<ul>" + SIDE + "</ul></nav><section id='main' class='content'><header>"
            "<h3>Class</h3><h1>Gtk Expression</h1></header><section><summary>"
            "<div class='toggle-wrapper'><h4 id='description'>Description</h4>"
            "<pre>abstract class Gtk.Expression : GObject.TypeInstance</pre>"
            f"<div class='docblock'>{description}</div></div></summary>{members}"
            "</section></section></body></html>")


def test_a_class_page_keeps_its_methods_beside_a_long_description() -> None:
    # gi-docgen's GtkExpression: a long description, then "Instance methods", a name
    # and a line each: too short beside the description, left out (91.0 %)
    methods = "".join(f"<div><h6><a href='method.Expression.{n}.html'>gtk_expression_{n}"
                      f"</a></h6><div class='docblock'><p>Does {n} on the expression, as it "
                      "says.</p></div></div>"
                      for n in ("bind", "evaluate", "get_value_type", "is_static", "ref",
                                "unref", "watch", "unwatch"))
    e = extract(gidocgen_page("<div class='toggle-wrapper methods'><h4 id='methods'>"
                              f"Instance methods</h4><div class='docblock'>{methods}</div>"
                              "</div>"), URL)
    assert_kept(e.text, "Instance methods",
                "gtk_expression_bind Does bind on the expression, as it says",
                "gtk_expression_unref")


def test_a_story_beside_sections_of_tags_keeps_them_out() -> None:
    # hostile: sections of a blog's tags (one word a link, no program's name) beside a
    # long story headed at the same rank: no parts of its document
    tags = "".join(f"<div><h6><a href='/tag/{w.lower()}'>{w}</a></h6><div class='docblock'>"
                   f"<p>Posts on {w.lower()} in this blog, as it says.</p></div></div>"
                   for w in ("Python", "Gardening", "Travel", "Cooking", "Music", "Books",
                             "Node.js", "Family"))
    tags = ("<div class='toggle-wrapper'><h4>Filed under</h4><div class='docblock'>"
            f"{tags}</div></div>")
    e = extract(gidocgen_page(tags), URL)
    assert "gardening" not in words(e.text)


# -- a list item's paragraph introduces its nested list (_kept._item_paragraph) -----------

def test_a_nested_list_under_its_items_sentence_in_a_paragraph_div_is_kept() -> None:
    # the Securing Debian Manual's ch09: "The software runs with the minimum privileges it
    # needs:" in the item's div.para, then the nested list of Lintian's report addresses:
    # a list of links, dropped (90.8 %)
    reports = ", ".join(f"<a href='http://lint.example.org/reports/T{t}.html'>"
                        f"http://lint.example.org/reports/T{t}.html</a>"
                        for t in ("setuid-binary", "setgid-binary", "setuid-gid-binary"))
    body = (STORY + "<div class='para'>When packaging software developers have to make sure "
            "that they follow common security principles, including: <div class='itemizedlist'>"
            "<ul><li class='listitem'><div class='para'>The software runs with the minimum "
            "privileges it needs: <div class='itemizedlist'><ul><li class='listitem'>"
            f"<div class='para'>Lintian will warn of {reports} binaries.</div></li>"
            "<li class='listitem'><div class='para'>The daemons run with a low privilege "
            "user (see <a class='xref' href='bpp.html'>Section 9.2, Creating users</a>)</div>"
            "</li></ul></div></div></li><li class='listitem'><div class='para'>Programmed "
            "(i.e., <code>cron</code>) tasks running in the system do NOT run as root or, if "
            "they do, do not implement complex tasks.</div></li></ul></div></div>")
    e = extract(story_page(body), URL)
    assert_kept(e.text, "Lintian will warn of http://lint.example.org/reports/Tsetuid-binary",
                "The daemons run with a low privilege user")


def test_a_box_of_links_under_its_lead_outside_any_list_still_goes() -> None:
    # hostile: a box under the story, its lead a sentence ending in a colon, its links
    # other stories: in no list's item, a promotion's box
    links = "".join(f"<li><a href='/news/{i}.html'>Council delays the park plan {i}</a></li>"
                    for i in range(5))
    e = extract(story_page(STORY + f"<div>{LOREM} {LOREM} The city council published these "
                           "pages on the plan this week:"
                           f"<div><ul>{links}</ul></div></div>"), URL)
    assert "delays" not in words(e.text)


# -- a paragraph counting the list after it introduces it (_kept._counts_entries) ---------

def test_a_list_its_paragraph_counts_is_kept() -> None:
    # Boost.TypeErasure's "Related Work": "I'm aware of at least three." over the three
    # libraries, links to their sites: a list of links, dropped (60.0 %)
    body = ("<p>There are a number of similar libraries in existence. I'm aware of at least "
            "three.</p><div class='itemizedlist'><ul class='itemizedlist'><li class='listitem'>"
            "<a href='http://ifaces.example.org/'>Boost.Interfaces</a> by Jonathan Turkanis</li>"
            "<li class='listitem'><a href='http://poly.example.com/'>Adobe Poly</a></li>"
            "<li class='listitem'><a href='http://any.example.net/'>Boost.dynamic_any</a> by "
            "Alexander Nasonov</li></ul></div>")
    e = extract(boost_page("Related Work", body), URL)
    assert_kept(e.text, "Boost.Interfaces by Jonathan Turkanis", "Adobe Poly",
                "Boost.dynamic_any by Alexander Nasonov")


def test_a_related_list_its_paragraph_does_not_count_still_goes() -> None:
    # hostile: a short story's last paragraph names a number, other stories' links after
    # it are not that many: no count of them
    links = "".join(f"<li><a href='/news/{i}.html'>Council delays the park plan {i}</a></li>"
                    for i in range(4))
    body = (STORY + "<p>There are a number of similar parks in the region. It took us three "
            f"years to get here.</p><div><ul>{links}</ul></div>")
    e = extract(boost_page("Related Work", body), URL)
    assert "council" not in words(e.text)
