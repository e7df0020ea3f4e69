"""Every page whole (issue 26, part 9): shapes of a Texinfo manual (GNU Octave's, makeinfo
6.8: bench/completeness.py's ``texinfo`` set), after tests/test_extract_manuals3.py. One
page shape per failure seen, and the hostile shape beside each: what the rule must not
drop or keep on an article."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words

STORY_TEXT = ("Paragraph 0 of the story, with a clause", "Paragraph 5 of the story, with a clause")


def texinfo_header(up: bool = True) -> str:
    """makeinfo's bar of links to the nodes around this one, each link saying by its
    ``rel`` which it is, in a ``div.header`` (no navigation class), with an ``<hr>``."""
    up_link = ", Up: <a href='Top.html' accesskey='u' rel='up'>Top</a>" if up else ""
    return ("<div class='header'><p>\nNext: <a href='Next-Node.html' accesskey='n' "
            "rel='next'>Next Node</a>, Previous: <a href='Prev-Node.html' accesskey='p' "
            f"rel='prev'>Previous Node</a>{up_link} &nbsp; [<a href='index.html#SEC_Contents'"
            " title='Table of contents' rel='contents'>Contents</a>][<a href='Concept-Index."
            "html' title='Index' rel='index'>Index</a>]</p>\n</div>\n<hr>")


def texinfo_page(title: str, body: str, kind: str = "chapter") -> str:
    slug = title.replace(" ", "-")
    return (f"<html><head><title>{title} (GNU Tool)</title></head><body lang='en'>"
            f"<div class='{kind}' id='{slug}'>{texinfo_header()}"
            f"<span id='{slug}-1'></span><h2 class='{kind}'>4 {title}</h2>{body}</div>"
            "</body></html>")


def section_toc(names: list[str]) -> str:
    return "<ul class='section-toc'>" + "".join(
        f"<li><a href='{n.replace(' ', '-')}.html' accesskey='{i + 1}'>{n}</a></li>"
        for i, n in enumerate(names)) + "</ul>"


SECTIONS = ["Introduction to Plotting", "High-Level Plotting", "Graphics Data Structures",
            "Advanced Plotting"]


def test_a_pager_of_rel_links_is_no_content_of_a_page_of_contents() -> None:
    # a chapter's page that is its title and its sections' list: the bar of Next/Previous
    # links was its only "paragraph" and stood for the page (0 % kept)
    e = extract(texinfo_page("Plotting", section_toc(SECTIONS)), URL)
    assert_kept(e.text, *SECTIONS)
    assert "next node" not in words(e.text) and "previous node" not in words(e.text)


def test_a_pager_is_not_taken_in_with_a_section() -> None:
    e = extract(texinfo_page("Vectorization", STORY, kind="section"), URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "next node" not in words(e.text)


def test_prose_citing_the_next_page_is_no_pager() -> None:
    # hostile: a paragraph that links to the next and previous pages by rel, with prose
    # between: text, not a bar of links
    para = ("<p>This chapter follows <a href='prev.html' rel='prev'>the one on arrays</a>, "
            "which explains how values are stored and indexed in memory, and leads on to "
            "<a href='next.html' rel='next'>the chapter on plotting</a>.</p>")
    e = extract("<html><head><title>Arrays</title></head><body><article><h1>Arrays</h1>"
                f"{STORY}{para}</article></body></html>", URL)
    assert_kept(e.text, *STORY_TEXT, "This chapter follows the one on arrays, which explains",
                "leads on to the chapter on plotting")


def test_links_without_rel_are_no_pager_by_this_rule() -> None:
    # hostile: the same words without ``rel`` are a line of the text the rule leaves alone
    # ("Next: ..." on its own says nothing of what the links are)
    line = ("<p>See: <a href='a.html'>Installing the server</a>, "
            "<a href='b.html'>Configuring it</a></p>")
    e = extract("<html><head><title>Setup</title></head><body><article><h1>Setup</h1>"
                f"{STORY}{line}{STORY}</article></body></html>", URL)
    assert_kept(e.text, "Installing the server", "Configuring it")


def deffn(name: str, args: str, description: str, paragraphs: int = 2) -> str:
    """makeinfo's ``@deftypefn``: a ``dl.def`` of its own, its five signatures as terms
    (more than a tenth of the entry's text), one description."""
    return (f"<span id='XREF{name}'></span><dl class='def'>"
            f"<dt id='index-{name}'><span class='category'>: </span><span><em>val =</em> "
            f"<strong>{name}</strong> <em>({args})</em></span></dt>"
            + "".join(f"<dt id='index-{name}-{i}'><span class='category'>: </span><span>"
                      f"<em>val{i} =</em> <strong>{name}</strong> <em>(group, {{pref1, "
                      f"pref{i}}}, default{i})</em></span></dt>" for i in range(1, 5)) +
            f"<dd><p>{description}</p>" + f"<p>{LOREM}</p>" * paragraphs + "</dd></dl>")


def test_every_entry_of_a_page_of_one_entry_lists_is_kept() -> None:
    # a page of functions, each a definition list of its own (its signatures, then one
    # description): the first description stood for the page and its terms and the other
    # functions were lost (27 % kept)
    names = ["getpref", "setpref", "addpref", "rmpref"]
    body = "".join(deffn(n, "group, pref", f"The {n} function works on the preference group.",
                         paragraphs=6 if n == "getpref" else 1) for n in names)
    e = extract(texinfo_page("User Preferences", body, kind="section"), URL)
    assert_kept(e.text, *(f"val = {n} (group, pref)" for n in names),
                *(f"The {n} function works on the preference group." for n in names))


def test_a_lone_entry_in_a_story_brings_no_sidebar_in() -> None:
    # hostile: a story with a one-entry definition list in it, beside a column of links:
    # the entry's term is kept, the column is not
    side = "<div class='sidebar'><ul>" + "".join(
        f"<li><a href='/s{i}.html'>Other story {i}</a></li>" for i in range(8)) + "</ul></div>"
    e = extract("<html><head><title>Glossary</title></head><body><div id='main'><h1>Glossary"
                f"</h1>{STORY}<dl><dt>Quorum</dt><dd><p>{LOREM}</p></dd></dl></div>{side}"
                "</body></html>", URL)
    assert_kept(e.text, *STORY_TEXT, "Quorum", LOREM)
    assert "other story" not in words(e.text)


def test_a_list_named_a_table_of_contents_is_kept_after_an_introduction() -> None:
    # a chapter's page: its introduction, then the list of its few sections (a line each,
    # flat): pruned as a list of links after a text (its sections lost), though its class
    # says it is the chapter's table of contents
    intro = ("<p>Complicated programs can often be simplified by defining functions, "
             "which can be defined on the command line or in files, and called like "
             "built-in ones.</p>")
    e = extract(texinfo_page("Functions and Scripts", intro + section_toc(SECTIONS)), URL)
    assert_kept(e.text, "Complicated programs can often be simplified", *SECTIONS)


def test_a_list_of_links_after_a_story_still_goes() -> None:
    # hostile: the same flat list of a line each after a story, without a class naming it
    # a table of contents (other stories), or with a class whose letters only hold "toc"
    # ("stock-list"), is still dropped
    for cls in ("related-list", "stock-list"):
        related = f"<ul class='{cls}'>" + "".join(
            f"<li><a href='/news/{i}.html'>Another headline number {i}</a></li>"
            for i in range(4)) + "</ul>"
        e = extract("<html><head><title>Vote</title></head><body><article><h1>Vote</h1>"
                    f"{STORY}{related}</article></body></html>", URL)
        assert_kept(e.text, *STORY_TEXT)
        assert "another headline" not in words(e.text), cls


def test_a_section_of_a_heading_and_a_pager_is_no_pager() -> None:
    # hostile: a node of nothing but its heading under the bar ("15 Bugs"): the section
    # holding both has labels' worth of text outside the links, but its heading is no label
    page = ("<html><head><title>Bugs (GNU Tool)</title></head><body><div class='chapter' "
            f"id='Bugs'>{texinfo_header(up=False)}<h2 class='chapter'>15 Bugs</h2></div>"
            "</body></html>")
    e = extract(page, URL)
    assert "15 bugs" in words(e.full_text if e.full_text else e.text)


FOOTNOTE = ("<div class='footnote'><hr><h4 class='footnotes-heading'>Footnotes</h4>"
            "<h5><a id='FOOT1' href='#DOCF1'>(1)</a></h5><p>Barber, C.B., Dobkin, D.P., "
            "The Quickhull Algorithm for Convex Hulls, ACM Trans. on Mathematical Software, "
            "22(4):469-483, Dec 1996.</p></div>")


def test_notes_after_the_texts_container_are_the_texts() -> None:
    # makeinfo sets a node's footnotes after its section's container, in a div whose class
    # ("footnote") weighs as a page's footer: they were dropped (62 % kept)
    body = ("<p>Much of the geometry code is based on the Qhull library<a id='DOCF1' "
            "href='#FOOT1'><sup>1</sup></a>, and some of its documentation, for the options "
            "of delaunay, voronoi and convhull, is relevant to users.</p>"
            + section_toc(SECTIONS))
    page = texinfo_page("Geometry", body).replace("</div></body>", f"</div>{FOOTNOTE}</body>")
    e = extract(page, URL)
    assert_kept(e.text, "Much of the geometry code", "The Quickhull Algorithm for Convex Hulls")


def test_a_header_linked_to_the_text_by_a_skip_link_stays_out() -> None:
    # hostile: a page header whose skip link goes to the text, and the text's "back to top"
    # link to the header: the blocks link each other, not places inside them; and a
    # block of links into the text that the text does not link to (a table of its
    # sections) is no notes
    # (named neutrally: a class naming a masthead drops it before any content is chosen)
    header = ("<div class='strip' id='top'><a href='#story'>Skip to the story</a> "
              "<a href='/'>Daily News</a> <a href='/world'>World</a><p>The city's daily "
              "paper since 1880, independent and funded by its readers.</p></div>")
    toc = ("<div class='box'><a href='#p1'>First part</a> <a href='#p2'>Second part</a></div>")
    e = extract("<html><head><title>Vote</title></head><body>"
                f"{header}<div class='story' id='story'><h1>Vote</h1><p id='p1'>{LOREM}</p>"
                f"{STORY}<p id='p2'>{LOREM} <a href='#top'>Back to top</a></p></div>{toc}"
                "</body></html>", URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "skip to the story" not in words(e.text) and "first part" not in words(e.text)
    assert "daily paper since 1880" not in words(e.text)


def test_a_step_whose_options_list_is_most_of_it_keeps_the_other_steps() -> None:
    # an installation's list of steps, the first one's options list most of the page: the
    # options list stood for the page and the other steps were lost (65 % kept)
    options = "".join(f"<dt><span><code>--with-feature{i}=<var>dir</var></code></span></dt>"
                      f"<dd><p>Look for feature {i} in the directory dir. {LOREM}</p></dd>"
                      for i in range(12))
    steps = "".join(f"<li><p>Step {n}: run <samp>make {n}</samp>, which builds the part "
                    f"named {n} and checks it. {LOREM} {LOREM}</p></li>"
                    for n in ("install", "check", "docs"))
    # (the step's lines around its options are a tenth of them: more, and the step climbs)
    body = ("<ul><li> Run the shell script <samp>configure</samp>, which finds what your "
            f"system has.<p>Here is a summary of the options most often used. {LOREM}</p>"
            f"<dl compact='compact'>{options}</dl><p>Then run make. {LOREM}</p></li>"
            f"{steps}</ul>")
    e = extract(texinfo_page("Running Configure and Make", body, kind="section"), URL)
    assert_kept(e.text, "--with-feature0=dir", "--with-feature11=dir", "Run the shell script",
                *(f"Step {n}: run make {n}, which builds" for n in ("install", "check", "docs")))



def test_a_block_linking_into_the_text_the_text_does_not_cite_stays_out() -> None:
    # hostile: a footer after the story, shaped as notes (a "footnote" block under a
    # heading, entries linking to paragraphs of the text), that the text never links to:
    # links one way say where the block points, not that the text cites it
    footer = ("<div class='footnote'><h4>Jump to</h4>" + "".join(
        f"<p><a href='#p{i}'>({i})</a> The part of the story on the count in district "
        f"{i}, with the figures the commission published.</p>" for i in (1, 2)) + "</div>")
    e = extract("<html><head><title>Vote</title></head><body><div class='wrap'>"
                f"<div class='story'><h1>Vote</h1><p id='p1'>{LOREM}</p>{STORY}"
                f"<p id='p2'>{LOREM}</p></div>{footer}</div></body></html>", URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "the part of the story on the count" not in words(e.text)


def test_a_comment_section_the_text_links_into_stays_out() -> None:
    # hostile: the story links into its comments ("3 comments" to the first one), and the
    # comments link within themselves (their reply links, to the form under them) but to
    # no place in the story: readers' comments, not the text's notes
    # (WordPress's class: a class that is a comments token drops them before any content
    # is chosen, this one only weighs against them)
    comments = ("<div class='commentlist' id='responses'><h3>3 responses</h3>" + "".join(
        f"<div class='response' id='r{i}'><p>Reader {i} wrote: I was at the count "
        f"myself and saw nothing of what the story describes, it went on all night.</p>"
        f"<a href='#respond'>Reply</a> <a href='#r{i}'>Permalink</a></div>"
        for i in (1, 2, 3)) + "<form id='respond'><textarea name='c'></textarea></form></div>")
    e = extract("<html><head><title>Vote</title></head><body>"
                f"<div class='story'><h1>Vote</h1>{STORY}<p>{LOREM} <a href='#r1'>"
                f"3 comments</a></p></div>{comments}</body></html>", URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "reader 1 wrote" not in words(e.text)


DEK = ("<p class='dek'>The council put off its vote on the budget again last night, after a "
       "session that ran past midnight and ended with the mayor walking out in protest.</p>")


def cards_page(card: str, dek: str) -> str:
    """A story set as the first of a list's cards (a front page opened at one story), the
    other cards after it: ``card`` with ``{i}`` for each."""
    cards = "".join(card.format(i=i) for i in range(6))
    return ("<html><head><title>Vote</title></head><body><ul class='cards'><li><h2><a "
            f"href='/vote.html'>Vote</a></h2>{dek}<div class='body'>{STORY}</div></li>{cards}"
            "</ul></body></html>")


TEASER_CARD = ("<li><h2><a href='/s{i}.html'>Another headline number {i}</a></h2><p>Summary "
               "of story {i}: the council met again on the budget and the vote was put off "
               "for a week.</p></li>")
NAV_CARD = ("<li><h2><a href='/sec{i}/'>Section {i}</a></h2><p><a href='/sec{i}/new'>Latest "
            "in section {i}</a> · <a href='/sec{i}/old'>Archive</a></p></li>")


def test_a_story_among_cards_does_not_widen_to_take_them_in() -> None:
    # hostile (the entry-body rule, and the similar-entries and parallel-parts rules it
    # leads to): the story's body is the body of an entry among entries alike in shape
    # (a headline, then a block), but they are other stories' teasers or a section's
    # menu, not more of its text; with its dek (the entry-body rule widens the body to
    # the entry) and without (the body climbs to the entry)
    for card in (TEASER_CARD, NAV_CARD):
        for dek in (DEK, ""):
            e = extract(cards_page(card, dek), URL)
            assert_kept(e.text, *STORY_TEXT, *([DEK[17:80]] if dek else []))
            got = words(e.text)
            assert "another headline" not in got and "latest in section" not in got, \
                (card[:30], bool(dek))


def chapter_opening_with(toc: str, next_page: str | None) -> str:
    """A chapter's page whose list of sections (``toc``) comes before its text, the page
    saying where its document goes on (``<link rel="next">``) or not."""
    head = f"<link rel='next' href='{next_page}'>" if next_page else ""
    intro = ("<p>Complicated programs can often be simplified by defining functions, which "
             "can be defined on the command line or in files, and called like built-in "
             f"ones.</p>{STORY}")
    return (f"<html><head><title>Functions (GNU Tool)</title>{head}</head><body><div "
            f"class='chapter'><h2 class='chapter'>11 Functions</h2>{toc}{intro}</div>"
            "</body></html>")


def test_a_named_table_of_contents_before_the_text_that_leads_on_is_kept() -> None:
    # the other side of the class-named rule: a named list BEFORE the text is judged by
    # where it leads; a chapter's sections, the first of them the page after this one,
    # are its table of contents
    page = chapter_opening_with(section_toc(SECTIONS), "Introduction-to-Plotting.html")
    e = extract(page, "https://docs.example.org/tool/Functions.html")
    assert_kept(e.text, "Complicated programs can often be simplified", *STORY_TEXT,
                *SECTIONS)


def test_a_named_list_before_the_text_that_leads_elsewhere_goes() -> None:
    # hostile: the same list, named a table of contents, before the text, where the page
    # goes on elsewhere (or says nothing of it): other pages' titles a class names
    # "toc" (a site's widget of other stories, a story's list of its pages), not this
    # chapter's sections; the name alone does not keep it
    for next_page in ("Other-Chapter.html", None):
        e = extract(chapter_opening_with(section_toc(SECTIONS), next_page),
                    "https://docs.example.org/tool/Functions.html")
        assert_kept(e.text, "Complicated programs can often be simplified", *STORY_TEXT)
        assert words(SECTIONS[1]) not in words(e.text), next_page
