"""A description's "See" list of an API's names is the entry's (``_doccomment._names_listed``,
``_doccomment._named_page``; ``_apinames._names_link`` asks ``_apinames._page_named``).

TypeDoc writes a doc comment's ``@see`` tag as a block whose class names a comment: a
heading "See" (with its icon permalink) over a list of names, each linked to the page
named after it (``<a href="../functions/first.html">first</a>``). All links, plain words
("first", "last") among them, and short, it went as a comment thread's line, or as a
list of links (RxJS's EmptyError.html kept 86 %). The hostile shapes: a short line of a
thread naming readers by their profiles, and a story's tags linked to a site's slugs.
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept

DESCRIPTION = ("An error thrown when an Observable or a sequence was queried but has no "
               "elements, as first, last and single do when the source completes empty.")


def page(after: str) -> str:
    return ("<html><head><title>EmptyError | RxJS</title></head><body>"
            "<div class='col-content'><h1>Variable EmptyError</h1>"
            "<div class='signature'>EmptyError: EmptyErrorCtor</div>"
            f"<div class='comment typography'><p>{DESCRIPTION}</p><p>{LOREM}</p></div>"
            f"{after}<aside class='sources'><ul><li>Defined in src/EmptyError.ts:3</li></ul>"
            "</aside></div></body></html>")


def see(*names: str) -> str:
    return ("<div class='comment typography'><div class='tag-see'><h4 id='see'>See<a "
            "href='#see' class='anchor-icon'><svg></svg></a></h4><ul>" + "".join(
                f"<li><a href='../functions/{n}.html'>{n}</a></li>" for n in names)
            + "</ul></div></div>")


def test_a_short_see_list_of_names_is_kept() -> None:
    # (fails with `_doccomment:_names_listed=false`: shorter than a sentence, it went as a
    # comment thread's line)
    text = extract(page(see("scan", "mergeScan", "switchMap")), URL).text
    assert_kept(text, DESCRIPTION, "scan mergeScan switchMap")


def test_a_see_list_of_names_linked_to_their_pages_is_kept() -> None:
    # (fails with `_doccomment:_named_page=false`: "first", "last", "single" are plain
    # words; linked each to the page named after it, they are the API's names)
    names = ("first", "last", "single", "firstValueFrom", "lastValueFrom")
    text = extract(page(see(*names)), URL).text
    assert_kept(text, DESCRIPTION, " ".join(names))


def test_a_short_line_of_readers_still_goes() -> None:
    # (fails with `_doccomment:_names_listed=true`: a thread's line names its readers,
    # linked to their profiles)
    liked = ("<div class='comment typography'><p>Liked by <a href='/users/ann'>ann</a> and "
             "<a href='/users/bob'>bob</a> and 3 more</p></div>")
    text = extract(page(liked), URL).text
    assert_kept(text, DESCRIPTION)
    assert "Liked" not in text, text


def test_a_storys_tags_linked_to_slugs_still_go() -> None:
    # (fails with `_doccomment:_named_page=true`: the tags' pages are the site's slugs, in
    # lower case, not the words as written)
    tags = ("<div class='labels'><h4>Filed under</h4><ul>" + "".join(
        f"<li><a href='/tags/{t.lower()}.html'>{t}</a></li>"
        for t in ("JavaScript", "TypeScript", "WebAssembly")) + "</ul></div>")
    text = extract(page(tags), URL).text
    assert_kept(text, DESCRIPTION)
    assert "WebAssembly" not in text, text
