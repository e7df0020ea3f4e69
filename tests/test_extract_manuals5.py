"""Every page whole (issue 26, part 9): shapes of git's documentation (Debian git-doc:
AsciiDoc's xhtml11 manual pages and guides, bench/completeness.py's ``gitdoc`` set), after
tests/test_extract_manuals3.py. One page shape per failure seen, and the hostile shape
beside each: what the rule must not keep on an article. Each rule was checked to be what
makes its shape pass (the shape fails with the rule switched off: the ``without`` tests
below do so by monkeypatching), and each hostile shape to fail when the signal that keeps
the article's chrome out is switched off."""

from __future__ import annotations

import importlib

import pytest

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words

# (the modules, not the package's re-exports: the rules are switched off in them)
# (a rule is switched off where it is called: the climb's in _whole, their helpers' in _sections)
_whole = importlib.import_module("trawl.extract._whole")
_sections = importlib.import_module("trawl.extract._sections")
_namelines = importlib.import_module("trawl.extract._namelines")
_prune = importlib.import_module("trawl.extract._prune")
_content = importlib.import_module("trawl.extract._content")


def section(title: str, body: str, rank: int = 2, level: int = 1) -> str:
    """An AsciiDoc section: its heading, then its body in a wrapper of its own."""
    return (f"<div class='sect{level}'><h{rank} id='_{words(title).replace(' ', '_')}'>"
            f"{title}</h{rank}><div class='sectionbody'>{body}</div></div>"
            if level == 1 else
            f"<div class='sect{level}'><h{rank}>{title}</h{rank}>{body}</div>")


def para(text: str) -> str:
    return f"<div class='paragraph'><p>{text}</p></div>"


def options(names: list[str], text: str = LOREM) -> str:
    """An AsciiDoc labelled list: each option's term, then what it does."""
    entries = "".join(f"<dt class='hdlist1'>{n}</dt><dd><p>{n} {text}</p></dd>"
                      for n in names)
    return f"<div class='dlist'><dl>{entries}</dl></div>"


def manual_page(name: str, purpose: str, sections: str) -> str:
    """An AsciiDoc manual page: the header (its title "name(1) Manual Page" and its NAME
    section), the content of sections, the footnotes and the footer."""
    return (f"<html><head><title>{name}(1)</title></head><body class='manpage'>"
            f"<div id='header'><h1>{name}(1) Manual Page</h1><h2>NAME</h2>"
            f"<div class='sectionbody'><p>{name} -\n   {purpose}\n</p></div></div>"
            f"<div id='content'>{sections}</div><div id='footnotes'><hr></div>"
            "<div id='footer'><div id='footer-text'>Last updated\n 2024-05-31 00:35:55 UTC"
            "</div></div></body></html>")


GIT = section("GIT", para("Part of the <a href='git.html'>git(1)</a> suite"))
SYNOPSIS = section("SYNOPSIS", "<div class='verseblock'><pre class='content'>"
                               "<em>git tool</em> [&lt;options&gt;] &lt;tree-ish&gt;</pre></div>")
DESCRIPTION = section("DESCRIPTION", para("Compares the content of two trees. " + LOREM))

# -- a section's body in a wrapper of its own -------------------------------------------

LONG = [f"--option-{i}" for i in range(24)]
SHORT = [f"&lt;arg-{i}&gt;" for i in range(6)]
OPTIONS_PAGE = manual_page(
    "git-tool", "Compares two trees",
    SYNOPSIS + DESCRIPTION
    + section("OPTIONS", options(LONG) + para("For more on these options, see also "
                                              "<a href='gitdiffcore.html'>gitdiffcore(7)</a>.")
              + options(SHORT))
    + section("RAW OUTPUT FORMAT", para("The raw output format is one line a change. "
                                        + LOREM) * 4)
    + section("EXAMPLES", para("An example, with a clause, and its listing. " + LOREM) * 2)
    + GIT)
OPTIONS_PARTS = ("git-tool - Compares two trees", "SYNOPSIS", "Compares the content of "
                 "two trees.", "--option-0 " + LOREM, "--option-23", "<arg-0> " + LOREM,
                 "<arg-5>", "For more on these options, see also gitdiffcore(7).",
                 "RAW OUTPUT FORMAT", "An example, with a clause", "Part of the git(1) suite")


def test_a_long_option_list_in_a_wrapped_section_body_is_not_the_page() -> None:
    # git-diff-tree.html kept 56 %: the OPTIONS section's long list of options won, and
    # its body (AsciiDoc's div.sectionbody, under the section's heading) also holds a
    # line and a shorter list; none of the widening rules saw the section through the
    # wrapper, and the page was the one list
    e = extract(OPTIONS_PAGE, URL)
    assert_kept(e.text, *OPTIONS_PARTS)
    assert "Last updated" not in e.text


