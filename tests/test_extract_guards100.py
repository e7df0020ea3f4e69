"""Every page whole (issue 26), brief 100: the guards no test proved, and the risks left
open by session 18. Each test names the loosening it fails under (``bench.loosen``)."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_generators95 import STORY_TEXT, yard_entry
from .test_extract_index import STORY
from .test_extract_whole import URL, assert_kept, words
from .test_extract_wholes import FOOT, HEAD, described_entry, server_line

SEE_POSTS = ("<dl class='tags'><dt>See also:</dt>"
             "<dd><a href='/2021/05/my-trip-to-rome'>My trip to Rome in the spring</a></dd>"
             "<dd><a href='/2021/06/the-best-pasta'>The best pasta I ever had</a></dd>"
             "<dd><a href='/2021/07/summer-in-naples'>A summer in Naples with friends</a></dd>"
             "</dl>")
"""A post's "See also:" list of other posts, in a block of its tags (a ``dl``: a list)."""


def test_a_see_also_tag_of_names_alone_is_the_entrys() -> None:
    # _blocktags._links_name_code: a tags block that is only its "See Also:" label and the
    # API's names, its text mostly links (fails with `_blocktags:_links_name_code=false`)
    see = ("<div class='tags'><p class='tag_title'>See Also:</p><ul class='see'>"
           + "".join(f"<li><a href='{n}.html' title='{n} (class)'>{n}</a></li>"
                     for n in ("Handlers::Base", "Handlers::Processor", "CodeObjects::Proxy"))
           + "</ul></div>")
    html = (f"<html><body><main><h1>Class: Parser</h1>{yard_entry('parse')}{see}"
            f"{yard_entry('tokenize')}</main></body></html>")
    assert "Handlers::Processor" in extract(html, URL).text


