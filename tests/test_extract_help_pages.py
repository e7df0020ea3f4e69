"""Every page whole (issue 26), brief 88: the shapes three generators measured before any
rule was tuned on them lost (GNOME's help, Mallard through yelp-xsl; Racket's Scribble;
Qt's QDoc), each with the hostile shape its rule's guard keeps out."""

from __future__ import annotations

from .test_extract_whole import LOREM, URL, assert_kept, words

from trawl.extract import extract  # isort: skip


def help_topic(section_id: str, heading: str, toolbar: str = "") -> str:
    """A help topic (yelp-xsl's Mallard HTML): an introduction, then two sections, each a
    ``section`` whose one child, ``div.inner``, holds its heading's block and its body;
    ``toolbar`` after the article."""
    def section(ident: str, title: str, body: str) -> str:
        return (f"<section id='{ident}'><div class='inner'><div class='hgroup'>"
                f"<h2 class='title'>{title}</h2></div><div class='region'>"
                f"<div class='contents'>{body}</div></div></div></section>")
    steps = ("<div class='steps'><ol class='steps'><li><p>Open the <a href='overview.html'>"
             "Activities</a> overview and start typing Printers.</p></li><li><p>Click "
             "Printers to open the panel.</p></li><li><p>Click the Show Jobs button and "
             "either pause or release the job, as you need.</p></li></ol></div>")
    return ("<html><head><title>Cancel, pause or release a print job</title></head><body>"
            "<main><header><div class='trails'><a href='index.html'>Help</a> » "
            "<a href='printing.html'>Printing</a></div></header><article>"
            "<div class='hgroup'><h1>Cancel, pause or release a print job</h1></div>"
            "<div class='region'><div class='contents'><p>You can cancel a pending print job "
            "and remove it from the queue in the printer settings.</p></div>"
            + section("cancel-print-job", "Cancel a print job",
                      "<p>If you accidentally started printing a document, you can cancel "
                      "the print so that you do not waste any ink or paper.</p>" + steps
                      + f"<p>{LOREM}</p>" * 4)
            + section(section_id, heading,
                      "<p>If you want to pause or release a print job, you can do so by "
                      "going to the jobs dialog in the printer settings.</p>" + steps)
            + f"{toolbar}</div></article><footer><p>Written by the docs team.</p></footer>"
            "</main></body></html>")


def test_a_sections_id_that_is_its_headings_slug_through_its_wrapper_is_no_component() -> None:
    # yelp-xsl wraps a section's whole in one div.inner: its id, the slug of its heading
    # ("pause-release-print-job"), read "print" as a print button's and the section went
    # (printing-cancel-job.html, 74 %)
    e = extract(help_topic("pause-release-print-job", "Pause and release a print job"), URL)
    assert_kept(e.full_text, "Pause and release a print job",
                "If you want to pause or release a print job")


def test_a_toolbar_whose_first_group_is_headed_by_its_name_still_goes() -> None:
    # a block whose first box is headed by its id's words, more boxes beside it: the id
    # names the block (a share toolbar), no heading's slug
    toolbar = ("<div id='share-print'><div class='group'><h4>Share print</h4>"
               "<p>Send this page to a friend, or print it for later reading at home.</p>"
               "</div><div class='group'><a href='/mail'>Mail it</a> "
               "<a href='/print'>Print it</a></div></div>")
    e = extract(help_topic("cancel-more", "More on cancelling", toolbar), URL)
    assert "send this page to a friend" not in words(e.full_text)


def card(href: str, title: str, description: str) -> str:
    """A guide's topic as yelp-xsl sets it in two columns: one link holding the topic's
    title and its description."""
    return (f"<div class='linkdiv'><a class='linkdiv' href='{href}'><span class='title'>"
            f"{title}</span><span class='dash'> — </span><span class='desc'>{description}"
            "</span></a></div>")


TOPICS = [
    ("user-add.html", "Add a new user account",
     "Add new users so that other people can log in to the computer."),
    ("user-delete.html", "Delete a user account",
     "Remove users that no longer use your computer."),
    ("user-changepassword.html", "Change your password",
     "Keep your account secure by changing your password often."),
    ("user-goodpassword.html", "Choose a secure password",
     "Use longer, more complicated passwords."),
    ("user-admin-change.html", "Change who has administrative privileges",
     "You can allow users to make changes to the system by giving them privileges."),
    ("user-admin-explain.html", "How do administrative privileges work?",
     "You need administrative privileges to change important parts of your system."),
]