def test_without_the_wrapped_body_rule_the_long_list_stands_for_the_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_whole, "_in_wrapped_body", lambda *a: False)
    e = extract(OPTIONS_PAGE, URL)
    assert "--option-0" in e.text and "Compares the content of two trees" not in e.text


def teasers_html(n: int = 4) -> str:
    return "".join(f"<div class='teaser'><h3><a href='/news/{i}'>Another story {i} in the "
                   f"news</a></h3><p>What happened next in story {i}, told in a summary "
                   "of a few lines, with a clause.</p></div>" for i in range(n))


WRAPPED_STORY = ("<html><head><title>A story</title></head><body>"
                 "<div class='top'><a href='/'>Home</a></div>"
                 "<section class='story'><h1>A story</h1><div class='body'>"
                 f"<div class='text'>{STORY}</div>"
                 "<div class='more'>{}</div></div></section></body></html>")


def test_other_stories_in_a_storys_wrapped_body_stay_out() -> None:
    # hostile: the story's body (a wrapper under its heading) also holds a list of links
    # to other stories, or other stories' teasers: no text of the section's, they stay out
    links = "<ul>" + "".join(f"<li><a href='/news/{i}'>Another story {i} in the news</a>"
                             "</li>" for i in range(6)) + "</ul>"
    for more in (links, teasers_html()):
        e = extract(WRAPPED_STORY.format(more), URL)
        assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 2 of the story")
        assert "Another story" not in e.text and "What happened next" not in e.text


def test_teasers_in_a_wrapped_body_are_kept_out_by_the_teasers_signal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (the hostile shape checked: with no document text test, the teasers come in)
    monkeypatch.setattr(_sections, "_text_of_document", lambda *a: True)
    e = extract(WRAPPED_STORY.format(teasers_html()), URL)
    assert "What happened next" in e.text


# -- a document of sections alike, one of them most of it --------------------------------

VARIABLES = [f"core.setting{i}" for i in range(60)]
CONFIG_PAGE = manual_page(
    "git-settings", "Get and set options",
    SYNOPSIS + DESCRIPTION
    + section("FILES", para("By default, the tool reads several files. " + LOREM))
    + section("CONFIGURATION FILE", para("The file holds variables. " + LOREM) * 2
              + section("Syntax", para("The syntax is flexible. " + LOREM) * 3, 3, 2)
              + section("Values", options(["boolean", "integer", "color", "path"]), 3, 2)
              + section("Variables", para("This list is not complete.")
                        + options(VARIABLES), 3, 2))
    + section("BUGS", para("A known bug, with a clause, and its workaround. " + LOREM))
    + GIT)
CONFIG_PARTS = ("git-settings - Get and set options", "SYNOPSIS", "Compares the content of "
                "two trees.", "FILES", "By default, the tool reads several files.",
                "CONFIGURATION FILE", "The file holds variables.", "The syntax is flexible.",
                "This list is not complete.", "core.setting0 " + LOREM, "core.setting59",
                "BUGS", "A known bug", "Part of the git(1) suite")


def test_a_long_subsection_in_a_wrapped_section_body_is_not_the_page() -> None:
    # git-config.html kept 93 %: its CONFIGURATION FILE section's Variables subsection (a
    # list of hundreds of settings) won, and the section's wrapped body beside it (an
    # introduction, a short Syntax subsection) did not take it to its section
    e = extract(CONFIG_PAGE, URL)
    assert_kept(e.text, *CONFIG_PARTS)


