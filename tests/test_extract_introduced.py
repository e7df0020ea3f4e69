"""Every page whole (issue 26): a list a sentence introduces is the text's, when that
sentence links an aside, and with the lists nested in its items (a download page: "NUT is
already available in the following operating systems (and <a>likely more</a>):", then
"Linux:" and its packages' links, "BSD systems:" and theirs). The hostile shape: a
promotion's lead that is mostly its link, over other stories' links."""

from __future__ import annotations

import pytest
from lxml.html import HtmlElement, fromstring

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept

OSES = ("Linux", "BSD systems", "Mac OS X")


def nested_item(name: str, i: int) -> str:
    """A list item: a system's label, then the list of its packages' links."""
    links = "".join(f"<li class='listitem'><a class='ulink' href='https://pkgs{i}.example/"
                    f"{j}'>Package recipe {i}-{j} for {name}</a></li>" for j in range(4))
    return (f"<li class='listitem'><p class='simpara'>{name}:</p><div class='itemizedlist'>"
            f"<ul class='itemizedlist'>{links}</ul></div></li>")


def download_page(intro: str) -> str:
    """A manual's download section: its prose, a note, then ``intro`` and a list of
    systems, each with its own list of package links."""
    items = "".join(nested_item(name, i) for i, name in enumerate(OSES))
    return ("<html><head><title>4. Download information</title></head><body>"
            "<div class='section'><h2>4. Download information</h2>"
            f"<p>This section presents the different methods to download the tools. {LOREM}"
            f"</p><div class='section'><h3>4.2. Binary packages</h3><p>{LOREM}</p>"
            f"<p>{intro}</p><div class='itemizedlist'><ul class='itemizedlist'>{items}</ul>"
            "</div></div></div></body></html>")


def test_a_list_a_linked_sentence_introduces_is_kept_with_its_nested_lists() -> None:
    # nut's download page (66 %): its lead-in links an aside ("likely more"), and each
    # system's packages are a list in the system's item, under a one-word label
    e = extract(download_page("The tools are already available in the following operating "
                              "systems (and <a href='https://wiki.example/more'>likely "
                              "more</a>):"), URL)
    assert_kept(e.text, "the following operating systems", "Package recipe 0-2 for Linux",
                "Package recipe 2-3 for Mac OS X")


def test_the_lists_nested_in_an_introduced_lists_items_are_kept() -> None:
    # the same list under a lead-in without a link: the nested lists, each under its label
    # ("Linux:"), are the introduced list's entries
    e = extract(download_page("The tools are already available in the following operating "
                              "systems:"), URL)
    assert_kept(e.text, "Package recipe 1-1 for BSD systems", "Package recipe 0-3 for Linux")


def test_a_promotions_lead_that_is_mostly_its_link_still_goes() -> None:
    # hostile: a lead of a few words of its own around a long link, over lists of links
    e = extract(download_page("Our editors picked <a href='https://news.example/guides'>these "
                              "guides on building your own application for you</a>:"), URL)
    assert_kept(e.text, "This section presents the different methods")
    assert "Package recipe 1-2" not in e.text


def sources_section(label: str) -> str:
    """A manual's section: its prose, then ``label`` and a list of other sites' pages."""
    links = "".join(f"<li class='listitem'><a class='ulink' href='https://site{i}.example/'>"
                    f"Building libraries handbook {i}</a></li>" for i in range(3))
    return ("<html><head><title>C.6. Libtool information</title></head><body>"
            "<div class='section'><h3>C.6. Libtool information</h3><p>The libraries are "
            f"built using Libtool. {LOREM}</p><p>{label}</p><div class='itemizedlist'>"
            f"<ul class='itemizedlist'>{links}</ul></div></div></body></html>")


def test_a_list_labelled_as_the_texts_references_is_kept() -> None:
    # nut's "References:" and three other sites' pages, a section's last words (73 %)
    for label in ("References:", "Further reading:"):
        e = extract(sources_section(label), URL)
        assert_kept(e.text, label, "Building libraries handbook 1")


def test_a_list_under_a_label_naming_no_sources_still_goes() -> None:
    # hostile: the same list under a site's "Resources:", a blogroll's "Links:", "More
    # guides:": links, pruned as before
    for label in ("Resources:", "Links:", "More guides:"):
        e = extract(sources_section(label), URL)
        assert_kept(e.text, "built using Libtool")
        assert "handbook 1" not in e.text, label



def headed_sources(heading: str) -> str:
    """A manual's appendix: a section of prose, then a section under ``heading`` (in a
    DocBook title block) whose list cites papers, each a link and where it appeared."""
    cites = "".join(f"<li class='listitem'><a href='https://papers{i}.example/'>Simple, "
                    f"fast and practical non-blocking and blocking concurrent queue "
                    f"algorithms, part {i}, by Michael Scott and Maged Michael</a>, in "
                    f"Symposium on Distributed Computing, 1996.</li>" for i in range(3))
    return ("<html><head><title>Appendices</title></head><body><div class='section'>"
            "<div class='section'><div class='titlepage'><div><div><h3>Platforms</h3></div>"
            f"</div></div><p>The library has been tested on many platforms. {LOREM}</p></div>"
            "<div class='section'><div class='titlepage'><div><div><h3>Future Developments"
            "</h3></div></div></div><ul><li>More data structures (set, hash table, dequeue)"
            "</li><li>Backoff schemes (exponential backoff or elimination)</li></ul></div>"
            "<div class='section'><div class='titlepage'><div><div><h3><a href='#refs'>"
            f"{heading}</a></h3></div></div></div><div class='orderedlist'><ol>{cites}</ol>"
            "</div></div></div></body></html>")


def test_a_list_under_a_heading_naming_the_texts_references_is_kept() -> None:
    # Boost.Lockfree's appendix ends on a section "References", two papers cited, each a
    # link to the paper and where it appeared: pruned as a list of links (56 %)
    e = extract(headed_sources("References"), URL)
    assert_kept(e.text, "References", "algorithms, part 2, by Michael Scott and Maged Michael, "
                "in Symposium")


def test_a_list_under_a_heading_naming_no_sources_still_goes() -> None:
    # hostile: the same list under a site's "Resources", "Related links": links, pruned
    for heading in ("Resources", "Related links"):
        e = extract(headed_sources(heading), URL)
        assert_kept(e.text, "tested on many platforms")
        assert "queue algorithms" not in e.text, heading

def test_a_wrapper_of_thousands_of_blocks_is_not_read_whole_for_each_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # prune asks of each element it would drop, and of each of its ancestors, whether a
    # sentence and a list alone fill it (_introduced_inside): a wrapper of thousands of
    # blocks was read whole for each of them (8,000 lists of links: 2.5 s -> 9.5 s); three
    # of its blocks tell it holds more than two
    from trawl.extract import _kept
    wrapper = fromstring("<div>" + "<ul><li><a href='/a'>A link</a></li></ul>" * 1_000
                         + "</div>")
    asked: list[HtmlElement] = []
    real = _kept._empty_anchor

    def counted(el: HtmlElement) -> bool:
        asked.append(el)
        return real(el)
    monkeypatch.setattr(_kept, "_empty_anchor", counted)
    assert not _kept._introduced_inside(wrapper)
    assert len(asked) <= 3
