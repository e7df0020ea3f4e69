"""An API reference's parameter list (issue 26, Node.js's API reference: under each
function's heading, "<code>path</code> <a>&lt;string&gt;</a>", "Returns: <a>&lt;string&gt;</a>",
a property's type alone, each type a link to its definition) is the entry's text: each
link names a type between angle brackets, a name as a scoped one is
(``_prune.type_in_brackets``), so the list cites names and stays, however linked. A pager's
arrows ("&lt;&lt;", "&lt;", "&gt;") name nothing, and the pager still goes."""

from __future__ import annotations

import re

import pytest

from trawl.extract import _prune, extract

from .test_extract_whole import URL

PROSE = ("<p>The method returns the directory name of a path, similar to the Unix dirname "
         "command; trailing directory separators are ignored, and an empty path gives the "
         "current directory, as a dot.</p>")
STRING = "<a href='https://developer.mozilla.org/docs/String' class='type'>&lt;string&gt;</a>"
ERROR = "<a href='https://developer.mozilla.org/docs/Error' class='type'>&lt;Error&gt;</a>"


def entry(name: str, params: str) -> str:
    return (f"<section><h3><code>{name}</code></h3>"
            "<div class='api_metadata'><span>Added in: v0.1.16</span></div>"
            f"{params}{PROSE}</section>")


def reference(body: str) -> str:
    # (the content in a plain div, as a generator's own container: no ``main`` landmark,
    # whose lists are the page's own whatever they link)
    return ("<html><head><title>Path</title></head><body>"
            "<div id='menu'><ul><li><a href='assert.html'>Assertion testing</a></li>"
            "<li><a href='buffer.html'>Buffer</a></li><li><a href='fs.html'>File system</a>"
            "</li></ul></div><div id='column1'><div id='apicontent'><h2>Path</h2>" + PROSE
            + body + "</div></div></body></html>")


PAGE = reference(
    entry("path.dirname(path)", f"<ul><li><code>path</code> {STRING}</li>"
                                f"<li>Returns: {STRING}</li></ul>")
    + entry("path.delimiter", f"<ul><li>{STRING}</li></ul>")
    + entry("fs.access(path, callback)",
            f"<ul><li><code>path</code> {STRING}</li><li><code>callback</code> "
            f"<a href='https://developer.mozilla.org/docs/Function' class='type'>"
            f"&lt;Function&gt;</a><ul><li><code>err</code> {ERROR}</li></ul></li></ul>"))


def test_a_parameter_list_of_typed_names_is_kept() -> None:
    # fs.html kept 99.6 %, path.html 98.7 %: every parameter list whose items are a name
    # and its type's link (a property's type alone) went as a list of links
    text = extract(PAGE, URL).text
    assert "Returns: <string>" in text
    assert re.search(r"path <string>", text) and "err <Error>" in text
    assert "callback <Function>" in text


def test_without_the_rule_the_parameter_list_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_prune, "type_in_brackets", lambda text: False)
    text = extract(PAGE, URL).text
    assert "Returns" not in text and "<Error>" not in text


def test_a_menu_of_words_and_a_pager_of_arrows_still_go() -> None:
    # hostile: a menu of one-word links and a pager set in the content after the entries:
    # a word is no type without its brackets, and an arrow in brackets names none
    menu = ("<ul><li><a href='/'>Home</a></li><li><a href='/blog'>Blog</a></li>"
            "<li><a href='/about'>About</a></li><li><a href='/contact'>Contact</a></li></ul>")
    pager = ("<ul><li><a href='?p=1'>&lt;&lt;</a></li>"
             "<li><a href='?p=2'>&lt;</a></li><li><a href='?p=2'>2</a></li>"
             "<li><a href='?p=4'>4</a></li><li><a href='?p=4'>&gt;</a></li>"
             "<li><a href='?p=9'>&gt;&gt;</a></li></ul>")
    text = extract(reference(entry("path.sep", f"<ul><li>{STRING}</li></ul>") + menu + pager),
                   URL).text
    assert "<string>" in text
    assert "Contact" not in text and "Blog" not in text
    assert "<<" not in text and ">>" not in text
    assert _prune.type_in_brackets("<fs.Stats>") and _prune.type_in_brackets("<integer[]>")
    assert not _prune.type_in_brackets("<<") and not _prune.type_in_brackets("<2>")
