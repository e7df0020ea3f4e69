"""Every page whole (issue 26): a sentence naming a version under a module's title ("New in
version 3.11.") is the page's first line, not a dateline, though "3.11" reads as a time
(``_edges._version_sentence``, its named-version clause: Python's docs lost it on 80
pages). A story's dateline under its headline whose date reads like a version ("City desk,
3.11.") still goes."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words


def module_page(line: str, after: str = "") -> str:
    return ("<html><head><title>tomllib</title></head><body><div class='body' role='main'>"
            "<section><h1>tomllib — Parse TOML files</h1><div class='versionadded'><p><span "
            f"class='versionmodified added'>{line}</span>{after}</p></div><p><strong>Source code:"
            f"</strong> <a href='https://example.org/tomllib'>Lib/tomllib</a></p><hr><p>{LOREM}"
            f"</p><p>{LOREM}</p></section></div></body></html>")


def test_a_version_a_module_was_added_in_is_kept() -> None:
    for line in ("New in version 3.11.", "Deprecated since version 3.6."):
        e = extract(module_page(line), URL)
        assert_kept(e.text, line, LOREM)
    # the version's phrase opens a sentence of the paragraph
    e = extract(module_page("Changed in version 3.10: ", "<code>metadata</code> is no longer "
                            "provisional."), URL)
    assert_kept(e.text, "Changed in version 3.10: metadata is no longer provisional", LOREM)


def test_a_datelines_date_under_the_headline_still_goes() -> None:
    # hostile: "City desk, 3.11." (a day and month): fails with any dotted number read as
    # a version, not only one the word "version" names
    for line in ("City desk, 3.11.",):
        html = ("<html><head><title>Budget vote</title></head><body><article><h1>Budget "
                f"vote</h1><p>{line}</p>{STORY}</article></body></html>")
        e = extract(html, URL)
        assert "Paragraph 5 of the story" in e.text
        assert words(line) not in words(e.text), line