def help_page(title: str, intro: str, groups: list[tuple[str, str]], after: str = "") -> str:
    """A help page as yelp-xsl writes it: the trail, then the article (its title, its
    introduction in ``div.contents``, then each of ``groups``, a heading and its body, as a
    ``section``), ``after`` at the article's end, then the credits footer."""
    sections = "".join(
        f"<section id='s{i}'><div class='inner'><div class='hgroup'><h2>{heading}</h2></div>"
        f"<div class='region'><div class='contents'>{body}</div></div></div></section>"
        for i, (heading, body) in enumerate(groups))
    return (f"<html><head><title>{title}</title></head><body><main><header>"
            "<div class='trails'><a href='index.html'>Help</a> » <a href='prefs.html'>"
            f"Settings</a></div></header><article><div class='hgroup'><h1>{title}</h1></div>"
            f"<div class='region'><div class='contents'>{intro}</div>{sections}{after}</div>"
            "</article><footer><div class='about'><h2>About</h2><p>Written by the docs team."
            "</p></div></footer></main></body></html>")


def test_a_guides_topics_under_its_headings_are_its_content() -> None:
    # a guide: a line of introduction, then its topics under three headings, each a card of
    # a link and what the page says; the climb stopped at the introduction and the topics
    # went as menus (user-accounts.html 25 %)
    groups = [(heading, "".join(card(*t) for t in TOPICS[2 * i:2 * i + 2]))
              for i, heading in enumerate(("Manage user accounts", "Passwords",
                                           "User privileges"))]
    e = extract(help_page("User accounts", "<p>Each person that uses the computer should "
                          "have a different user account. This allows them to keep their "
                          "files separate and to choose their own settings. It is also more "
                          "secure: you can only use another account if you know its password."
                          "</p>",
                          groups), URL)
    assert_kept(e.full_text, "Each person that uses the computer", "Manage user accounts",
                *[f"{title} — {description}" for _, title, description in TOPICS])


def test_a_topics_list_of_its_further_topics_is_content() -> None:
    # a topic's text, then the cards of its further topics in the same block: prune took
    # them for a menu (backup-why.html 62 %)
    intro = ("<p>Backing up your files simply means making a copy of them for safekeeping. "
             "This is done in case the original files become unusable due to loss or "
             "corruption.</p><p>The best way to back up your files is to do so regularly, "
             "keeping the copies off-site and encrypted.</p><div class='links'>"
             + "".join(card(*t) for t in TOPICS[:3]) + "</div>")
    e = extract(help_page("Back up your important files", intro, []), URL)
    assert_kept(e.full_text, "Backing up your files simply means",
                *[f"{title} — {description}" for _, title, description in TOPICS[:3]])


def story_page(after: str) -> str:
    """A story in an article, ``after`` it in the article's body."""
    return ("<html><head><title>The council votes</title></head><body><div class='page'>"
            "<article>"
            "<h1>The council votes on the park</h1><div class='body'>"
            + "".join(f"<p>Paragraph {i} of the story. {LOREM}</p>" for i in range(5))
            + f"{after}</div></article></div></body></html>")


def related(href: str, title: str, summary: str) -> str:
    return f"<li><a href='{href}'>{title}</a> — {summary}</li>"


RELATED = "".join(related(f"/news/story-{i}.html",
                          f"Another story number {i} on what the town hall voted today",
                          "Read the whole report.") for i in range(4))


def test_other_stories_with_summaries_under_a_promotions_heading_still_go() -> None:
    # the shape of a guide's topics (a link and a line on what it is), under "Related
    # stories": other stories, no topics of the page's own
    e = extract(story_page(f"<h3>Related stories</h3><ul>{RELATED}</ul>"), URL)
    assert_kept(e.full_text, "Paragraph 4 of the story")
    assert "another story number" not in words(e.full_text)


def test_desks_of_other_stories_after_a_story_make_no_guide() -> None:
    # a story, then the site's desks, each a heading over other stories and their summaries
    # (no promotion's heading): a story is longer than a guide's introduction
    desks = "".join(f"<section><h2>{desk}</h2><ul>{RELATED}</ul></section>"
                    for desk in ("Politics", "Sport"))
    page = story_page("").replace("</article>", f"</article>{desks}")
    e = extract(page, URL)
    assert_kept(e.full_text, "Paragraph 4 of the story")
    assert "another story number" not in words(e.full_text)


def test_dated_headlines_after_a_story_make_no_topics() -> None:
    # a story, then a list of other stories, each a date before its headline: the link is
    # no topic's title opening its item, and the rest no description (_opens_its_item)
    dated = "".join(f"<li><span>{day} May 2024</span> <a href='/news/story-{i}.html'>"
                    f"Another story number {i} on the vote</a></li>"
                    for i, day in enumerate((12, 13, 14, 15)))
    e = extract(story_page(f"<ul>{dated}</ul>"), URL)
    assert_kept(e.full_text, "Paragraph 4 of the story")
    assert "another story number" not in words(e.full_text)


