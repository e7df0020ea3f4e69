"""Ids that say a page's subject, not a component: a part's anchor named after its
document's ("...-subscription-slot" in "...-subscription"; ``_ids._own_part``) and a
code term's anchor ending with its name ("guc-debug-print-parse"; ``_ids._term_anchor``).
A manual's chapter on subscriptions, comments or menus is no newsletter box, comment thread
or menu; the hostile shapes beside them are the widgets those words name."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_docbook import entry, navheader
from .test_extract_whole import LOREM, URL, assert_kept

SLOT = ("Each subscription receives changes through a replication slot on the publisher, "
        "created when the subscription is and dropped with it.")
EXAMPLE = "The examples set up three tables on the publisher and copy them to the subscriber."
MONITOR = "The subscriber's worker processes report their progress in a statistics view."


def chapter(name: str) -> str:
    """A manual's section page on ``name``: its id is the section's name with the chapter's
    before it, and its subsections' ids extend it (as generators name anchors)."""
    stem = f"logical-replication-{name.lower()}"
    subsections = "".join(
        f"<div class='sect2' id='{stem}-{slug}'><div class='titlepage'><h3>31.2.{k}. {title}"
        f"</h3></div><p>{text} {LOREM}</p><p>{LOREM}</p></div>"
        for k, (slug, title, text) in enumerate(
            (("slot", "Replication Slot Management", SLOT),
             ("examples", "Examples", EXAMPLE),
             ("monitoring", "Monitoring", MONITOR)), start=1))
    return (f"<html><head><title>31.2. {name}</title></head><body>{navheader('31.2. ' + name)}"
            f"<div class='sect1' id='{stem}'><div class='titlepage'><h2>31.2. {name}</h2>"
            f"</div><p>A {name.lower()} is the downstream side of logical replication.</p>"
            f"{subsections}</div><div class='nf'><hr><a href='prev.html'>Prev</a> "
            "<a href='index.html'>Home</a></div></body></html>")


def test_a_section_on_a_chrome_word_keeps_its_subsections() -> None:
    # the subsections' ids ("...-subscription-slot") said "subscription", a newsletter
    # box's word; each, a fifth of the page, went as boilerplate, and the page kept its
    # first paragraph
    for name in ("Subscription", "Comment", "Menu"):
        e = extract(chapter(name), URL)
        assert_kept(e.text, SLOT, EXAMPLE, MONITOR,
                    f"A {name.lower()} is the downstream side of logical replication.")


def test_a_reference_entry_named_after_a_chrome_word_is_whole() -> None:
    # a database's COMMENT command: its entry's id "sql-comment", each section's
    # "sql-comment-description" ...; the entry kept its name line alone
    sections = "".join(
        f"<div class='refsect1' id='sql-comment-{title.lower()}'><h2>{title}</h2>"
        f"<p>{title} of the command: {LOREM}</p></div>"
        for title in ("Description", "Parameters", "Notes", "Examples", "Compatibility"))
    e = extract(entry("COMMENT", "define or change the comment of an object",
                      sections).replace(
                          "<div class='ref'>", "<div class='ref' id='sql-comment'>", 1), URL)
    assert_kept(e.text, *(f"{t} of the command: {LOREM}" for t in
                          ("Description", "Parameters", "Notes", "Examples", "Compatibility")))


def settings_page(terms: str) -> str:
    return (f"<html><head><title>20.8. Logging</title></head><body>{navheader('20.8. Logging')}"
            "<div class='sect1' id='runtime-config-logging'><h2>20.8. Logging</h2>"
            f"<p>{LOREM}</p><dl class='variablelist'>{terms}</dl></div></body></html>")


def test_a_settings_term_named_after_a_chrome_word_is_kept() -> None:
    # a configuration reference's terms are anchored by their names: "guc-debug-print-parse"
    # said "print" (a print button's word), and the term went, its description left alone
    names = ("debug_print_parse", "debug_print_plan", "wal_skip_threshold", "log_min_messages")
    terms = "".join(
        f"<dt id='guc-{n.replace('_', '-')}'><span class='term'><code class='varname'>{n}"
        f"</code> (<code class='type'>boolean</code>)</span></dt><dd><p>{LOREM}</p></dd>"
        for n in names)
    e = extract(settings_page(terms), URL)
    assert_kept(e.text, *names)


def test_an_options_term_anchored_by_its_name_is_kept() -> None:
    # a command's options, written as options: "--skip-checks" anchored "cmd-skip-checks";
    # a function's entry, its name before its arguments: "print ()" anchored "index-print"
    terms = ("<dt id='index-print'><strong>print</strong> <em>(<var>filename</var>)</em></dt>"
             f"<dd><p>{LOREM}</p></dd>"
             "<dt id='cmd-skip-checks'><span class='name'>--skip-checks</span></dt>"
             f"<dd><p>{LOREM}</p></dd><dt id='cmd-verbosity'><span class='name'>--verbosity"
             f"</span></dt><dd><p>{LOREM}</p></dd>")
    e = extract(settings_page(terms), URL)
    assert_kept(e.text, "--skip-checks", "--verbosity", "print (filename)")


STORY_TEXT = ("The council voted on Tuesday to keep the library open through the summer, after "
              "a petition gathered more signatures than any before it.")


