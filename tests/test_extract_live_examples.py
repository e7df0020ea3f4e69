"""Every page whole (issue 26, brief 97): Pandoc's pages of a component library's guide (live
examples written as raw HTML among the paragraphs, their markup set as listings in them),
mandoc's sibling sections, a subsection titled by a printed address. One page shape per
failure seen, and the hostile shape beside each: the chrome of a similar shape the rule
must still drop."""

from __future__ import annotations

import lxml.html

from trawl.extract import extract
from trawl.extract._endtags import close_open_divs
from trawl.extract._permalinks import self_linked
from trawl.extract._select import _over_class

from .test_extract_generators95 import man_section
from .test_extract_whole import LOREM, URL, assert_kept, words

STORY = "".join(f"<p>Paragraph {i} of the story, with a clause, and more. {LOREM}</p>"
                for i in range(6))
MARKUP = ("&lt;h5 class=&quot;card-title&quot;&gt;Card with stretched link&lt;/h5&gt;\n"
          "&lt;p class=&quot;card-text&quot;&gt;Some quick example text to build on the card "
          "title and make up the bulk of the card&#39;s content, and then some more of it to "
          "fill the card, which the reader sees.&lt;/p&gt;\n&lt;a href=&quot;#&quot; "
          "class=&quot;btn btn-primary stretched-link&quot;&gt;Go somewhere&lt;/a&gt;\n") * 2


def standalone(title: str, body: str) -> str:
    """A standalone document as a Markdown converter writes it (Pandoc's ``-s``): its title
    block first in the body, the text after it, no page around them."""
    return (f"<!DOCTYPE html><html><head><title>{title}</title></head><body>"
            f"<header id='title-block-header'><h1 class='title'>{title}</h1></header>"
            f"{body}</body></html>")


def test_a_live_example_of_listings_does_not_stand_for_its_document() -> None:
    # Pandoc's Bootstrap pages: a card's body (``div.card-body``, a content block's class)
    # holding its markup as a listing outscored the body's paragraphs by its class and the
    # listing's length, and the page was cut down to the examples' markup (26 % kept)
    prose = [f"Part {i} of what the utility does, in a sentence, with a clause." for i in range(5)]
    body = (f"<p>{prose[0]}</p><p>{prose[1]}</p><p>{prose[2]}</p>"
            f"<div class='card'><div class='card-body'><pre><code>{MARKUP}</code></pre>"
            f"</div></div><p>{prose[3]}</p><p>{prose[4]}</p>")
    e = extract(standalone("stretched-link", body), URL)
    assert_kept(e.full_text, *prose)


def test_a_post_of_one_listing_beside_its_replies_keeps_its_place() -> None:
    # hostile: a post that is one code sample, in a block named as content, beside a thread
    # of replies in a block of their own: the wrapper holds its prose in that block, not in
    # paragraphs of its own, and does not take the post's place (the scores and prose as
    # ``_select._score`` would give them: the listing's length, the replies' paragraphs)
    root = lxml.html.fromstring("<div class='page'><div class='entry-content'><pre>sample"
                                "</pre></div><div class='thread'><p>replies</p></div></div>")
    post = root.find("div[@class='entry-content']")
    listing, thread = post.find("pre"), root.find("div[@class='thread']")
    scores = {post: 36.0, root: 14.0}
    mass = {post: 5.0, listing: 5.0, thread: 25.0, thread.find("p"): 25.0, root: 30.0}
    assert _over_class(post, scores, mass) is post


def test_a_listings_block_among_paragraphs_yields_to_them() -> None:
    # the card's body above, as ``_select._score`` scores it: its listing's length gives it
    # more prose than a class win's (three short paragraphs), yet it is only markup; the
    # paragraphs around it are the wrapper's own
    flow = lxml.html.fromstring("<div class='page'><p>one</p><div class='entry-content'><pre>"
                                "sample</pre></div><p>two</p></div>")
    block = flow.find("div[@class='entry-content']")
    first, second = flow.findall("p")
    assert _over_class(block, {block: 36.0, flow: 14.0},
                       {block: 5.0, block.find("pre"): 5.0, first: 12.0, second: 13.0,
                        flow: 30.0}) is flow


def navbar_guide(example: str) -> str:
    """A guide's page showing a navigation bar live between its paragraphs."""
    return standalone("navbar", (
        "<h2 id='how'>How it works</h2><p>Here is what you need to know before getting "
        f"started with the navbar, and why. {LOREM}</p>{example}"
        f"<p>This example uses color and spacing utility classes. {LOREM}</p>"
        "<h2 id='brand'>Brand</h2><p>The brand can be applied to most elements, but an "
        f"anchor works best. {LOREM}</p>"))


