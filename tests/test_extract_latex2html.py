"""Every page whole (issue 26): shapes of manuals converted from LaTeX (LaTeX2HTML: Bacula's
six manuals, bench/completeness.py's ``latex2html`` set). LaTeX2HTML marks no container: a
page is the body, between two navigation panels, its sections' headings and paragraphs
set straight in it. One page shape per failure seen, and the hostile shape beside each:
what the rule must not keep on an article."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words


def panel(bottom: bool = False) -> str:
    """LaTeX2HTML's navigation panel: icons and Next/Up/Previous/Contents/Index links."""
    return ("<div class='navigation'>" + ("<hr>" if bottom else "") +
            "<a href='Contents.html'><img alt='next' class='navigation-next' "
            "src='next.png'></a> <a href='Index.html'><img alt='index' src='index.png'></a>"
            "<br><b> Next:</b> <a href='Contents.html'>Contents</a> <b><a "
            "href='Contents.html'>Contents</a></b> <b><a href='Index.html'>Index</a></b>"
            "<br><br></div>")


def latex_page(body: str, title: str = "Tapeworm Utility Programs",
               next_page: str = "Contents.html") -> str:
    """A LaTeX2HTML page: the body between its two panels, the next page named in the
    head."""
    return (f"<html><head><title>{title}</title><link href='{next_page}' rel='next'></head>"
            f"<body>{panel()}{body}{panel(bottom=True)}</body></html>")


CREDITS = ("<div class='author_info'><strong>Ada Quill</strong><p><br><br> February 6, 2023 "
           "<br> This manual documents Tapeworm version 9.6.7 (10 December 2020) <br><br> "
           "Copyright 2000-2018, Ada Quill <br> Tapeworm is a registered trademark of Ada "
           "Quill. <br><br> This documentation by Ada Quill with contributions from many "
           "others, <br> a complete list can be found in the License chapter.<br></p></div>")
"""A manual's title-page credits: author, date, version, copyright, license."""


def front_contents(first: str = "Contents.html") -> str:
    """A book's table of contents on its front page: the chapters (the first one the page
    the head names next) and their sections."""
    chapters = "".join(
        f"<li><a href='ch{i}.html'>Chapter {i} Tools</a><ul>"
        + "".join(f"<li><a href='ch{i}.html#s{j}'>Section {j} of chapter {i}</a></li>"
                  for j in range(4)) + "</ul></li>" for i in range(6))
    return (f"<p><br><hr><a id='CHILD_LINKS'></a><ul class='ChildLinks'><li><a "
            f"href='{first}'>Contents</a></li>{chapters}</ul><br><hr>")


def front_page(first: str = "Contents.html") -> str:
    return latex_page("<div align='center'><img alt='Logo' src='logo.png'></div><p></p>"
                      "<h1 class='CENTER'>Tapeworm Utility Programs</h1>"
                      "<h1 align='center'><div align='center'><big>The Leading Open Source "
                      f"Backup Solution</big></div></h1>{CREDITS}{front_contents(first)}")


# -- a manual's front page: its title-page credits and its table of contents -----------------

def test_a_manuals_front_page_keeps_its_credits_and_its_contents() -> None:
    # Bacula's manuals' front pages: the title, an ``author_info`` block (author, date,
    # version, copyright, license) and the book's table of contents; the credits went as
    # an author box (66 of 219 words lost), then, kept, won the page alone (34 %)
    e = extract(front_page(), URL)
    assert_kept(e.text, "This manual documents Tapeworm version 9.6.7",
                "Copyright 2000-2018, Ada Quill", "a complete list can be found in the License",
                "Section 3 of chapter 5", "Chapter 2 Tools")


def test_an_author_box_after_a_story_stays_out_though_it_states_a_copyright() -> None:
    # hostile: a story's author box after the story (a bio, a copyright line under it) is
    # the author's box, not a title page's credits
    box = ("<div class='author-info'><strong>Jane Roe</strong><p>Jane Roe covers the city "
           "council for the paper and writes a weekly column on housing. Copyright 2023, "
           "Jane Roe.</p></div>")
    e = extract(f"<html><body><article><h1>The council votes</h1>{STORY}{box}</article>"
                "</body></html>", URL)
    assert "covers the city council" not in e.text
    assert "Paragraph 5 of the story" in e.text


