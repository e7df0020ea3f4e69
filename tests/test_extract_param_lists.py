"""Every page whole (issue 26): an API entry's "Parameters" list as TypeDoc writes it (RxJS's
reference), a parameter an item, "fn1: <a>UnaryFunction</a>&lt;<a>T</a>, <a>A</a>&gt;": each
item is mostly its links (the names its type is made of), and prune dropped the block as a
list of links on every overload with three parameters or more
(``_decl._binding_list``, ``_decl._annotation_line``).
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL

PROSE = ("The value is read once when the process starts, and a change takes effect only "
         "after a restart, so set it in the service's environment.")


def _page(content: str) -> str:
    return ("<html><head><title>pipe</title></head><body><main><h1>Function pipe</h1>"
            f"{content}</main></body></html>")


def _param(i: int) -> str:
    return (f"<li><span><span class='kind'>fn{i}</span>: <a href='../UnaryFunction.html'>"
            f"UnaryFunction</a>&lt;<a href='#t{i}'>T{i}</a>, <a href='#t{i + 1}'>T{i + 1}"
            "</a>&gt;</span></li>")


def _overload(n: int) -> str:
    # (the signature line, then its description: type parameters, parameters, returns)
    params = "".join(_param(i) for i in range(1, n + 1))
    types = "".join(f"<li><span id='t{i}'>T{i}</span></li>" for i in range(1, n + 2))
    return (f"<li class='signature'>pipe&lt;{n} types&gt;(...{n} functions)</li>"
            "<li class='description'><section class='type-parameters'><h4>Type "
            f"Parameters</h4><ul>{types}</ul></section>"
            f"<div><h4>Parameters</h4><ul>{params}</ul></div>"
            "<h4>Returns UnaryFunction</h4></li>")


def test_an_entrys_parameter_list_is_kept() -> None:
    # (prose enough that dropping the lists would not gut the page: prune's own guard)
    intro = "".join(f"<p>Composes functions, part {i}. {PROSE}</p>" for i in range(6))
    e = extract(_page(f"<p>Composes functions. {PROSE}</p>{intro}<ul class='signatures'>" +
                      "".join(_overload(n) for n in range(3, 7)) + "</ul>"), URL)
    assert "Composes functions." in e.text
    lines = {" ".join(line.split()) for line in e.text.splitlines()}
    assert "fn5: UnaryFunction<T5, T6>" in lines


def test_lines_of_labelled_links_are_no_parameters() -> None:
    # hostile: a story's box of lines, each a label and a link of words ("Read: <a>our
    # latest stories</a>"): it opens as a parameter and its type, but the "type" reads as
    # words, no code, and links to other pages: a block of links, and it goes
    story = "".join(f"<p>{s} {PROSE}</p>" for s in ("We moved the service.",
                                                    "Memory use fell by half."))
    box = "<div>" + "".join(f"<div>Read{i}: <a href='/news/{i}.html'>our latest stories "
                            "today</a></div>" for i in range(4)) + "</div>"
    page = ("<html><head><title>A rewrite</title></head><body><div class='page'><article>"
            f"<h2>A rewrite</h2>{story}{box}{story}</article></div></body></html>")
    e = extract(page, URL)
    assert "Memory use fell by half." in e.text
    assert "latest stories" not in e.text
