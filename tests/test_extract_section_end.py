"""Every page whole (issue 26): the end of a document's last section. A reference entry's
last section may say one word ("Values: None", "Description: FIXME"); that is the section's
text, no share bar's label left at the page's end. The hostile shape beside it: a story's
dateline after its last section's paragraphs still goes."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_docbook import SYNOPSIS, entry, navheader
from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words


def test_a_sections_one_word_body_is_kept() -> None:
    # a tapset's probe "Values: None", a parameter's "Description: FIXME": the word went as
    # a trailing label ("Share", "Comments"), the last line of the page (93 %)
    body = (f"{SYNOPSIS}<div class='sect'><h2>Description</h2><p>{LOREM}</p></div>"
            "<div class='sect'><a name='id1'></a><h2>Values</h2><p>\n  None\n </p></div>")
    e = extract(entry("signal.syskill.return", "Sending kill signal completed", body), URL)
    assert_kept(e.text, LOREM, "Values None")


def test_a_storys_dateline_after_its_last_sections_paragraphs_still_goes() -> None:
    # hostile: the last section alike its siblings ends with a dateline after its text
    html = ("<html><head><title>Budget vote</title></head><body><div class='page'>"
            f"<div class='sect'><h2>The vote</h2>{STORY}</div>"
            f"<div class='sect'><h2>What comes next</h2><p>{LOREM}</p>"
            "<p>Updated May 3, 2020</p></div></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "What comes next", LOREM)
    assert "updated" not in words(e.text)


def test_a_sections_share_label_still_goes() -> None:
    # hostile: a share bar's label ends the story's last section, after its text
    html = ("<html><head><title>Budget vote</title></head><body><div class='page'>"
            f"<div class='sect'><h2>The vote</h2>{STORY}</div>"
            f"<div class='sect'><h2>What comes next</h2><p>{LOREM}</p>"
            "<p>Share</p></div></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "What comes next", LOREM)
    assert "share" not in words(e.text)


def test_a_list_of_names_the_page_ends_with_is_kept() -> None:
    # a table's "Tables referencing sl_node": sl_listen, sl_path, sl_set, a link an item at
    # the page's end: each went as a trailing label, from the last one up (93 %)
    items = "".join(f"<li><p><a href='table.{n}.html'>{n}</a></p></li>"
                    for n in ("sl_listen", "sl_path", "sl_set", "sl_setsync"))
    body = (f"<div class='sect'><h2>Columns</h2><p>{LOREM}</p>"
            f"<p><b>Tables referencing sl_node via Foreign Key Constraints</b></p>"
            f"<ul>{items}</ul></div>")
    e = extract(entry("sl_node", "Holds the list of nodes", body), URL)
    assert_kept(e.text, LOREM, "sl_listen sl_path sl_set sl_setsync")


def test_a_share_bars_labels_after_a_story_still_go() -> None:
    # hostile: a share bar's items, words left alone at the end once their buttons went
    items = "".join(f"<li><p>{n}</p></li>" for n in ("Tweet", "Email", "Print"))
    html = ("<html><head><title>Budget vote</title></head><body><article>"
            f"<h1>Budget vote</h1>{STORY}<p>{LOREM}</p><ul>{items}</ul>"
            "</article></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, LOREM)
    assert not {"tweet", "email", "print"} & set(words(e.text).split())


def test_a_declaration_under_the_last_heading_is_kept() -> None:
    # "Types and Values: struct GtkHPaned" over "struct GtkHPaned;": the last heading, less
    # than a line after it, went as a dangling heading (a "Comments" heading over its count)
    body = (f"<div class='sect'><h2>Description</h2><p>{LOREM}</p></div>"
            "<div class='sect'><h2>Functions</h2><div class='s2'><h3>paned_new ()</h3>"
            f"<pre>Widget *paned_new (void);</pre><p>{LOREM}</p></div></div>"
            "<div class='other'><h2>Types and Values</h2><div class='s2'>"
            "<h3>struct Paned</h3><pre>struct Paned;</pre></div></div>")
    e = extract(entry("Paned", "A widget with two panes", body), URL)
    assert_kept(e.text, "Types and Values", "struct Paned struct Paned")


def test_a_last_paragraph_opening_with_tags_is_kept() -> None:
    # "Tags for major releases consist of ...", two sentences ending the page: its first
    # word is a meta line's ("Tags: budget, council"), and it went as one (86 %)
    text = ("Tags for major releases and release candidates consist of a “v” followed by a "
            "version number such as “v3.2.1” or “v3.2.3rc0”. Major releases additionally "
            "have a tag prefixed with “wireshark-” followed by a version number.")
    html = ("<html><head><title>The Git repository</title></head><body><div class='sect'>"
            f"<h2>The Git repository</h2><p>{LOREM}</p><p>{LOREM}</p><p>{text}</p></div>"
            "</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, LOREM, text)


def test_a_storys_credit_lines_still_go() -> None:
    # hostile: a story's credits, two short sentences after its text
    html = ("<html><head><title>Budget vote</title></head><body><article>"
            f"<h1>Budget vote</h1>{STORY}<p>{LOREM}</p>"
            "<p>Reporting by Anna Berg in London. Editing by Carl Dunn and Eve Fox.</p>"
            "</article></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, LOREM)
    assert "reporting" not in words(e.text)


def release_notes(last_title: str, last_items: str) -> str:
    """A library's release notes, a page of its manual: a heading a version, flat, each over
    its list of changes; the last version's section as given."""
    versions = "".join(
        f"<h5><a name='v{v}'></a><a href='#v{v}'>Version 1.{v}</a></h5><div><ul>"
        + "".join(f"<li>Fixed bug {v}{i}: the buffer's capacity is copied with it, "
                  "as the constructor promises.</li>" for i in range(4)) + "</ul></div>"
        for v in (42, 41, 40))
    return (f"<html><head><title>Release Notes</title></head><body>{navheader('Notes')}"
            f"<div class='section'><h2>Release Notes</h2><p>{LOREM}</p>{versions}"
            f"<h5>{last_title}</h5>"
            f"<div><ul>{last_items}</ul></div></div>"
            "<div class='nf'><hr><table><tr><td><a href='prev.html'>Prev</a></td>"
            "<td><a href='index.html'>Home</a></td></tr></table></div></body></html>")