def test_a_navigation_bar_shown_with_its_markup_is_the_documents() -> None:
    # Pandoc's Bootstrap navbar page: each example's ``<nav class="navbar">`` holds its
    # markup as a listing (a collapsing menu's ``div.navbar-collapse`` around it); the
    # navigation bars went as chrome, and most of the page's words with them
    example = ("<nav class='navbar navbar-expand-lg'><a class='navbar-brand' href='#'>Navbar"
               "</a><div id='navbarSupportedContent' class='collapse navbar-collapse'><pre>"
               "<code>&lt;ul class=&quot;navbar-nav mr-auto&quot;&gt;\n  &lt;li class=&quot;"
               "nav-item active&quot;&gt;Dropdown menu markup&lt;/li&gt;\n&lt;/ul&gt;</code>"
               "</pre></div></nav>")
    e = extract(navbar_guide(example), URL)
    assert_kept(e.full_text, "Dropdown menu markup", "The brand can be applied")


def test_a_pages_navigation_with_a_listing_still_goes() -> None:
    # hostile: the page's navigation in the article's block, holding the tags to paste as a
    # listing beside its links, between the title and a section's heading (no paragraph of
    # the text right before or after it): it is the site's
    links = "".join(f"<li><a href='/docs/p{i}.html'>Part {i}</a></li>" for i in range(3))
    install = ("&lt;script src=&quot;https://cdn.example.com/tool.js&quot;&gt;&lt;/script&gt;\n"
               "&lt;link rel=&quot;stylesheet&quot; href=&quot;https://cdn.example.com/tool.css"
               "&quot;&gt;\n&lt;div id=&quot;app&quot;&gt;&lt;/div&gt;")
    html = ("<html><head><title>Guide</title></head><body><div class='article'><h1>Guide</h1>"
            f"<nav class='side'><pre>{install}</pre><ul>{links}</ul></nav>"
            f"<h2>Introduction</h2>{STORY}</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "cdn example com" not in words(e.full_text)


def test_a_form_and_a_toolbar_shown_with_their_markup_are_the_documents() -> None:
    # Pandoc's Bootstrap forms and button-group pages: examples as ``<form>`` (prune drops
    # forms) and ``div.btn-toolbar role=toolbar`` (a toolbar's role and class), their
    # markup as listings inside
    form = ("<form><div class='form-group'><pre><code>&lt;label for=&quot;email&quot;&gt;"
            "Email address label&lt;/label&gt;</code></pre></div>"
            "<button type='submit'>Submit</button></form>")
    toolbar = ("<div class='btn-toolbar' role='toolbar' aria-label='Toolbar'><div "
               "class='btn-group' role='group'><pre><code>&lt;button type=&quot;button&quot;"
               "&gt;Secondary button one&lt;/button&gt;</code></pre></div></div>")
    body = (f"<p>Here is a quick example of the form styles. {LOREM}</p>{form}"
            f"<p>Combine sets of button groups into toolbars. {LOREM}</p>{toolbar}"
            f"<p>Feel free to mix input groups with button groups. {LOREM}</p>")
    e = extract(standalone("forms", body), URL)
    assert_kept(e.full_text, "Email address label", "Secondary button one")


def test_a_newsletter_form_between_paragraphs_still_goes() -> None:
    # hostile: a sign-up form set between a story's paragraphs holds no listing
    form = ("<form class='signup'><label>Get our newsletter every week in your inbox</label>"
            "<input type='email'/><button>Subscribe now</button></form>")
    html = ("<html><head><title>A story</title></head><body><article><h1>A story</h1>"
            f"{STORY[:len(STORY) // 2]}{form}{STORY[len(STORY) // 2:]}</article></body></html>")
    e = extract(html, "https://news.example.com/2021/story")
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "newsletter" not in words(e.full_text)


def test_a_login_box_between_paragraphs_still_goes() -> None:
    # hostile: a login box set between a story's paragraphs, a call as its listing (no
    # markup: not the box's own), its id a login form's
    login = ("<div id='login'><pre>login(user, password)\nthen come back to this page</pre>"
             "<p>Sign in to leave a comment on this post, or create an account.</p></div>")
    html = ("<html><head><title>A story</title></head><body><article><h1>A story</h1>"
            f"{STORY[:len(STORY) // 2]}{login}{STORY[len(STORY) // 2:]}</article></body></html>")
    e = extract(html, "https://news.example.com/2021/story")
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "sign in to leave" not in words(e.text)


def test_a_block_left_open_in_a_navigation_bar_ends_with_it() -> None:
    # Pandoc's Bootstrap navbar and forms pages: a ``<div>`` opened in an example, its
    # ``</div>`` set as text in a listing; libxml2 ignored the ``</form>`` and ``</nav>``
    # after it and read the rest of the page inside the navigation bar (chrome, dropped)
    example = ("<nav class='navbar'><form class='form-inline'><div class='input-group'><pre>"
               "<code>&lt;input type=&quot;text&quot;&gt;\n&lt;/div&gt;</code></pre></form></nav>")
    html = navbar_guide(example).replace(
        "</body>", "<h2 id='text'>Text</h2><p>Navbars may contain bits of text with the help "
        f"of a class. {LOREM}</p></body>")
    e = extract(html, URL)
    assert_kept(e.full_text, "Navbars may contain bits of text", "The brand can be applied")


def test_a_block_left_open_in_a_table_cell_is_not_closed_past_it() -> None:
    # hostile: a browser closes no block outside the table cell the ``div`` is open in (the
    # end tag is out of its scope, ignored): nothing is written there
    html = "<nav><table><tr><td><div>menu</nav>text</td></tr></table></nav><p>after</p>"
    assert close_open_divs(html) == html
    assert close_open_divs("<nav><div>menu</nav><p>after</p>") == \
        "<nav><div>menu</div></nav><p>after</p>"


def test_a_standalone_documents_title_block_is_its_headline() -> None:
    # Pandoc's ``header#title-block-header`` first in the body, the page's title in it: it
    # went as the page's banner, and a short page lost its title (close-icon.html 89 %)
    body = ("<p><strong>Be sure to include text for screen readers</strong>, as we have "
            "done with the label.</p>")
    e = extract(standalone("Close icon", body), URL)
    assert "close icon" in words(e.full_text)


def test_a_sites_banner_first_in_the_body_still_goes() -> None:
    # hostile: a site's banner first in the body, its name as ``h1``, not the page's title
    html = ("<html><head><title>A story - Example News</title></head><body>"
            "<header><h1>Example News</h1></header><p>Short lead of the story here.</p>"
            "</body></html>")
    e = extract(html, "https://news.example.com/2021/story")
    assert "example news" not in words(e.full_text)


def test_a_man_pages_sibling_sections_are_kept_beside_its_longest() -> None:
    # mandoc's dsc.5 and ip-route.8: the FIELDS section's list won, the siblings beside it
    # in the section (an indented block, another list) made the section whole, and the
    # climb stopped there: NAME, SYNOPSIS, DESCRIPTION and SEE ALSO went (87 %)
    fields = "<dl class='Bl-tag'>" + "".join(
        f"<dt><b>Field{i}:</b> <i>value</i> (required)</dt><dd>The value of field {i}, "
        f"which the tool reads, says the format. {LOREM}</dd>" for i in range(14)) + "</dl>"
    indent = "<div class='Bd-indent'><dl class='Bl-tag'>" + "".join(
        f"<dt>arch{i}</dt><dd>The architecture {i}, from the binary package.</dd>"
        for i in range(8)) + "</dl></div>"
    sums = "<dl class='Bl-tag'>" + "".join(
        f"<dt>Checksums-{i}: (required)</dt><dd>The list of files, with sizes and sums {i}."
        "</dd>" for i in range(8)) + "</dl>"
    html = ("<html><head><title>dsc(5)</title></head><body><table class='head'><tr>"
            "<td>dsc(5)</td><td>dpkg suite</td><td>dsc(5)</td></tr></table>"
            "<div class='manual-text'><br/>"
            + man_section("NAME", "<p class='Pp'>dsc - Debian source packages' control file "
                          "format</p>")
            + man_section("SYNOPSIS", "<p class='Pp'>filename.dsc</p>")
            + man_section("DESCRIPTION", "<p class='Pp'>Each source package is composed of "
                          f"a control file.</p><p class='Pp'>Each field begins with a tag. "
                          f"{LOREM}</p>")
            + man_section("FIELDS", fields + indent + "<div class='Bd-indent'></div>" + sums)
            + man_section("BUGS", "<p class='Pp'>The Format field conflates two formats.</p>")
            + man_section("SEE ALSO", "<p class='Pp'>deb822(5), dpkg-source(1)</p>")
            + "</div><table class='foot'><tr><td>2023-05-11</td><td>1.21.22</td></tr>"
            "</table></body></html>")
    e = extract(html, "https://x.test/man5/dsc.5.html")
    assert_kept(e.full_text, "filename.dsc", "Each source package is composed",
                "conflates two formats", "Checksums-7", "Field13")


def asciidoc_sections(last: str) -> str:
    """An Asciidoctor page: a section's subsections (``div.sect3``), the last one ``last``."""
    return ("<html><head><title>Tools for Git</title></head><body><div id='content'>"
            "<div class='sect2'><h3 id='emacs'>Emacs</h3><div class='paragraph'><p>This is "
            f"adapted from the suggestion in its coding style document. {LOREM}</p></div>"
            f"<div class='paragraph'><p>For a more complete setup, the tips apply. {LOREM}</p>"
            f"</div>{last}</div></div></body></html>")


def test_a_subsection_titled_by_a_printed_address_is_kept() -> None:
    # git's ToolsForGit.html: its last subsection's heading is a bare linked address (the
    # page it discusses), with nothing under it; prune took it for a linked heading that
    # introduces nothing, a way elsewhere
    address = "https://www.kernel.org/doc/html/v4.10/process/coding-style.html#mess"
    last = (f"<div class='sect3'><h4 id='_mess'><a class='anchor' href='#_mess'></a>"
            f"<a href='{address}' class='bare'>{address}</a></h4></div>")
    e = extract(asciidoc_sections(last), URL)
    assert "coding style html" in words(e.full_text)


def test_a_linked_heading_of_words_or_of_a_site_still_goes() -> None:
    # hostile: a heading linking another page in words, and one printing a site's name as
    # its address (no page on the host), each introducing nothing: navigation
    last = ("<div class='sect3'><h4><a href='https://blog.example.com/ten-tips'>Ten tips "
            "for your editor</a></h4></div><div class='sect3'><h4><a "
            "href='https://www.example.com/'>https://www.example.com</a></h4></div>")
    e = extract(asciidoc_sections(last), URL)
    got = words(e.full_text)
    assert "ten tips" not in got and "www example com" not in got


def flags_page(flags: str) -> str:
    """A manual page as mandoc writes it, its flags a ``dl`` after the sections' text."""
    return ("<html><head><title>tool-disable(1)</title></head><body><div class='manual-text'>"
            + man_section("NAME", "<p class='Pp'>tool disable - turn the service off</p>")
            + man_section("DESCRIPTION", f"<p class='Pp'>This command disables the service. "
                          f"{LOREM}</p><p class='Pp'>The route stays, and the peering too. "
                          f"{LOREM}</p>")
            + man_section("OPTIONAL_FLAGS", f"<div class='Bd-indent'>{flags}</div>")
            + "</div></body></html>")


def test_a_man_pages_flags_linking_their_own_terms_are_kept() -> None:
    # mandoc's gcloud pages: each flag's term (a ``dt`` with its id) is its own permalink,
    # its description a line: the list, mostly link text, was pruned as a menu (90 %)
    flags = ("<dl class='Bl-tag'><dt id='async'><a class='permalink' href='#async'><b>--async"
             "</b></a></dt><dd><p class='Pp'>Return immediately, without waiting.</p></dd>"
             "<dt id='service'><a class='permalink' href='#service'><b>--service</b>=<i>"
             "SERVICE</i>; default=&quot;servicenetworking.googleapis.com&quot;</a></dt><dd>"
             "<p class='Pp'>The service to turn off.</p></dd></dl>")
    e = extract(flags_page(flags), URL)
    assert_kept(e.full_text, "Return immediately, without waiting", "servicenetworking")


def test_a_list_of_terms_linking_places_outside_it_is_no_self_link() -> None:
    # hostile: a list of terms, each with its id, linking places outside it (the page's
    # other sections, another page): its links lead out of it, not to its own terms
    outside = lxml.html.fromstring(
        "<dl><dt id='a1'><a href='#DESCRIPTION'>Back to the description</a></dt><dd>go</dd>"
        "<dt id='a2'><a href='/man1/other.1.html#a2'>Another page's flag</a></dt></dl>")
    assert not self_linked(outside)
    own = lxml.html.fromstring("<dl><dt id='async'><a href='#async'>--async</a></dt><dd>Return"
                               "</dd></dl>")
    assert self_linked(own)
