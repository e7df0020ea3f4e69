"""Every page whole (issue 26): a section's introduction set as a sidebar box, right under
the section's heading and over its subsections (DocBook's ``sidebar``: FreeTDS's guide
opens "OS-specific Issues" with one). The hostile shape beside it: a page's sidebar column
of prose beside the content, under no heading, still goes."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words

INTRO = ("If you have built and installed the library and noticed steps peculiar to your "
         "system, we will happily include your comments here. Check with your vendor first.")


def sub(title: str) -> str:
    return (f"<div class='s2'><div class='tp'><div><div><h3>{title}</h3></div></div></div>"
            f"<p>{LOREM}</p><p>{LOREM}</p></div>")


def test_a_sidebar_opening_a_section_is_kept() -> None:
    # the chapter's introduction, a sidebar box between its title block and its first
    # subsection, went as a page's sidebar column (88 %)
    html = ("<html><head><title>OS-specific Issues</title></head><body><div class='s1'>"
            "<div class='tp'><div><div><h2>OS-specific Issues</h2></div></div></div>"
            f"<div class='sidebar'><p>{INTRO}</p></div>"
            f"{sub('Win32 and Win64')}{sub('VMS')}{sub('AIX')}</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, INTRO, "Win32 and Win64", LOREM)


def test_a_pages_sidebar_column_still_goes() -> None:
    # hostile: a site's sidebar column of prose, after its menu, beside the story
    about = ("This blog is written by a retired engineer who lives by the sea and writes "
             "about budgets, councils and the weather. Subscribe to read more of it.")
    html = ("<html><head><title>Budget vote</title></head><body><div class='wrap'>"
            "<div class='menu'><a href='/'>Home</a> <a href='/about'>About</a></div>"
            f"<div class='sidebar'><p>{about}</p></div>"
            f"<div class='post'><h2>Budget vote</h2>{STORY}</div></div></body></html>")
    e = extract(html, URL)
    assert "Paragraph 5 of the story" in e.text
    assert "retired" not in words(e.text)