def test_the_first_releases_short_entry_ends_the_notes() -> None:
    # "Boost 1.35" over "Initial release.": the last heading over less than a line went as
    # a dangling heading ("Comments" over its count); it is the last of the versions alike
    e = extract(release_notes("<a href='#v39'>Version 1.39</a>", "<li>Initial release.</li>"),
                URL)
    assert_kept(e.text, "Fixed bug 403", "Version 1.39", "Initial release.")


def test_a_last_heading_over_a_listed_count_still_goes() -> None:
    # hostile: the same last heading over a count set as a list ("Comments" over "3 comments")
    e = extract(release_notes("Comments", "<li>3 comments</li>"), URL)
    assert_kept(e.text, "Fixed bug 403")
    assert "comments" not in words(e.text)


def test_a_cross_reference_to_a_place_on_the_page_is_kept() -> None:
    # a signal's "See also “to-embedder”." links to the signal on the same page (gtk-doc):
    # kept as a manual's cross-reference to a section, as one to another page's section is
    body = (f"<div class='sect'><h2>Signals</h2><div class='s2'><h3><a name='sig-from'></a>"
            f"The “from-embedder” signal</h3><pre>void user_function (Window *w);</pre>"
            f"<p>{LOREM}</p><p>See also <a href='#sig-to'>“to-embedder”</a>.</p></div>"
            f"<div class='s2'><h3><a name='sig-to'></a>The “to-embedder” signal</h3>"
            f"<pre>void user_function (Window *w);</pre><p>{LOREM}</p></div></div>")
    e = extract(entry("Windows", "Onscreen display areas", body), URL)
    assert_kept(e.text, "See also “to-embedder”.")
