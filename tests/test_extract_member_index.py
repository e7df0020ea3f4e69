"""A page's own index of its members is its content (``_memberindex.member_index``).

TypeDoc opens each class's and interface's page with "Index": groups ("Properties",
"Methods") of its members' names, each linked to its entry below on the same page. Nothing
but links, the index went as a block of links (RxJS's NextNotification.html kept 79.2 %);
Javadoc's "Method Summary" and Doxygen's member tables, the same list, are kept. The hostile
shape: the same links in an "on this page" outline beside the column (a sidebar box), and
an outline of the page's sections by their titles.
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept

DESCRIPTION = ("A Subscription represents a disposable resource, such as the execution of an "
               "Observable. A Subscription has one important method, unsubscribe, that takes "
               "no argument and just disposes the resource held by the subscription.")
MEMBERS = ("closed", "add", "remove", "unsubscribe")


def member(name: str) -> str:
    return (f"<section class='member'><h3 id='{name}'>{name}<a href='#{name}' "
            "class='anchor'><svg></svg></a></h3><div class='signature'>"
            f"{name}(): void</div><p>Does what {name} says to the subscription.</p></section>")


def index(names: tuple[str, ...] = MEMBERS) -> str:
    # (an optional member's name with its mark, "closed?", at ``#closed``)
    links = "".join(f"<a href='#{n}' class='index-link'><svg></svg><span>{n}"
                    f"{'?' if n == 'closed' else ''}</span></a>\n" for n in names)
    return ("<section class='panel-group index-group'><section class='panel'>"
            "<details open><summary><svg></svg><h5>Index</h5></summary><div>"
            "<section class='index-section'><h3 id='methods'>Methods<a href='#methods' "
            f"class='anchor'><svg></svg></a></h3><div class='index-list'>{links}</div>"
            "</section></div></details></section></section>")


def class_page(before: str, after: str = "") -> str:
    return ("<html><head><title>Subscription | RxJS</title></head><body>"
            "<header><a href='../index.html'>RxJS</a></header><div class='col-content'>"
            "<h1>Class Subscription</h1>"
            f"<div class='comment'><p>{DESCRIPTION}</p><p>{LOREM}</p></div>{before}"
            "<details class='member-group' open><summary><h2>Methods</h2></summary>"
            + "".join(member(n) for n in MEMBERS) + f"</details>{after}</div>"
            "<nav class='col-sidebar'><a href='../modules.html'>Modules</a></nav></body></html>")


def test_a_pages_index_of_its_members_is_kept() -> None:
    # (fails with `_memberindex:member_index=false`: the index, its members' names linked to
    # their entries below, went as a block of links)
    text = extract(class_page(index()), URL).text
    assert_kept(text, DESCRIPTION)
    assert "Index" in text, text
    assert "closed? add remove unsubscribe" in " ".join(text.split()), text


def test_an_outline_of_the_same_links_beside_the_column_still_goes() -> None:
    # (an "on this page" box of the page's members at the column's end: the boilerplate
    # pass and the choice of the content leave it out before prune asks; `_in_chrome`, the
    # rule's own guard for such a box, fails no test alone: boxes a class or a tag says are
    # navigation go first)
    outline = ("<div class='sidebar-toc'><h5>On this page</h5><ul>" + "".join(
        f"<li><a href='#{n}'>{n}</a></li>" for n in MEMBERS) + "</ul></div>")
    text = extract(class_page("", outline), URL).text
    assert_kept(text, DESCRIPTION)
    assert "On this page" not in text, text


def test_a_box_of_jumps_to_a_storys_parts_still_goes() -> None:
    # (fails with `_memberindex:_names_anchor=true`: a recipe's "Skip ahead" box, under its
    # heading and linking places below on the page, says words, not the names of entries)
    jumps = ("<div class='jump-box'><h4>Skip ahead</h4><p><a href='#recipe'>Jump to Recipe"
             "</a>\n<a href='#nutrition'>Jump to Nutrition Facts</a></p></div>")
    story = [f"Part {i} of the story of this bread, from the flour to the oven. {LOREM}"
             for i in range(4)]
    page = ("<html><head><title>Rye bread</title></head><body><article><h1>Rye bread</h1>"
            f"{jumps}" + "".join(f"<p>{p}</p>" for p in story) +
            f"<h2 id='recipe'>Recipe</h2><p>{LOREM}</p><h2 id='nutrition'>Nutrition</h2>"
            f"<p>{LOREM}</p></article></body></html>")
    text = extract(page, URL).text
    assert_kept(text, *story)
    assert "Jump to Recipe" not in text, text
