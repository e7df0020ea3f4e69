"""A type's hierarchy in its entry is the entry's (``_apinames._type_tree``).

TypeDoc writes each class's and interface's parents and children under "Hierarchy (<a>View
Summary</a>)": a nested list, the type itself set apart unlinked, every other type linked by
its name to the page named after it. Nothing but links besides the one name, the section
went as a block of links (RxJS's Unsubscribable.html kept 77.8 %). The hostile shapes: a
story's tree of topics, its tags linked to their pages (named in lower case, as a site's
slugs are), and a navigation tree that links its current page too.
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept

DESCRIPTION = ("A Subject is a special type of Observable that allows values to be multicasted "
               "to many Observers. Subjects are like EventEmitters: every Subject is an "
               "Observable and an Observer.")


def item(text: str, children: str = "") -> str:
    below = f"<ul class='hierarchy'>{children}</ul>" if children else ""
    return f"<li class='hierarchy-item'>{text}{below}</li>"


def linked(name: str, page: str | None = None) -> str:
    return f"<a href='{page or name}.html' class='signature-type'>{name}</a>"


SUBJECT_TREE = item(linked("Observable") + "<span class='sym'>&lt;</span><a href='#t'>T</a>"
                    "<span class='sym'>&gt;</span>",
                    item("<span class='target'>Subject</span>",
                         item(linked("BehaviorSubject")) + item(linked("ReplaySubject")) +
                         item(linked("AsyncSubject"))))


def class_page(section: str) -> str:
    return ("<html><head><title>Subject | RxJS</title></head><body>"
            "<header><a href='../index.html'>RxJS</a></header><div class='col-content'>"
            "<h1>Class Subject&lt;T&gt;</h1>"
            f"<div class='comment'><p>{DESCRIPTION}</p><p>{LOREM}</p></div>{section}"
            "<section class='member'><h3>asObservable</h3><div class='signature'>"
            "asObservable(): Observable&lt;T&gt;</div><p>Creates a new Observable with this "
            "Subject as the source.</p></section></div>"
            "<nav class='col-sidebar'><a href='../modules.html'>Modules</a></nav></body></html>")


def test_a_types_hierarchy_in_its_entry_is_kept() -> None:
    # (fails with `_apinames:_type_tree=false`: the section, links but the type's own name,
    # went as a block of links)
    section = ("<section class='panel hierarchy'><h4>Hierarchy (<a href='../hierarchy.html"
               f"#Subject'>View Summary</a>)</h4><ul class='hierarchy'>{SUBJECT_TREE}</ul>"
               "</section>")
    text = extract(class_page(section), URL).text
    assert_kept(text, DESCRIPTION)
    for name in ("BehaviorSubject", "ReplaySubject", "AsyncSubject", "Observable<T>"):
        assert name in text, (name, text)


def test_a_storys_tree_of_topics_still_goes() -> None:
    # (fails with `_apinames:_type_tree=true`: the topics are single words, one set apart,
    # the others linked to their pages; the pages' names are a site's slugs, not the words)
    tree = item("<span>Travel</span>", item(linked("Hiking", "/topics/hiking")) +
                item(linked("Wales", "/topics/wales")) + item(linked("Mountains",
                                                                     "/topics/mountains")))
    section = f"<section class='panel'><h4>Topics</h4><ul>{tree}</ul></section>"
    text = extract(class_page(section), URL).text
    assert_kept(text, DESCRIPTION)
    assert "Mountains" not in text, text


def test_a_tree_of_an_apis_pages_linking_the_current_one_still_goes() -> None:
    # (fails with `own == 1` loosened to `own <= 1` in `_type_tree`: a navigation tree of
    # the API's pages links the page it is on too, marked "current")
    tree = item(linked("Observable"), item("<a class='current' href='Subject.html'>Subject</a>")
                + item(linked("Subscriber")) + item(linked("Scheduler")))
    section = f"<section class='panel'><h4>Classes</h4><ul>{tree}</ul></section>"
    text = extract(class_page(section), URL).text
    assert_kept(text, DESCRIPTION)
    assert "Scheduler" not in text, text
