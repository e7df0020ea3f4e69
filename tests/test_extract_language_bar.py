"""A bar of links to the page in other languages, each link naming its language by
``hreflang`` (issue 26, the Apache HTTP Server's manual: "Available Languages: en | fr |
ja | ko | tr" over and under every page's content, inside the content's container), is
the site's chrome (``_linkbars._language_bar``). A sentence citing a translation, its
links with ``hreflang`` too, says more than a label and stays."""

from __future__ import annotations

import re

from trawl.extract import extract

from .test_extract_whole import URL


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


LANGS = (("de", "Deutsch"), ("fr", "Français"), ("ja", "Japanese"), ("ko", "Korean"),
         ("tr", "Türkçe"))
PROSE = ("<p>The directives in this module control which requests are mapped to which "
         "files, and how a request for a directory is answered when no index file is "
         "found in it, whether with a listing of its files or with an error.</p>")


def bar(cls: str) -> str:
    links = " |\n".join(f"<a href='../../{code}/mod/mod_dir.html' hreflang='{code}' "
                        f"rel='alternate' title='{name}'>&nbsp;{code}&nbsp;</a>"
                        for code, name in LANGS)
    return (f"<div class='{cls}'><p><span>Available Languages: </span>"
            f"<a href='../../en/mod/mod_dir.html' title='English'>&nbsp;en&nbsp;</a> |\n"
            f"{links}</p></div>")


def page(middle: str = "") -> str:
    return ("<html><head><title>mod_dir</title></head><body>"
            "<div id='page-content'><div id='preamble'><h1>Apache Module mod_dir</h1>"
            + bar("toplang") + PROSE + "</div><div class='section'><h2>Directory "
            "indexes</h2>" + PROSE + middle + PROSE + "</div></div>" + bar("bottomlang") +
            "</body></html>")


def test_the_bars_of_the_pages_languages_are_chrome() -> None:
    e = extract(page(), URL)
    assert "listing of its files" in e.text
    assert "Available Languages" not in e.text
    assert not {"de", "ja", "ko", "tr"} & words(e.text)


def test_a_sentence_citing_translations_is_text() -> None:
    e = extract(page("<p>Read it in <a href='/de/' hreflang='de'>German</a> or in "
                     "<a href='/fr/' hreflang='fr'>French</a>, as our translators "
                     "wrote it.</p>"), URL)
    assert {"German", "French", "translators"} <= words(e.text)
