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

from .test_extract_doc_comment import THREAD_SAYS
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


def story_with(after: str) -> str:
    """The text trawl extracts from a story of six paragraphs with ``after`` set below them
    (a thread, a sidebar's boxes: what must still go)."""
    body = ("<h1>Scheduling in practice</h1>"
            + "".join(f"<p>Part {i} of the article. {LOREM}</p>" for i in range(6)) + after)
    return extract(page(body, "Scheduling in practice"), URL).text


def test_comments_with_their_writers_avatars_still_go() -> None:
    # (fails with `_doccomment:_avatar=false`: no date, no "Reply", no linked name; the
    # small pictures are the thread's mark)
    comments = "".join(
        f"<div class='comment'><p><img src='/u/{n}.png' width='48' height='48' alt=''> "
        f"{n} says</p><p>{THREAD_SAYS}</p></div>" for n in ("alice", "bob"))
    text = story_with(f"<div>{comments}</div>")
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
    text = story_with("<aside class='widget'>Subscribe to our newsletter for a tip every week."
                      f"</aside><aside class='widget'>{about} Last week: the crash at "
                      "main.c:120.</aside>")
    assert_kept(text, LOREM)
    assert "newsletter" not in text and "main.c" not in text


def test_a_deprecation_note_naming_its_successor_is_kept() -> None:
    # (fails with `_doccomment:_mostly_names=false`: its link, a type's name of one word of
    # code, is a third of its words, past DOC_COMMENT_MAX_LINK_DENSITY)
    name = "ObservedValueUnionFromArray"
    note = f"Renamed to <a href='{name}.html'>{name}</a>. Will be removed in v8."
    text = extract(page(variable(note, ""), "asap"), URL).text
    assert_kept(text, f"Renamed to {name}. Will be removed in v8.")


def test_a_comment_of_worded_links_is_still_judged_by_them() -> None:
    # (fails with `_doccomment:_mostly_names=true`: a reader's comment whose links are words,
    # "my blog", "this thread", is no description however little its other marks say)
    says = ("See <a href='https://blog.example.net/'>my own blog about it</a> and "
            "<a href='/forum/t/12'>this old thread</a>.")
    comment = f"<div class='comment'><p>{says}</p></div>"
    text = story_with(comment)
    assert_kept(text, LOREM)
    assert "my own blog" not in text


def type_alias(signature: str) -> str:
    """A type alias's page: its title, its signature line, its type parameters."""
    return ("<h1>Type Alias PartialObserver&lt;T&gt;</h1>"
            f"<div class='api-signature'>{signature}</div>"
            "<section class='api-panel'><h4>Type Parameters</h4><ul><li>T</li></ul></section>"
            f"<p>{SOURCE}</p>")


def test_a_signature_line_of_linked_types_is_kept() -> None:
    # (fails with `_decl:declaration_line=false,_decl:type_binding=false`: the line is links
    # more than words, and either rule keeps it: it binds a name to a union of types)
    types = " <span class='sym'>|</span> ".join(
        f"<a href='../interfaces/{n}.html'>{n}</a><span class='sym'>&lt;</span><a href='#t'>T</a>"
        "<span class='sym'>&gt;</span>"
        for n in ("NextObserver", "ErrorObserver", "CompletionObserver"))
    signature = f"<span class='name'>PartialObserver</span><span class='sym'>:</span> {types}"
    text = extract(page(type_alias(signature), "PartialObserver"), URL).text
    assert_kept(text, "NextObserver<T> | ErrorObserver<T> | CompletionObserver<T>")


def test_a_functions_signature_line_of_linked_types_is_kept() -> None:
    # (fails with `_decl:declaration_line=false`: a call's signature, its type parameter and
    # return type linked, is no name bound to a type, which `type_binding` keeps)
    sym = "<span class='sym'>{}</span>".format
    t = "<a class='type-param' href='#taket'>T</a>"
    signature = (f"<span class='name'>take</span>{sym('&lt;')}{t}{sym('&gt;')}{sym('(')}"
                 f"<span class='param'>count</span>{sym(':')} <span class='type'>number</span>"
                 f"{sym(')')}{sym(':')} <a href='../interfaces/MonoTypeOperatorFunction.html'>"
                 f"MonoTypeOperatorFunction</a>{sym('&lt;')}{t}{sym('&gt;')}")
    entry = (f"<h1>Function take</h1><ul class='api-signatures'><li><div class='api-signature'>"
             f"{signature}</div><div class='api-description'><p>Emits only the first "
             "<code>count</code> values emitted by the source Observable, then completes, "
             "whether or not the source completes.</p></div></li></ul>"
             f"<p>{SOURCE}</p>")
    text = extract(page(entry, "take"), URL).text
    assert_kept(text, "take<T>(count: number): MonoTypeOperatorFunction<T>")