def test_a_comment_thread_whose_parts_extend_its_id_still_goes() -> None:
    # hostile: a long thread of comments under a short story, its parts named after it
    # ("comments-1"): the thread holds no page's heading, so its parts are still comments
    comments = "".join(f"<div id='comments-{i}'><p>Reader {i} wrote: I went there every "
                       f"week as a child and I am glad it stays open, thank you all.</p></div>"
                       for i in range(12))
    html = ("<html><head><title>Library stays open</title></head><body><article>"
            f"<h1>Library stays open</h1><p>{STORY_TEXT}</p><p>{STORY_TEXT}</p></article>"
            f"<div id='comments'><h2>12 comments</h2>{comments}</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, STORY_TEXT)
    assert "Reader 3 wrote" not in e.text


def test_a_share_term_in_a_story_still_goes() -> None:
    # hostile: a story's list of facts ends with a "Share" term over its buttons, its id
    # ending with the term's word; a word, not code: the id says what it is
    html = ("<html><head><title>Library stays open</title></head><body><article>"
            f"<h1>Library stays open</h1><p>{STORY_TEXT}</p><dl><dt>Where</dt><dd>Main "
            "Street library, all branches</dd><dt>When</dt><dd>From June to August</dd>"
            "<dt id='post-share'>Share on your networks</dt></dl>"
            f"<p>{STORY_TEXT}</p></article></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, STORY_TEXT, "From June to August")
    assert "Share on your networks" not in e.text


SESSION = "Session information functions tell a query which role and database it runs as."
COMMENTS = "Comment information functions read the comment stored for a database object."
WORKERS = "One row per subscription worker, with the last message received from the publisher."


def test_a_numbered_section_or_table_on_a_chrome_word_is_kept() -> None:
    # a function reference's section "9.26.5. Comment Information Functions" (id
    # "functions-info-comment") and its "Table 9.64." (id "...-comment-table"), and a
    # statistics chapter's "28.2.8. pg_stat_subscription" (id
    # "monitoring-pg-stat-subscription-view"): numbered as a manual numbers its parts, each
    # went as a comment thread or a newsletter box
    table = ("<div class='table' id='functions-info-comment-table'><p class='title'><b>Table "
             "9.64. Comment Information Functions</b></p><table><thead><tr><th>Function</th>"
             "<th>Description</th></tr></thead><tbody><tr><td><code>obj_description(oid)"
             f"</code></td><td>{COMMENTS}</td></tr></tbody></table></div>")
    body = ("<div class='sect1' id='functions-info'><h2>9.26. System Information Functions</h2>"
            f"<p>{LOREM}</p><div class='sect2' id='functions-info-session'><h3>9.26.1. Session "
            f"Information Functions</h3><p>{SESSION} {LOREM}</p><p>{LOREM}</p></div>"
            "<div class='sect2' id='functions-info-comment'><h3>9.26.5. Comment Information "
            f"Functions</h3><p>{LOREM}</p>{table}</div>"
            "<div class='sect2' id='monitoring-pg-stat-subscription-view'><h3>9.26.6. <code>"
            f"pg_stat_subscription</code></h3><p>{WORKERS} {LOREM}</p></div></div>")
    html = (f"<html><head><title>9.26. System Information Functions</title></head><body>"
            f"{navheader('9.26. System Information Functions')}{body}</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, SESSION, COMMENTS, WORKERS, "Table 9.64. Comment Information Functions",
                "9.26.5. Comment Information Functions", "9.26.6. pg_stat_subscription")


THREAD = "".join(f"<p>Reader {i} wrote: I went there every week as a child, and I am glad it "
                 "stays open.</p>" for i in range(2, 4))


def test_a_comment_thread_headed_by_its_count_still_goes() -> None:
    # hostile: a thread under a story, in its block, headed by its count ("1.2K replies",
    # "12 replies"): numbered by no document, its id says what it is (a heading "Comments"
    # over it is another matter: the id is then the heading's slug, a section's anchor)
    for count in ("1.2K replies", "12 replies"):
        html = ("<html><head><title>Library stays open</title></head><body><div class='post'>"
                f"<h1>Library stays open</h1>{f'<p>{STORY_TEXT}</p>' * 4}"
                f"<div id='comments'><h2>{count}</h2>{THREAD}</div></div></body></html>")
        e = extract(html, URL)
        assert_kept(e.text, STORY_TEXT)
        assert "Reader 3 wrote" not in e.text, count


CREDITS = ("Original author: Gene Selkov, Jr., Mathematics and Computer Science Division, "
           "Argonne National Laboratory.")


def test_an_appendix_sections_credits_are_kept() -> None:
    # an appendix numbers its sections under its letter ("F.7.3. Credits"): a module's
    # page in a manual's appendix of modules ends with who wrote it, id "cube-credits",
    # which went as a page's credits line
    sections = "".join(
        f"<div class='sect2' id='cube-{slug}'><div class='titlepage'><h3>F.7.{k}. {title}</h3>"
        f"</div>{text}</div>"
        for k, (slug, title, text) in enumerate(
            (("syntax", "Syntax", f"<p>{LOREM}</p><p>{LOREM}</p>"),
             ("usage", "Usage", f"<p>{LOREM}</p><p>{LOREM}</p>"),
             ("credits", "Credits", f"<p>{CREDITS}</p><p>Minor updates to this package were "
              "made by Bruno Wolff III in August/September of 2002.</p>")), start=1))
    html = (f"<html><head><title>F.7. cube</title></head><body>{navheader('F.7. cube')}"
            f"<div class='sect1' id='cube'><div class='titlepage'><h2>F.7. cube</h2></div>"
            f"<p>This module implements a data type cube for representing multidimensional "
            f"cubes.</p>{sections}</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "F.7.3. Credits", CREDITS, "Bruno Wolff III")
