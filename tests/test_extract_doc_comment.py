"""Every page whole (issue 26): an API entry's description that its generator's class calls a
"comment" (the doc comment it comes from: TypeDoc's pages) is the entry's, not a comment
thread; a thread of readers' comments (names, dates, "Reply" links) still goes."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept, page, words

SUMMARY = ("Returns an Observable that mirrors the source Observable, but delays each value "
           "by the given number of milliseconds before it emits it to its subscribers.")
NOTE = "Renamed to delayWhen. Will be removed in the next major version of the library."


def entry(name: str) -> str:
    """An API entry: a signature, its description and a tag block in "comment" blocks."""
    return (f"<section class='api-member'><h3>{name}</h3>"
            f"<div class='api-signature'><code>{name}(due: number): Operator</code></div>"
            f"<div class='api-comment prose'><p>{SUMMARY}</p></div>"
            f"<div class='api-comment prose'><h4>Deprecated</h4><p>{NOTE}</p></div>"
            "</section>")


def test_an_entrys_description_in_a_comment_block_is_kept() -> None:
    body = ("<h1>Class Scheduler</h1>"
            + "".join(f"<p>Part {i} of the overview. {LOREM}</p>" for i in range(3))
            + "".join(entry(f"delay{i}") for i in range(4)))
    text = extract(page(body, "Scheduler"), URL).text
    assert_kept(text, SUMMARY, NOTE)


THREAD_SAYS = "What a helpful article, it saved my afternoon of debugging the scheduler."


def test_a_thread_of_readers_comments_still_goes() -> None:
    comments = "".join(
        f"<div class='comment'><p><b>Reader {i}</b> <time datetime='2020-03-0{i}'>"
        f"March {i}, 2020</time></p><p>{THREAD_SAYS}</p><a href='#reply{i}'>Reply</a></div>"
        for i in range(1, 4))
    body = ("<h1>Scheduling in practice</h1>"
            + "".join(f"<p>Part {i} of the article. {LOREM}</p>" for i in range(6))
            + f"<div class='discussion'>{comments}</div>")
    text = extract(page(body, "Scheduling in practice"), URL).text
    assert_kept(text, LOREM)
    assert words(THREAD_SAYS) not in words(text)


def test_comments_led_by_their_writers_linked_names_still_go() -> None:
    # no date, no "Reply": the linked name leading each block is the thread's mark
    comments = "".join(
        f"<div class='comment'><a href='/u/{n}'>{n}</a> wrote: {THREAD_SAYS}</div>"
        for n in ("alice", "bob"))  # (two: no more blocks alike than a description has)
    body = ("<h1>Scheduling in practice</h1>"
            + "".join(f"<p>Part {i} of the article. {LOREM}</p>" for i in range(6))
            + f"<div>{comments}</div>")
    text = extract(page(body, "Scheduling in practice"), URL).text
    assert_kept(text, LOREM)
    assert words(THREAD_SAYS) not in words(text)