def test_a_see_also_box_of_posts_in_tags_in_the_main_landmark_still_goes() -> None:
    # hostile of _links_name_code: a block of tags labelled "See also:" whose links are
    # posts' titles, set in <main>, whose lists of links prune leaves (the landmark said
    # they are the page's): only the guard drops it (fails with
    # `_blocktags:_links_name_code=true`)
    e = extract(f"<html><body><main><article><h1>My trip</h1>{STORY}{SEE_POSTS}</article>"
                "</main></body></html>", URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "best pasta" not in words(e.text)


def latest_comments(target: str) -> str:
    """A story's list of its latest comments: each item its author and the story linked to
    the comment's place (``target`` and a number), and a line of what they said in a
    paragraph: half its text links, its items holding blocks (no table of contents)."""
    return "<h3>Latest comments</h3><ul>" + "".join(
        f"<li><a href='{target}{i}'>{who} Smith on the council's vote about the park</a>"
        f"<p>said it was overdue</p></li>" for i, who in enumerate(("Alice", "Bob", "Carol"))
    ) + "</ul>"


def thread_beside_story() -> str:
    """A story with its latest comments linked to their places in the thread after it
    (``div.entry#r0``, no word of chrome)."""
    thread = "".join(f"<div class='entry' id='r{i}'><p>{who} wrote: {STORY[:200]}</p></div>"
                     for i, who in enumerate(("Alice", "Bob", "Carol")))
    return (f"<html><head><title>The council votes</title></head><body><article>"
            f"<h1>The council votes on the park</h1>{STORY}{latest_comments('#r')}"
            f"<div class='entries'>{thread}</div></article></body></html>")


def test_latest_comments_linked_to_a_thread_on_the_page_still_go() -> None:
    # hostile of _summarylist._names_code: the comments' places are on the page (the
    # thread, after the story, is not removed: no word of its says chrome), so each link
    # leads to a place that exists, and its items hold paragraphs (no table of contents);
    # the links name people in words, no member's signature (fails with
    # `_summarylist:_names_code=true`)
    html = thread_beside_story()
    e = extract(html, URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "said it was overdue" not in words(e.text)


def test_a_box_of_other_pages_functions_named_as_code_still_goes() -> None:
    # hostile of _summarylist._entry_on_page: a "Related functions" box set in a guide, each
    # item a function's signature and a line on what it does, as a member summary writes
    # them, but its links lead to other pages: a menu of the site's, not the page's index
    # of itself (fails with `_summarylist:_entry_on_page=true`)
    e = extract(functions_box_page(), URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "Serialize an object" not in e.text


def functions_box_page() -> str:
    """A guide with a box of functions of other pages: signatures linked, a line each."""
    box = "<h3>Related functions</h3><ul>" + "".join(
        f"<li><a href='/lib/{mod}.html#{mod}.{fn}'>{mod}.{fn}(obj, *, indent=None)</a>\n"
        f"<p>{what}</p></li>" for mod, fn, what in (
            ("json", "dumps", "Serialize an object"),
            ("pickle", "dumps", "Serialize to bytes"),
            ("pprint", "pformat", "Format for people")))
    return f"<html><body><article><h1>Saving your work</h1>{STORY}{box}</article></body></html>"


TYPES = ("QBitArray", "QByteArray", "QDateTime", "QHash&lt;Key, T&gt;", "QLinkedList&lt;T&gt;",
         "qint16", "QStringList")


def types_page(unlinked: int) -> str:
    """A guide over a list of the types a stream writes, ``unlinked`` of them (the last)
    without a link."""
    items = "".join(f"<li><a href='{t[:5].lower()}.html'>{t}</a></li>"
                    if i < len(TYPES) - unlinked else f"<li>{t}</li>"
                    for i, t in enumerate(TYPES))
    return ("<html><head><title>Serializing Data Types</title></head><body><div "
            "class='content'><h1>Serializing Data Types</h1>"
            f"{STORY[:400]}<ul>{items}</ul>{STORY[400:]}</div></body></html>")


def test_a_list_of_types_two_of_them_unlinked_is_the_texts() -> None:
    # _namelist.UNLINKED_MIN at its boundary: two names without a page, a list of things
    # (fails with UNLINKED_MIN = 3, edited in the file)
    assert "QStringList" in extract(types_page(2), URL).text


def test_a_menu_of_types_one_of_them_unlinked_still_goes() -> None:
    # hostile of UNLINKED_MIN: a menu marks one entry unlinked, the page the reader is on
    # (fails with UNLINKED_MIN = 1, edited in the file)
    text = extract(types_page(1), URL).text
    assert_kept(text, *STORY_TEXT)
    assert "QDateTime" not in text


COMMENTS = (("Alice", "I have lived beside that park for twenty years and the council never once "
             "asked us what we wanted from it, so this vote is welcome."),
            ("Bob", "The money would be better spent on the roads, which are in a terrible "
             "state on the north side of town, and everyone knows it."),
            ("Carol", "Good news at last. The playground has been closed since the spring and "
             "the children have had nowhere to go after school."))


def test_a_thread_of_neutral_items_with_serial_ids_still_goes() -> None:
    # _textrun._serial_id (session 18's risk): a comment thread whose items share a class
    # that says nothing (div.item), their chrome in their ids (comment-42), each prose: a
    # run of the text's kind to one_of_a_run but for the guard (fails with
    # `_textrun:_serial_id=false`)
    thread = "".join(
        f"<div class='item' id='comment-{41 + i}'><p class='who'>{who} Smith, 3 May</p>"
        f"<p>Reader comment: {said} I said as much at the meeting last week, and I will "
        "say it again at the next one.</p></div>" for i, (who, said) in enumerate(COMMENTS))
    html = (f"<html><head><title>The council votes</title></head><body><article><h1>The "
            f"council votes on the park</h1>{STORY}<div class='list'><h3>3 responses</h3>"
            f"{thread}</div></article></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "reader comment" not in words(e.text)


FORMS = ("<p>Possible signatures:</p><ul><li><a href='Network-Listen.html#v:listen'><code>"
         "listen(port)</code></a> for <a href='#tcp'>TCP</a> servers</li><li><a href='"
         "Network-Listen.html#v:listenOn'><code>listenOn(path)</code></a> for <a href='#ipc'"
         ">IPC</a> servers</li></ul>")


def signatures_page(inside: str, forms: str = FORMS) -> str:
    """A module's page: a block of twelve undescribed entries' signature lines (a whole:
    a block of links to prune's measure, under 500 characters, its signature lines' links
    the most) holding ``forms`` (a "Possible signatures:" list) and ``inside``, then
    described entries."""
    names = tuple(f"{n}{v}" for v in ("", "V6") for n in (
        "listen", "listenOn", "listenAll", "listenAny", "listenTcp", "listenUdp"))
    return (HEAD.format(title="Network.Server") + "<div class='listening'>"
            + "".join(server_line(n) for n in names) + forms + inside + "</div>"
            + "".join(described_entry(i) for i in range(6)) + FOOT)


def signatures_text(inside: str, forms: str = FORMS) -> str:
    html = signatures_page(inside, forms)
    text = " ".join(extract(html, "https://docs.example/Network-Server.html").text.split())
    assert "listenUdpV6 :: Port -> IO Server" in text
    assert not forms or "listenOn(path) for IPC servers" in text
    return text


def test_a_related_menu_inside_a_block_of_signature_lines_still_goes() -> None:
    # _wholes.titles_menu (session 18's risk): a block of an entry's signature lines is a
    # whole, its parts spared; a "Related:" list of guides set in it, under a tenth of its
    # text, was spared with them. Its links say titles and lead to other pages (fails with
    # `_wholes:titles_menu=false`); the "Possible signatures:" list beside it, links of
    # code, stays (and goes with `_wholes:titles_menu=true`)
    related = ("<p>Related:</p><ul><li><a href='/guides/servers.html'>Writing your first "
               "server</a></li><li><a href='/blog/ports.html'>Picking a port</a></li></ul>")
    assert "Writing your first server" not in signatures_text(related)


def test_a_list_of_titles_a_sentence_leads_into_inside_a_whole_stays() -> None:
    # _wholes._led_in, titles_menu's guard: a list of specifications' titles, each linked
    # to its page elsewhere, that a sentence of the entry leads into (Node.js's perf_hooks:
    # "Node.js supports the following <a>Web Performance APIs</a>:", its link no
    # introduction's to _in_introduced), is the text's (fails with `_wholes:_led_in=false`)
    specs = ("<p>It follows these <a href='https://www.w3.org/TR/'>specifications</a>:"
             "</p><ul><li><a href='https://www.w3."
             "org/TR/server-timing'>Server Timing</a></li><li><a href='https://www.w3.org/TR/"
             "user-timing'>User Timing</a></li></ul>")
    assert "Server Timing User Timing" in signatures_text(specs, forms="")
