"""A manual page's contents list written as lines (groff's and man2html's shape: each
section a link and a ``<br>`` at the page's top, no ``ul``), session 22: the page's last
section, short ("SEE ALSO" over "motd(5), agetty(8)"), is one the page lists, kept as a
``ul``'s would be (``_listedsection._line_broken_run``). A story's skip links written the
same way, or a sentence's links, list no sections: a comment thread's heading left at the
end is still a leftover."""

from __future__ import annotations

import importlib

import pytest

from trawl.extract import extract

listedsection = importlib.import_module("trawl.extract._listedsection")

URL = "https://docs.example.test/man5/issue.5.html"
PARAGRAPH = ("<p>/etc/issue is a text file which contains a message or system identification to"
             " be printed before the login prompt. It may contain various sequences, if "
             "supported by the getty-type program employed on the system.</p>")


def manual_page() -> str:
    """groff -Thtml's shape: the title, the sections as lines of links, a rule, the
    sections, the last a line of other pages' names."""
    names = ("NAME", "DESCRIPTION", "FILES", "SEE ALSO")
    toc = "".join(f'<a href="#{n}">{n}</a><br>\n' for n in names)
    return ("<html><head><title>issue</title></head><body>"
            f"<h1 align='center'>issue</h1>{toc}<hr>"
            "<h2>NAME <a name='NAME'></a></h2><p>issue - prelogin message and "
            "identification file</p>"
            f"<h2>DESCRIPTION <a name='DESCRIPTION'></a></h2>{PARAGRAPH}"
            "<h2>FILES <a name='FILES'></a></h2><p><i>/etc/issue</i></p>"
            "<h2>SEE ALSO <a name='SEE ALSO'></a></h2>"
            "<p><i><b>motd</b></i>(5), <b>agetty</b>(8), <b>mingetty</b>(8)</p>"
            "<hr></body></html>")


def test_line_broken_contents_keep_the_last_section() -> None:
    text = extract(manual_page(), URL).full_text
    assert "mingetty" in text and "agetty" in text
    assert "SEE ALSO" in text


def test_without_the_rule_the_last_section_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    # the loosening, run: the page's last section is a dangling heading without it
    monkeypatch.setattr(listedsection, "LINE_BROKEN_LISTS", False)
    text = extract(manual_page(), URL).full_text
    assert "mingetty" not in text


STORY = ("The river rose overnight and the town woke to water in its streets; the council met "
         "at dawn and opened the school as a shelter for the families. ") * 4


def story(skip_links: str) -> str:
    return ("<html><head><title>Flood in town</title></head><body><article>"
            f"<h1 id='top'>Flood in town</h1>{skip_links}"
            f"<h2 id='night'>The night</h2><p>{STORY}</p>"
            f"<h2 id='morning'>The morning</h2><p>{STORY}</p>"
            "<h2 id='comments'>Comments</h2><p>No comments yet.</p>"
            "</article></body></html>")


def test_skip_links_as_lines_list_no_sections() -> None:
    # hostile: two skip links, one per line; one leads to the comments' heading and the
    # other to no heading: no list of the document's sections, the thread's heading goes
    # (fails with LISTED_MIN_SECTIONS = 1)
    links = "<a href='#content'>Skip to content</a><br><a href='#comments'>Jump to comments</a><br>"
    text = extract(story(links), "https://news.example.test/2026/flood.html").full_text
    assert "The morning" in text
    assert "No comments yet" not in text


def test_links_in_a_sentence_are_no_run() -> None:
    # hostile: the story's own sentence links its sections and its comments: a sentence's
    # links (text between them) are no contents list, the thread's heading goes (fails
    # with _line_broken_run taking every link of the parent, text between them or not)
    links = ("<p>Read <a href='#night'>the night</a>, <a href='#morning'>the morning</a> and "
             "<a href='#comments'>comments</a> below.</p>")
    text = extract(story(links), "https://news.example.test/2026/flood.html").full_text
    assert "The morning" in text
    assert "No comments yet" not in text


def test_the_run_is_the_links_between_breaks() -> None:
    from lxml import html as lxml_html

    root = lxml_html.fromstring("<div><a href='#a'>a</a><br><a href='#b'>b</a><br>Text after "
                                "<a href='#c'>c</a> and <a href='#d'>d</a></div>")
    a, b, c, d = root.findall(".//a")
    assert set(listedsection._line_broken_run(a)) == {a, b}
    assert set(listedsection._line_broken_run(b)) == {a, b}
    assert listedsection._line_broken_run(c) == []  # (text after it: inside a sentence)
    assert listedsection._line_broken_run(d) == []  # (text before it)
