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


SERVER = link("Network-Server.html#t:Server", "Server")
PORT = link("Network.html#t:Port", "Port")


def server_line(name: str) -> str:
    """An undescribed entry's signature line: its name, its types linked."""
    return (f"<p class='src'><a id='v:{name}' class='def'>{name}</a> :: {PORT} -&gt; "
            f"{link('Prelude.html#t:IO', 'IO')} {SERVER} <a href='src/N.html#{name}' "
            "class='link'>Source</a></p>")


def described_entry(i: int) -> str:
    return (f"<div class='top'><p class='src'><a id='v:close{i}' class='def'>close{i}</a> :: "
            f"{SERVER} -&gt; {link('Prelude.html#t:IO', 'IO')} ()</p><div class='doc'><p>Stops "
            f"server {i} from accepting new connections and keeps the ones it has, until each "
            "ends; the callback is called once the server is closed.</p></div></div>")


def test_a_possible_signatures_list_inside_a_block_of_signature_lines_stays() -> None:
    # session 17 (Node.js, 6 pages): a block kept as its entries' signature lines, and the
    # "Possible signatures:" lists in it, their links' names the entry's own forms, pruned
    # one by one as lists of links
    names = ("listen", "listenOn", "listenAll", "listenAny", "listenTcp", "listenUdp",
             "listenUnix", "listenPipe", "listenPort", "listenLocal")
    forms = ("<p>Possible signatures:</p><ul><li><a href='Network-Listen.html#v:listen'><code>"
             "listen(port)</code></a> for <a href='#tcp'>TCP</a> servers</li><li><a href='"
             "Network-Listen.html#v:listenOn'><code>listenOn(path)</code></a> for <a href='#ipc'"
             ">IPC</a> servers</li></ul>")
    html = (HEAD.format(title="Network.Server") + "<div class='listening'>"
            + "".join(server_line(n) for n in names) + forms + "</div>"
            + "".join(described_entry(i) for i in range(6)) + FOOT)
    text = " ".join(extract(html, "https://docs.example/Network-Server.html").text.split())
    assert "listenLocal :: Port -> IO Server" in text
    assert "listenOn(path) for IPC servers" in text


STORY = "".join(f"<p>Paragraph {i} of the story: the council met on Tuesday and agreed the new "
                "timetable for the buses, which starts next month and runs every ten minutes."
                "</p>" for i in range(8))


def page(body: str) -> str:
    """A story's page: ``body`` in a column (kept by prune: mostly text) beside the story's
    second part, both in the content."""
    rest = "".join(f"<p>Paragraph {i} of the second part: the new buses run on electricity "
                   "and are charged overnight at the depot by the river.</p>" for i in range(4))
    return (f"<html><head><title>Buses</title></head><body><div class='wrap'><div "
            f"class='column'>{body}</div><div class='part'>{rest}</div></div></body></html>")


def test_a_sidebar_inside_the_main_column_still_goes() -> None:
    # hostile: the column is kept because it is mostly text, no rule's whole; the box of
    # links set inside it is judged alone, and goes
    box = ("<div class='box'><p><b>Popular</b></p><ul>" + "".join(
        f"<li><a href='/news/{i}'>Popular story number {i}</a></li>" for i in range(6))
        + "</ul></div>")
    text = extract(page(f"<h1>Buses</h1><div class='section'>{STORY[:600]}{box}"
                        f"{STORY[600:]}</div>"),
                   "https://news.example/buses.html").text
    assert "Paragraph 7 of the story" in text
    assert "Popular story number 3" not in text


def test_a_related_posts_list_after_a_story_still_goes() -> None:
    related = ("<div class='more'><h3>You may also like</h3><ul>" + "".join(
        f"<li><a href='/news/r{i}'>Another story about town, part {i}</a></li>"
        for i in range(5)) + "</ul></div>")
    text = extract(page(f"<h1>Buses</h1><div class='section'>{STORY}{related}</div>"),
                   "https://news.example/buses.html").text
    assert "Paragraph 7 of the story" in text
    assert "Another story about town" not in text


def test_a_related_list_beside_the_pages_contents_still_goes() -> None:
    # hostile: a block mostly the page's table of contents is kept by prune's check for
    # contents ("is, or is mostly, one"), which asks nothing of the rest: it makes no whole,
    # and the list of other stories beside the contents goes as before
    toc = "<ul>" + "".join(f"<li><a href='#s{p}'>Section {p}</a><ul>" + "".join(
        f"<li><a href='#s{p}-{i}'>Subsection {p}.{i}</a></li>" for i in range(3))
        + "</ul></li>" for p in range(4)) + "</ul>"
    related = "<ul>" + "".join(f"<li><a href='/news/r{i}'>Another story {i}</a></li>"
                               for i in range(3)) + "</ul>"
    sections = "".join(f"<h2 id='s{p}'>Section {p}</h2>" + "".join(
        f"<h3 id='s{p}-{i}'>Subsection {p}.{i}</h3>{STORY[:300]}" for i in range(3))
        for p in range(4))
    text = extract(page(f"<div class='section'><h1>Buses</h1><div>{toc}{related}</div>"
                        f"{sections}</div>"), "https://news.example/guide.html").text
    assert "Subsection 2.1" in text
    assert "Another story 1" not in text