def test_a_line_of_worded_links_still_goes() -> None:
    # (fails with `_decl:declaration_line=true`: a menu's line of links, spaced words)
    menu = " | ".join(f"<a href='/{n.lower()}'>{n}</a>" for n in ("Guides", "Reference", "Blog",
                                                                  "Community", "Download"))
    text = extract(page(type_alias(menu), "PartialObserver"), URL).text
    assert_kept(text, SOURCE)
    assert "Community" not in text


def member_group(title: str, names: list[str], long: str = "") -> str:
    """A group of a class's members a reader may fold: a ``details`` whose ``summary``
    holds the group's title, then a section of the members, each headed by its name; the
    member named ``long`` says much more than the others (the scorer's block); with ``*``,
    every member says much."""
    members = "".join(f"<section class='api-member'><h3>{n}</h3>"
                      f"<div class='api-signature'><code>{n}(): void</code></div>"
                      f"<p>{LOREM * (12 if n == long else 6 if long == '*' else 1)}</p></section>"
                      for n in names)
    return (f"<details class='api-group' open><summary><svg width='20'></svg><h2>{title}</h2>"
            f"</summary><section>{members}</section></details>")


CLASS_SUMMARY = ("A Subject is a special type of Observable that allows values to be multicasted "
                 "to many Observers, as an EventEmitter does.")


def test_a_classs_folded_member_groups_are_its_sections() -> None:
    # (fails with `_sections._section_body` taking no summary for its section's heading:
    # one long method was taken alone)
    body = ("<div class='api-title'><h1>Class Subject&lt;T&gt;</h1></div>"
            f"<section class='api-comment'><p>{CLASS_SUMMARY}</p></section>"
            "<section class='api-hierarchy'><h4>Hierarchy</h4><ul><li>Observable</li>"
            "<li>Subject</li></ul></section>"
            + member_group("Constructors", ["constructor"])
            + member_group("Properties", ["closed", "observers"])
            + member_group("Methods", [f"method{i}" for i in range(6)], long="method2"))
    text = extract(page(body, "Subject"), URL).text
    assert_kept(text, CLASS_SUMMARY, "Constructors", "closed", "method5")


def test_a_classs_long_member_group_is_one_of_its_sections() -> None:
    # (fails with `_tree._first_element` reading no heading in a summary: the methods, most
    # of the page, were taken alone, no heading to make them one of the class's sections)
    body = ("<div class='api-title'><h1>Class Subject&lt;T&gt;</h1></div>"
            f"<section class='api-comment'><p>{CLASS_SUMMARY}</p></section>"
            + member_group("Constructors", ["constructor"])
            + member_group("Properties", ["closed", "observers"])
            + member_group("Methods", [f"method{i}" for i in range(6)], long="*"))
    text = extract(page(body, "Subject"), URL).text
    assert_kept(text, CLASS_SUMMARY, "Constructors", "closed", "method5")


def test_a_folded_thread_beside_a_storys_sections_still_goes() -> None:
    # (a ``details`` of comments under its summary's heading, beside a story's sections, is
    # no section of the story: the thread's marks still say so)
    comments = "".join(
        f"<div class='comment'><p><b>Reader {i}</b> <time datetime='2020-03-0{i}'>"
        f"March {i}, 2020</time></p><p>{THREAD_SAYS}</p><a href='#reply{i}'>Reply</a></div>"
        for i in range(1, 4))
    story = "".join(f"<section class='part'><h2>Part {i}</h2><p>Part {i} says. {LOREM}</p>"
                    f"<p>{LOREM}</p></section>" for i in range(3))
    body = (f"<h1>Scheduling in practice</h1>{story}<details class='part' open><summary>"
            f"<h2>Comments (3)</h2></summary><section>{comments}</section></details>")
    text = extract(page(body, "Scheduling in practice"), URL).text
    assert_kept(text, LOREM, "Part 2 says")
    assert words(THREAD_SAYS) not in words(text)