def test_without_either_rule_the_subsection_stands_for_the_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (either rule takes it whole: the wrapped body's, or the sections alike's, the
    # Variables subsection among the body's h3 sections after its introduction; and the
    # sections read by their headings' rank, which reads sections alike too)
    monkeypatch.setattr(_whole, "_in_wrapped_body", lambda *a: False)
    monkeypatch.setattr(_whole, "_among_sections", lambda *a: False)
    monkeypatch.setattr(_whole, "sections_by_rank", lambda *a: False)
    e = extract(CONFIG_PAGE, URL)
    assert "core.setting59" in e.text and "A known bug" not in e.text


NOTE = ("<div class='admonitionblock'><table><tr><td class='icon'><div class='title'>Note"
        "</div></td><td class='content'>You probably do not want to run this yourself; it "
        "is started by the tool that needs it.</td></tr></table></div>")
DAEMON_PAGE = manual_page(
    "git-daemon-tool", "Temporarily store credentials in memory",
    # (the others a seventh of the page: past what the widening's first step climbs by,
    # short of what makes them parallel parts of the biggest)
    section("SYNOPSIS", "<div class='verseblock'><pre class='content'><em>git daemon-tool"
                        "</em> [--debug] [--timeout=&lt;seconds&gt;] &lt;socket-path&gt;"
                        "</pre></div>")
    + section("DESCRIPTION", NOTE + para("This command listens on the socket given, and "
                                         "answers each request with what it holds. " + LOREM)
              + para("If the --debug option is given, it keeps its error output open, "
                     "so that its messages can be read. " + LOREM))
    + GIT)
DAEMON_PARTS = ("git-daemon-tool - Temporarily store credentials in memory", "SYNOPSIS",
                "git daemon-tool [--debug] [--timeout=<seconds>] <socket-path>",
                "DESCRIPTION", "You probably do not "
                "want to run this yourself", "This command listens on the socket given",
                "If the --debug option is given", "GIT", "Part of the git(1) suite")


def test_the_biggest_of_a_documents_sections_is_not_the_document() -> None:
    # git-credential-cache--daemon.html kept 93 %: its DESCRIPTION section is most of the
    # page, so its sections alike beside it (SYNOPSIS, GIT) held too little text to be
    # taken as its siblings or parallel parts; the page lost their headings and its GIT
    # line
    e = extract(DAEMON_PAGE, URL)
    assert_kept(e.text, *DAEMON_PARTS)


def test_without_the_sections_rule_the_biggest_section_is_the_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (and without the sections read by their headings' rank, which reads them too)
    monkeypatch.setattr(_whole, "_among_sections", lambda *a: False)
    monkeypatch.setattr(_whole, "sections_by_rank", lambda *a: False)
    e = extract(DAEMON_PAGE, URL)
    assert "This command listens" in e.text and "Part of the git(1) suite" not in e.text
    assert "SYNOPSIS" not in e.text


def sections_beside_story(extra: str) -> str:
    return ("<html><head><title>The story</title></head><body><div class='page'>"
            f"<section><h2>The story</h2>{STORY * 3}</section>{extra}</div></body></html>")


MORE = "<section><h2>More stories</h2>" + teasers_html() + "</section>"
PICTURES = "<section><h2>In pictures</h2>" + teasers_html(5) + "</section>"
RELATED = ("<section><h2>Related articles</h2><ul>" + "".join(
    f"<li><a href='/r/{i}'>What readers of story {i} also read this week</a></li>"
    for i in range(6)) + "</ul></section>")
HOSTILE_BLOCKS = ("What happened next", "What readers of story")


def test_sections_beside_a_story_headed_like_it_stay_out() -> None:
    # hostile: a story's section, and sections headed at its rank that are no sections of
    # it: other stories' teasers, a promotion's list of links
    e = extract(sections_beside_story(MORE + RELATED + PICTURES), URL)
    assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 2 of the story")
    for text in HOSTILE_BLOCKS:
        assert text not in e.text


def test_sections_beside_a_story_are_kept_out_by_the_document_text_test(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (the hostile shape checked: with no document text test, they come in)
    monkeypatch.setattr(_sections, "_text_of_document", lambda *a: True)
    e = extract(sections_beside_story(MORE + RELATED + PICTURES), URL)
    assert all(text in e.text for text in HOSTILE_BLOCKS)


# -- a manual page's NAME section in the page's header ------------------------------------

SMALL_TEXT = ("Creates a file holding the contents of the blob specified by sha1. It returns "
              "the name of the temporary file in the following format: .merge_file_XXXXX")
SMALL_PAGE = manual_page("git-small", "Creates a temporary file with a blob's contents",
                         SYNOPSIS + section("DESCRIPTION", para(SMALL_TEXT))
                         + section("OPTIONS", options(["&lt;blob&gt;"], "Must be a blob id"))
                         + GIT)


def test_a_manual_pages_name_section_in_its_header_is_kept() -> None:
    # git-unpack-file.html kept 80 %, git-prune.html 93 %: AsciiDoc writes the NAME
    # section ("git-prune - Prune all unreachable objects") in the page's header, under
    # the title "git-prune(1) Manual Page", and it went with the header as a standfirst;
    # a small page (the body its content) and a bigger one (its content beside the header)
    e = extract(SMALL_PAGE, URL)
    assert e.headline == "git-small(1) Manual Page"
    assert_kept(e.text, "NAME", "git-small - Creates a temporary file with a blob's contents",
                SMALL_TEXT)
    for page_, name_line in ((OPTIONS_PAGE, "git-tool - Compares two trees"),
                             (CONFIG_PAGE, "git-settings - Get and set options")):
        e = extract(page_, URL)
        assert e.headline and e.headline.endswith("(1) Manual Page")
        assert_kept(e.text, "NAME", name_line)
        assert "(1) Manual Page" not in e.text  # (the headline, said once)


def test_without_the_manual_name_the_name_line_goes_with_the_header(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_namelines, "manual_name", lambda headline: None)
    assert "Creates a temporary file" not in extract(SMALL_PAGE, URL).text
    assert "Compares two trees" not in extract(OPTIONS_PAGE, URL).text


def test_without_the_name_section_rule_a_big_pages_name_line_is_lost(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_content, "_with_name_section", lambda content, *a: content)
    assert "Get and set options" not in extract(CONFIG_PAGE, URL).text


def header_story(headline: str, standfirst: str) -> str:
    return ("<html><head><title>Town news</title></head><body>"
            f"<div id='header'><h1>{headline}</h1><p>{standfirst}</p></div>"
            f"<div id='content'>{STORY * 3}</div></body></html>")


def test_an_articles_standfirst_in_its_header_stays_out() -> None:
    # hostile: an article's header with a standfirst that starts with the headline's
    # first word and a dash is no name line (the headline is no "name(1)" title), nor is
    # one under a headline with a parenthesis further on
    for headline, standfirst in (
            ("Budget vote delayed again", "Budget - the council put off the vote, and "
                                          "the mayor is not pleased"),
            ("Budget vote (2026) delayed", "Budget - the council put off the vote, and "
                                           "the mayor is not pleased")):
        e = extract(header_story(headline, standfirst), URL)
        assert_kept(e.text, "Paragraph 0 of the story")
        assert "the council put off the vote" not in e.text


# -- a manual's cross-references: name(section) ------------------------------------------

SEE_ALSO = section("SEE ALSO", para("<a href='git-pack-objects.html'>git-pack-objects(1)</a>\n"
                                    "<a href='git-repack.html'>git-repack(1)</a>\n"
                                    "<a href='printf.html'>printf(3)</a>"))


def test_a_see_also_of_manual_pages_is_kept() -> None:
    # git-pack-redundant.html kept 93 %: its SEE ALSO paragraph, three links each a manual
    # page's name and section, went as a paragraph of links
    e = extract(manual_page("git-pack", "Find redundant packs",
                            SYNOPSIS + DESCRIPTION + SEE_ALSO + GIT), URL)
    assert_kept(e.text, "SEE ALSO", "git-pack-objects(1) git-repack(1) printf(3)")


def test_without_manual_references_the_see_also_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_prune, "manual_reference", lambda text: False)
    # (and without brief 53's names listed as a section's wrapped body, which keeps it too)
    monkeypatch.setattr(_prune, "wrapped_section_body", lambda el: False)
    e = extract(manual_page("git-pack", "Find redundant packs",
                            SYNOPSIS + DESCRIPTION + SEE_ALSO + GIT), URL)
    assert "git-repack" not in e.text


def test_a_paragraph_of_other_links_still_goes() -> None:
    # hostile: a paragraph of one-word links and of numbered pages ("Page (2)": a word, a
    # space, a number) after a story is navigation, not manual references
    nav = ("<p><a href='/'>Home</a> <a href='/archive'>Archive</a> "
           "<a href='/p/2'>Page (2)</a> <a href='/p/3'>Page (3)</a></p>")
    e = extract("<html><head><title>Story</title></head><body><article><h1>Story</h1>"
                f"{STORY}{nav}</article></body></html>", URL)
    assert_kept(e.text, "Paragraph 0 of the story")
    assert "Archive" not in e.text and "Page" not in e.text
    assert _prune.manual_reference("git-repack(1)") and _prune.manual_reference("ssl(7ssl)")
    assert not _prune.manual_reference("Page (2)") and not _prune.manual_reference("f()")



def test_a_story_among_cards_is_no_document_of_sections(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # hostile (main's cards shape, tests/test_extract_manuals4.py): a story as the first of
    # a list's cards, each headed at its rank, the others other stories' teasers or a
    # section's menu: entries alike, not the story's sections; with its dek and without
    from .test_extract_manuals4 import DEK, NAV_CARD, TEASER_CARD, cards_page

    shapes = [cards_page(card, dek) for card in (TEASER_CARD, NAV_CARD) for dek in (DEK, "")]
    for page_ in shapes:
        got = words(extract(page_, URL).text)
        assert "another headline" not in got and "latest in section" not in got
    # (checked: without the cards test, sections alike take them in)
    monkeypatch.setattr(_sections, "_cards", lambda node, parent: False)
    leaked = [page_ for page_ in shapes if "another headline" in words(extract(page_, URL).text)]
    assert len(leaked) == 2  # (the teasers' two shapes; the menu's stays out by its links)
