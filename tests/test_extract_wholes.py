"""Every page whole (issue 26), prune's wholes (``_wholes``): a block prune's measure takes
for links and a rule keeps as content (an entry's signature lines, a reference's names) is
content down to its parts, which prune no longer judges afresh as loose lists.

The shapes are the three falls of session 17, each an outer block kept by a rule with
link-dense parts inside: an instance's folded methods whose lines are links but for their
``::`` (``minBound :: <a>CBool</a> <a>Source</a>``: GHC-Enum's repeated lines), the same
block in a type class's own entry (GHC-IO-IOMode's methods), and an entry's "Possible
signatures:" list inside a block of signature lines (Node.js's).

The hostile twins (``_wholes.whole``, the guard: a block merely not doomed is no whole): a
sidebar inside the main column, a "related posts" list after a story and a table of
contents beside a guide's text still go, their outer block kept only because it is mostly
text.
"""

from __future__ import annotations

from trawl.extract import extract

HEAD = ("<html><head><title>{title}</title></head><body><div id='content'><div "
        "id='module-header'><p class='caption'>{title}</p></div><div id='interface'>"
        "<h1>Documentation</h1>")
FOOT = "</div></div></body></html>"


def link(target: str, text: str) -> str:
    return f"<a href='{target}' title='M'>{text}</a>"


def bounded_row(type_name: str) -> str:
    """An instance's row of a class's table, its folded details listing the methods'
    lines, each a name and its type, both linked, and the Source link: no arrow."""
    t = link(f"Foreign-C-Types.html#t:{type_name}", type_name)
    methods = "".join(
        f"<p class='src'><a href='#v:{m}'>{m}</a> :: {t} <a href='src/GHC-Enum.html#{m}' "
        f"class='link'>Source</a> <a href='#v:{m}' class='selflink'>#</a></p>"
        for m in ("minBound", "maxBound"))
    return (f"<tr><td class='src clearfix'><span class='inst-left'><span class='instance'>"
            f"</span> {link('GHC-Enum.html#t:Bounded', 'Bounded')} {t}</span> <a "
            f"href='#t:Bounded' class='selflink'>#</a></td><td class='doc empty'>&nbsp;</td>"
            f"</tr><tr><td colspan='2'><details id='i:{type_name}'><summary>Instance details"
            f"</summary><p>Defined in {link('Foreign-C-Types.html', 'Foreign.C.Types')}</p> "
            f"<div class='subs methods'><p class='caption'>Methods</p>{methods}</div>"
            "</details></td></tr>")


def test_an_instances_methods_lines_of_links_but_their_colons_are_kept() -> None:
    # session 17 (GHC-Enum.html, 8,340 -> 8,048 words): the methods' block is an entry's
    # signature lines, kept; its lines, each past nine tenths links, were then pruned one by
    # one as link paragraphs
    types = ("CBool", "CChar", "CShort", "CInt", "CLong", "CSize")
    rows = "".join(bounded_row(t) for t in types)
    html = (HEAD.format(title="GHC.Enum") + "<div class='top'><p class='src'><span "
            "class='keyword'>class</span> <a id='t:Bounded' class='def'>Bounded</a> a "
            "<span class='keyword'>where</span></p><div class='doc'><p>The Bounded class is "
            "used to name the upper and lower limits of a type. Ord is not a superclass of "
            "Bounded since types that are not totally ordered may also have upper and lower "
            "bounds.</p></div><div class='subs instances'><h4 class='instances'>Instances</h4>"
            f"<details id='i:Bounded' open='open'><summary>Instances details</summary><table>"
            f"{rows}</table></details></div></div>" + FOOT)
    text = " ".join(extract(html, "https://docs.example/GHC-Enum.html").text.split())
    for t in types:
        assert f"minBound :: {t}" in text and f"maxBound :: {t}" in text


def read_instance_row() -> str:
    """An instance's row whose folded methods are type signatures, each with its Source and
    self links, one of them (``readPrec :: ReadPrec IOMode``, no arrow) links but for its
    ``::``."""
    t = link("GHC-IO-IOMode.html#t:IOMode", "IOMode")
    methods = "".join(
        f"<p class='src'><a href='GHC-Read.html#v:{m}'>{m}</a> :: {sig} <a href='src/"
        f"GHC-Read.html#{m}' class='link'>Source</a> <a href='#v:{m}' class='selflink'>#</a>"
        "</p>"
        for m, sig in (("readsPrec", f"{link('GHC-Types.html#t:Int', 'Int')} -&gt; "
                                     f"{link('Text-ParserCombinators-ReadP.html', 'ReadS')} {t}"),
                       ("readList", f"{link('Text-ParserCombinators-ReadP.html', 'ReadS')} "
                                    f"[{t}]"),
                       ("readPrec", f"{link('Text-ParserCombinators-ReadPrec.html', 'ReadPrec')}"
                                    f" {t}")))
    return (f"<tr><td class='src clearfix'><span class='inst-left'><span class='instance'>"
            f"</span> {link('GHC-Read.html#t:Read', 'Read')} {t}</span></td><td class='doc'>"
            f"<p><em>Since: base-4.2.0.0</em></p></td></tr><tr><td colspan='2'><details "
            f"id='i:Read'><summary>Instance details</summary><p>Defined in "
            f"{link('GHC-Read.html', 'GHC.Read')}</p><div class='subs methods'><p "
            f"class='caption'>Methods</p>{methods}</div></details></td></tr>")


MODES = "".join(f"<p>Mode {i}: the mode a handle is opened in says whether it reads or "
                "writes the file, where the writes go, and whether the file is made when it "
                "is missing.</p>" for i in range(4))


def test_a_folded_methods_line_all_links_but_its_colons_stays_with_its_block() -> None:
    # session 17 (GHC-IO-IOMode.html, 278 -> 273 words): the Read instance's methods, kept
    # as signature lines since 2c2ba6c; "readPrec :: ReadPrec IOMode Source" went alone
    html = (HEAD.format(title="GHC.IO.IOMode") + "<div class='top'><p class='src'><span "
            "class='keyword'>data</span> <a id='t:IOMode' class='def'>IOMode</a></p><div "
            f"class='doc'>{MODES}</div><div class='subs instances'><h4 "
            "class='instances'>Instances</h4><details id='i:IOMode' open='open'><summary>"
            f"Instances details</summary><table>{read_instance_row()}</table></details></div>"
            "</div>" + FOOT)
    text = " ".join(extract(html, "https://docs.example/GHC-IO-IOMode.html").text.split())
    assert "readsPrec :: Int -> ReadS IOMode" in text
    assert "readPrec :: ReadPrec IOMode" in text