def test_an_author_bio_under_the_title_stays_out_without_a_copyright() -> None:
    # hostile: a bio under the story's title, before the story (no copyright: an author's
    # box, not a title page's credits)
    box = ("<div class='author-info'><strong>Jane Roe</strong><p>Jane Roe covers the city "
           "council for the paper and writes a weekly column on housing, after ten years "
           "at the statehouse.</p></div>")
    e = extract(f"<html><body><article><h1>The council votes</h1>{box}{STORY}</article>"
                "</body></html>", URL)
    assert "covers the city council" not in e.text
    assert "Paragraph 5 of the story" in e.text


def test_a_menu_of_pages_in_the_body_stays_out_of_a_title_page() -> None:
    # hostile: the same front page whose list's first link is no page the head names next
    # (a site's menu of pages, set in the body) does not make the body the content: no
    # book's front page (``_front_page``), and no document written flat either (the list
    # after its headings is links: ``_flat._sections_text``)
    e = extract(front_page(first="about.html"), URL)
    assert "This manual documents Tapeworm" in e.text
    assert "Section 3 of chapter 5" not in e.text
    assert words("Copyright 2000-2018") in words(e.text)


# -- an index set as a definition list: its subentries too -----------------------------------

def index_entry(term: str, *subs: str) -> str:
    """An index's entry: its term, its link, and its subentries' list (a term and a link
    each, the link saying the term again)."""
    nested = "".join(f"<dt><strong>{s}</strong></dt><dd><a href='ch2.html#{len(s)}7'>{s}</a>"
                     "</dd>" for s in subs)
    return (f"<dt><strong>{term}</strong></dt><dd><a href='ch1.html#{len(term)}'>{term}</a>"
            + (f"<dl compact='COMPACT'>{nested}</dl>" if subs else "") + "</dd>")


def test_an_index_keeps_its_subentries() -> None:
    # Bacula's indexes (a ``dl``: a term, then its links, or a ``dl`` of its subentries,
    # each a term and its link): the subentries' lists, short and all links, went as
    # lists of links (a third of the index lost: 66.9 %)
    entries = "".join(index_entry(f"Term{i} labelling the volumes of a pool",
                                  *((f"Sub{i} labels", f"Sub{i} mounts") if i % 5 == 4 else ()))
                      for i in range(40))
    e = extract(latex_page("<br><h2><a id='SECTION005'> Index</a></h2>"
                           f"<dl compact='COMPACT'>{entries}</dl>", title="Index",
                           next_page="About.html"), URL)
    assert_kept(e.text, "Term2 labelling the volumes", "Sub4 labels", "Sub4 mounts", "Sub39 mounts")


