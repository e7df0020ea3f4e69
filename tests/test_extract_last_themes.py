"""Every page whole (issue 26): the last pages of Sphinx themes' sets (brief 87).

- a reading list grouped under labels: a section's long list of talks, then more lists,
  each under a label of its own ("Distributed testing:"): the longest list won alone
  (``_readinglist.labelled_lists``).
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL

SIDEBAR = ("<div class='sphinxsidebar' role='navigation'><h3>Contents</h3><ul>"
           + "".join(f"<li><a href='/p{i}.html'>Page number {i}</a></li>" for i in range(8))
           + "</ul></div>")


def _talk(i: int) -> str:
    return (f"<li><p><a href='https://video.example/{i}'>Testing with fixtures, part {i}"
            f"</a>, Jane Speaker, PyCon {2000 + i}</p></li>")


def _group(label: str, n: int, cls: str = "simple") -> str:
    items = "".join(f"<li><p><a href='https://blog.example/{label[:4]}{i}'>{label[:-1]} "
                    f"post number {i}</a> (blog post)</p></li>" for i in range(n))
    return f"<p>{label}</p><ul class='{cls}'>{items}</ul>"


def _reading_page(groups: str) -> str:
    talks = "<ul class='simple'>" + "".join(_talk(i) for i in range(24)) + "</ul>"
    return ("<html><head><title>Talks</title></head><body><div class='document'>"
            "<div class='body' role='main'><section id='talks'><h1>Talks and tutorials</h1>"
            "<section id='books'><h2>Books</h2><ul class='simple'>"
            + "".join(f"<li><p><a href='https://books.example/{i}'>Testing quick start, "
                      f"edition {i}, by A. Writer ({2010 + i})</a>.</p></li>" for i in range(3))
            + "</ul></section><section id='postings'><h2>Talks and blog postings"
            f"</h2>{talks}{groups}</section></section></div></div>{SIDEBAR}</body></html>")


def test_a_reading_lists_labelled_groups_are_kept() -> None:
    groups = "".join(_group(label, 3) for label in (
        "Test parametrization:", "Assertion introspection:", "Distributed testing:"))
    e = extract(_reading_page(groups), URL)
    assert "Testing with fixtures, part 23" in e.text
    assert "Distributed testing post number 2" in e.text
    assert "Test parametrization post number 0" in e.text
    assert "Testing quick start" in e.text
    assert "Page number 3" not in e.text


def test_a_related_posts_list_under_its_label_is_no_group() -> None:
    # hostile: a list under "Related posts:" after the section's list is a promotion of
    # other pages beside it, not a group of the reading list
    groups = _group("Test parametrization:", 3) + _group("Related posts:", 6)
    e = extract(_reading_page(groups), URL)
    assert "Testing with fixtures, part 23" in e.text
    assert "Related posts post number 4" not in e.text
