"""Every page whole (issue 26): an API entry's notes, as TypeDoc writes them (RxJS's reference:
109 of 236 pages under 80 % before these rules), are the entry's:

- a description whose class says "comment" and that shows a diagram (a picture in a
  paragraph of its own) is no comment thread, whose avatars are small, linked or named so;
- a deprecation note of one link in a "comment" block is no block of a thread's links;
- a source note in an ``aside`` ("Defined in src/internal/scheduler/asap.ts:44") is no
  sidebar.

Each has its hostile twin: a thread of comments with avatars, a sidebar of recent posts.
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept, page, words

SUMMARY = ("Projects each source value to an Observable which is merged in the output "
           "Observable, emitting values only from the most recently projected Observable.")
DETAIL = ("Returns an Observable that emits items based on applying a function that you supply "
          "to each item emitted by the source Observable, where that function returns an inner "
          "Observable.")
NOTE = "Renamed to asapScheduler. Will be removed in v8."
SOURCE = "Defined in rxjs/src/internal/scheduler/asap.ts:44"


def signatures(name: str, n: int) -> str:
    """An entry's list of signatures, each with its parameters and return type."""
    return "<section class='api-signatures'><ul>" + "".join(
        f"<li><div class='api-signature'><code>{name}&lt;T{i}&gt;(project: (value: T{i}) "
        f"=&gt; O, index: number): OperatorFunction&lt;T{i}, O&gt;</code></div>"
        f"<h4>Parameters</h4><ul><li><code>project</code>: a function of the value</li>"
        f"<li><code>index</code>: the value's place</li></ul>"
        f"<h4>Returns</h4><p><code>OperatorFunction&lt;T{i}, O&gt;</code></p></li>"
        for i in range(n)) + "</ul></section>"


def test_a_description_with_a_diagram_is_no_thread() -> None:
    # (fails with `_doccomment:_avatar=true`: the diagram read as a commenter's avatar, the
    # description went as a thread and the signatures were taken for the page)
    body = ("<h1>Function switchMap</h1>"
            f"<section class='api-panel api-comment'><div class='api-comment prose'>"
            f"<p>{SUMMARY}</p><p><img src='switchMap.png' alt=''></p><p>{DETAIL}</p>"
            "</div></section>" + signatures("switchMap", 3))
    text = extract(page(body, "switchMap"), URL).text
    assert_kept(text, SUMMARY, DETAIL)


THREAD_SAYS = "What a helpful article, it saved my afternoon of debugging the scheduler."


def test_comments_with_their_writers_avatars_still_go() -> None:
    # (fails with `_doccomment:_avatar=false`: no date, no "Reply", no linked name; the
    # small pictures are the thread's mark)
    comments = "".join(
        f"<div class='comment'><p><img src='/u/{n}.png' width='48' height='48' alt=''> "
        f"{n} says</p><p>{THREAD_SAYS}</p></div>" for n in ("alice", "bob"))
    body = ("<h1>Scheduling in practice</h1>"
            + "".join(f"<p>Part {i} of the article. {LOREM}</p>" for i in range(6))
            + f"<div>{comments}</div>")
    text = extract(page(body, "Scheduling in practice"), URL).text
    assert_kept(text, LOREM)
    assert words(THREAD_SAYS) not in words(text)


def variable(note: str, source: str) -> str:
    """A variable's page: its title, its declaration, a deprecation note, its source note."""
    return ("<h1>Variable asap</h1>"
            "<div class='api-signature'><code>asap: AsapScheduler = asapScheduler</code></div>"
            "<div class='api-comment api-typography'><div class='api-tag-deprecated'>"
            "<h4 id='deprecated'>Deprecated<a href='#deprecated' class='anchor-icon'>"
            f"<svg viewBox='0 0 24 24'></svg></a></h4><p>{note}</p></div></div>" + source)


def test_a_deprecation_note_with_a_link_is_kept() -> None:
    # (fails with `_doccomment:doc_comment=false`, and with `block_weight` giving the class
    # weight alone: its links, a name and the heading's self-link, are a fifth of its words,
    # and the class's "comment" made it a block of links)
    note = NOTE.replace("asapScheduler", "<a href='asapScheduler.html'>asapScheduler</a>")
    text = extract(page(variable(note, ""), "asap"), URL).text
    assert_kept(text, NOTE)


def test_an_entrys_source_note_is_kept() -> None:
    # (fails with `_sourcenote:source_note=false`: the aside went as a sidebar)
    source = f"<aside class='api-sources'><ul><li>{SOURCE}</li></ul></aside>"
    text = extract(page(variable(NOTE, source), "asap"), URL).text
    assert_kept(text, NOTE, SOURCE)


def test_a_sidebars_plain_boxes_still_go() -> None:
    # (fails with `_sourcenote:source_note=true`: a newsletter's box, words and no link, is
    # a sidebar however short; and with SOURCE_NOTE_MAX_CHARS past 1,000: a box about the
    # blog that quotes a file and a line among its sentences)
    about = " ".join(f"Week {i}: we write about build tools and the bugs they hide."
                     for i in range(20))
    body = ("<h1>Scheduling in practice</h1>"
            + "".join(f"<p>Part {i} of the article. {LOREM}</p>" for i in range(6))
            + "<aside class='widget'>Subscribe to our newsletter for a tip every week.</aside>"
            + f"<aside class='widget'>{about} Last week: the crash at main.c:120.</aside>")
    text = extract(page(body, "Scheduling in practice"), URL).text
    assert_kept(text, LOREM)
    assert "newsletter" not in text and "main.c" not in text