def class_page(see_also: str) -> str:
    """A short class's page as QDoc writes it: the breadcrumb, the title, the brief, the
    header table, the detailed description ending with ``see_also``, then the footer."""
    return ("<html><head><title>QLatin1Char Class | Qt Core 5.15</title></head><body>"
            "<div class='header'><div class='navigationbar'><ul><li>Qt 5.15</li><li>"
            "<a href='qtcore-index.html'>Qt Core</a></li><li><a href='qtcore-module.html'>"
            "C++ Classes</a></li><li>QLatin1Char</li></ul></div></div>"
            "<div class='content mainContent'><h1 class='title'>QLatin1Char Class</h1>"
            "<p>The QLatin1Char class provides an 8-bit ASCII/Latin-1 character.</p>"
            "<div class='table'><table class='alignedsummary'><tr><td>Header:</td>"
            "<td>#include &lt;QLatin1Char&gt;</td></tr><tr><td>qmake:</td><td>QT += core"
            "</td></tr></table></div><h2 id='details'>Detailed Description</h2>"
            "<p>This class is only useful to construct a QChar with 8-bit character. It "
            "is used with the classes that take a character, so that no conversion from a "
            "string is needed at run time, which is slow for the many calls a loop makes."
            f"</p>{see_also}<h2>Member Function Documentation</h2><h3 class='fn' "
            "id='toLatin1'>char QLatin1Char::toLatin1() const</h3><p>Converts a Latin-1 "
            "character to an 8-bit ASCII representation of the character.</p></div>"
            "<div class='footer'><p>© 2020 The Qt Company Ltd.</p></div></body></html>")


def test_a_see_also_line_of_class_names_is_the_entrys_cross_references() -> None:
    # "See also QChar, QLatin1String, and QString.": the names of other classes, each
    # linked to its page, read as a promotion's lead and headlines (qlatin1char.html 90 %)
    e = extract(class_page("<p><b>See also </b><a href='qchar.html'>QChar</a>, "
                           "<a href='qlatin1string.html'>QLatin1String</a>, and "
                           "<a href='qstring.html'>QString</a>.</p>"), URL)
    assert_kept(e.full_text, "This class is only useful",
                "See also QChar, QLatin1String, and QString.")


def test_a_see_also_line_of_topics_still_goes() -> None:
    # the same line of a story's topics, words as prose writes them: a promotion
    e = extract(class_page("<p><b>See also </b><a href='/topics/sports.html'>Sports</a>, "
                           "<a href='/topics/music.html'>Music</a>, and "
                           "<a href='/topics/politics.html'>Politics</a>.</p>"), URL)
    assert_kept(e.full_text, "This class is only useful")
    assert "politics" not in words(e.full_text)


SECTIONS = ("Equality", "Booleans", "Numbers", "Strings", "Byte Strings", "Characters",
            "Symbols", "Regular Expressions", "Keywords", "Pairs and Lists",
            "Mutable Pairs and Lists", "Vectors", "Boxes", "Hash Tables", "Void",
            "Undefined")


def chapter_page(rows: str) -> str:
    """A chapter's page as Scribble writes it: the manual's contents on the left, then the
    main column (its bar of links, the chapter's title, a margin note, a paragraph, then
    ``rows``, a table of one cell a row), then the bar again."""
    bar = ("<div class='navsettop'><a href='../index.html'>top</a> <a href='prev.html'>"
           "← prev</a> <a href='index.html'>up</a> <a href='next.html'>next →</a></div>")
    toc = "".join(f"<tr><td>{i}</td><td><a href='c{i}.html'>Chapter {i}</a></td></tr>"
                  for i in range(1, 12))
    return ("<html><head><title>4 Datatypes</title></head><body><div class='tocset'>"
            f"<table>{toc}</table></div><div class='maincolumn'><div class='main'>{bar}"
            "<h3>4 Datatypes</h3><p>Each pre-defined datatype comes with a set of procedures "
            "for manipulating instances of the datatype. The sections below take them one "
            f"at a time, the simplest first.</p><table>{rows}</table>{bar}</div></div>"
            "</body></html>")


def test_a_chapters_contents_set_as_a_table_ends_its_page_whole() -> None:
    # a chapter's sections, one a row, each a numbered link: "4.21 Undefined" read as a
    # date line, and the walk back from the end took the entries up to "4.10" with it
    # (data.html 55 %)
    rows = "".join(f"<tr><td><p><a href='s{i}.html'>4.{i} {name}</a></p></td></tr>"
                   for i, name in enumerate(SECTIONS, 1))
    e = extract(chapter_page(rows), URL)
    assert_kept(e.full_text, "Each pre-defined datatype", "4.1 Equality",
                "4.10 Pairs and Lists", "4.16 Undefined")


def test_date_lines_in_rows_of_their_own_after_a_story_still_go() -> None:
    # a story's dates set in a table, a row each: lines of words, no links to other pages
    rows = "".join(f"<tr><td><p><a href='c{i}.html'>4.{i} {name}</a></p></td></tr>"
                   for i, name in enumerate(SECTIONS[:4], 1))
    rows += "<tr><td><p>Published 4.10.2024</p></td></tr><tr><td><p>Updated 4.11.2024</p>" \
            "</td></tr>"
    e = extract(chapter_page(rows), URL)
    assert_kept(e.full_text, "Each pre-defined datatype", "4.1 Equality")
    assert "updated 4 11 2024" not in words(e.full_text)