def test_a_menu_set_as_a_definition_list_stays_out() -> None:
    # hostile: a site's menu set as a definition list inside the story's container, a
    # heading over links to pages (not places on pages), goes as a list of links
    menu = ("<dl><dt>Company</dt><dd><a href='/about'>About us</a> <a href='/jobs'>Careers"
            "</a></dd><dt>Support</dt><dd><a href='/help'>Help centre</a> <a "
            "href='/contact'>Contact</a></dd></dl>")
    e = extract(f"<html><body><div class='story'><h1>The council votes</h1>{STORY}{menu}"
                "</div></body></html>", URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Careers" not in e.text


# -- a heading whose text an anchor (no address) wraps is no link ----------------------------

def test_a_heading_wrapped_in_an_anchor_is_no_link() -> None:
    # LaTeX2HTML wraps a heading's text in its anchor (``<a id=...>``, no ``href``): taken
    # for a linked heading that introduces no text (a short bold line after it), it went
    # as navigation (the title of the manuals' "About this document" pages; the questions
    # of a FAQ)
    body = ("<h1><a id='SECTION0052'> About this document ...</a></h1><strong>Tapeworm "
            "Main Reference</strong><p> This document was generated using the <a "
            "href='http://gen.example.org/'>Gen</a> translator Version 2023 (Released "
            "January 1, 2023)</p><p> The command line arguments were: <br><kbd>gen -split 3 "
            "-local_icons main</kbd></p>")
    e = extract(latex_page(body, title="About this document ..."), URL)
    assert_kept(e.full_text, "About this document", "Tapeworm Main Reference",
                "generated using the Gen translator")


def test_a_heading_linking_to_another_page_over_links_stays_out() -> None:
    # hostile: a heading that links to another page, over a list of links (other
    # stories' headlines), set in the story, is navigation
    more = ("<h2><a href='/desk.html'>More from the city desk</a></h2><ul>"
            + "".join(f"<li><a href='/s{i}.html'>Another story {i}</a></li>" for i in range(4))
            + "</ul>")
    e = extract(f"<html><body><div class='story'><h1>The council votes</h1>{STORY}{more}"
                f"{STORY.replace('Paragraph', 'Part')}</div></body></html>", URL)
    assert "Paragraph 5 of the story" in e.text
    assert "More from the city desk" not in e.text


# -- a chapter written flat in the body: its sections' headings and bodies ------------------

def flat_chapter() -> str:
    """A LaTeX2HTML chapter's page: its "Subsections" list, then its sections written flat
    in the body (a heading, paragraphs, a long list of directives, a listing)."""
    subs = ("<a id='CHILD_LINKS'><strong>Subsections</strong></a><ul class='ChildLinks'>"
            + "".join(f"<li><a href='page.html#SECTION00{i}'>Section {i} of the chapter</a>"
                      "</li>" for i in range(1, 4)) + "</ul><hr>")
    directives = "".join(f"<dt><strong>Option{i} = value</strong></dt><dd><p>Option{i} sets "
                         f"how the daemon reads its value. {LOREM}</p></dd>" for i in range(12))
    sections = "".join(
        f"<h1><a id='SECTION00{i}'></a><br> Section {i} of the chapter </h1><b><a id='x{i}'>"
        f"</a></b><p><b>The section {i} resource defines the name of the daemon.</b></p>"
        + (f"<dl>{directives}</dl>" if i == 1 else f"<p>Part {i} says more. {LOREM}</p>")
        + f"<pre>Section{i} {{\n  Name = daemon{i}\n}}</pre>" for i in range(1, 4))
    return latex_page(subs + sections, title="Daemon Configuration", next_page="next.html")


def test_a_chapter_written_flat_in_the_body_is_whole() -> None:
    # Bacula's configuration chapters: the sections written flat in the body, one of them
    # a long list of directives; that list was taken alone, the other sections' text and
    # listings left (75.9 %, 77.1 %)
    e = extract(flat_chapter(), URL)
    assert_kept(e.text, "Section 1 of the chapter", "Option11 sets how the daemon",
                "Part 2 says more", "Part 3 says more", "Name = daemon3",
                "The section 3 resource defines")



# -- a chapter's short list of its own subsections, at its top ------------------------------

def test_a_chapters_two_subsections_listed_at_its_top_are_kept() -> None:
    # Bacula's developer guide's chapters: a "Subsections" list of the chapter's two
    # sections, links to its own headings, before its text; two entries, short and all
    # links, went as a list of links (File_Services_Daemon.html: 94.4 %)
    subs = ("<a id='CHILD_LINKS'><strong>Subsections</strong></a><ul class='ChildLinks'>"
            + "".join(f"<li><a href='page.html#SECTION00{i}'>Commands received for part {i}"
                      "</a></li>" for i in (1, 2)) + "</ul><hr>")
    sections = "".join(f"<h2><a id='SECTION00{i}'></a> Commands received for part {i}</h2>"
                       f"<p>Part {i} says more. {LOREM}</p>" for i in (1, 2))
    body = f"{subs}<h1><a id='SECTION00'></a><br> File Daemon </h1><p>Intro. {LOREM}</p>"
    e = extract(latex_page(body + sections, title="File Daemon", next_page="next.html"), URL)
    assert_kept(e.text, "Part 2 says more", "Intro.")
    assert e.text.count("Commands received for part 2") == 2


def test_a_short_list_jumping_to_blocks_of_the_story_stays_out() -> None:
    # hostile: a recipe's "Jump to Recipe", "Jump to Comments" before the story, links to
    # places on the page that are blocks, not headings: a bar of shortcuts, no contents
    jump = ("<ul class='jumps'><li><a href='#recipe'>Jump to Recipe</a></li><li><a "
            "href='#reviews'>Jump to Reviews</a></li></ul>")
    e = extract(f"<html><body><article><h1>The best soup</h1>{jump}{STORY}"
                f"<div id='recipe'><p>Boil the soup for an hour. {LOREM}</p></div>"
                f"<div id='reviews'><p>Reviews of the soup. {LOREM}</p></div></article>"
                "</body></html>", URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Jump to Recipe" not in e.text
