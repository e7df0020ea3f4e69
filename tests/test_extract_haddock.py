"""Every page whole (issue 26), Haddock's module pages. A name marked as a place (``<a
id="v:foo">``, no ``href``, the target of the entry's ``#`` link) is plain text, not a
link: Haddock marks every declared name so, and a page of entries whose names and types
were all counted as link text was read as lists of links (GHC.Stack kept 38 % of its
words) - ``_clean._names_place``.

A collapsed fold (``<details>``: an entry's "Examples") scoring best is a part of the
description it is folded into, and the climb goes on from there (``_fold.in_fold``). A
paragraph whose class says caption that says the page's whole title is its title
(``_titleline.title_line``): a module of no declarations kept its name. A block whose
links are in its entries' signature lines (``stdin :: <a>Handle</a>``) is no block of links
(``_siglines.signature_lines``). A package's index of modules, nested under the labels of
their namespaces ("Control" over "Control.Arrow"), is a table of contents
(``_nametree.namespace_entry``, asked by ``_toc.contents_list``). A reference table's cell
that is a span of linked names (an instance's head, ``Eq Int16``) is the row's names
(``_siglines.cell_names``).

The hostile twins: a script's tab bar written as anchors with ids and no ``href`` (no link
of the page leads to them: handles, not places) stays out of the story, as a link bar does;
a fold beside a list of links is no part of them; a picture's caption that repeats the
page's title goes as captions do; a signature line beside a list of related pages leaves
a block of links; a drop-down menu's labels over entries they do not name ("Products":
"Kettles") are no namespaces; a span of links in a table of links (a layout table's menu)
is no row's names.
"""

from __future__ import annotations

from lxml.html import fromstring

from trawl.extract import extract
from trawl.extract._fold import in_fold
from trawl.extract._siglines import cell_names
from trawl.extract._stats import _measure

TYPE = "<a href='M.html#t:CallStack' title='M'>CallStack</a>"
STRING = "<a href='Data-String.html#t:String' title='Data.String'>String</a>"
NAMES = ("pushCallStack", "popCallStack", "freezeCallStack", "emptyCallStack")


def entry(name: str, signature: str, doc: str) -> str:
    """A Haddock entry: the declared name marked as a place, its signature's types linked,
    its Source and self links, its description."""
    return (f"<div class='top'><p class='src'><a id='v:{name}' class='def'>{name}</a> :: "
            f"{signature} <a href='src/M.html#{name}' class='link'>Source</a> "
            f"<a href='#v:{name}' class='selflink'>#</a></p><div class='doc'><p>{doc}</p>"
            "<p><em>Since: base-4.9.0.0</em></p></div></div>")


def module_page() -> str:
    long_doc = "".join(
        f"<p>Paragraph {i} about call stacks, which are built up explicitly, and carry the "
        "call sites, one by one, as the program runs.</p>" for i in range(8))
    entries = "".join(entry(n, f"{TYPE} -&gt; {TYPE}", f"Give the {TYPE} of a {TYPE}.")
                      for n in NAMES)
    return (
        "<html><head><title>M</title></head><body><div id='package-header'><ul "
        "class='links'><li><a href='src/M.html'>Source</a></li><li><a href='index.html'>"
        "Contents</a></li><li><a href='doc-index.html'>Index</a></li></ul></div>"
        "<div id='content'><div id='module-header'><p class='caption'>M</p></div>"
        "<div id='description'><p class='caption'>Description</p><div class='doc'><p>"
        "Access to the call stacks.</p></div></div><div id='interface'><h1>Documentation</h1>"
        + entry("errorWithStackTrace", f"{STRING} -&gt; a", "Like error, with a trace.")
        + "<div class='top'><p class='src'><span class='keyword'>data</span> <a "
        f"id='t:CallStack' class='def'>CallStack</a></p><div class='doc'>{long_doc}</div>"
        f"</div>{entries}</div></div><div id='footer'><p>Produced by <a "
        "href='http://www.haskell.org/haddock/'>Haddock</a></p></div></body></html>")


def test_names_marked_as_places_are_text_and_every_entry_stays() -> None:
    text = extract(module_page(), "https://docs.example/M.html").text
    assert "Access to the call stacks." in text
    for name in NAMES:
        assert f"{name} :: CallStack -> CallStack" in text
    assert "Paragraph 7 about call stacks" in text
    assert "Produced by" not in text


def test_a_scripts_tab_bar_of_anchors_no_link_leads_to_stays_out() -> None:
    paragraphs = "".join(
        f"<p>Paragraph {i} of the review, which says how the kettle boils, how long it "
        "takes, and what it costs to run.</p>" for i in range(6))
    html = ("<html><head><title>K</title></head><body><div id='main'><div class='story'>"
            "<h1>The kettle</h1><div class='switcher'><a id='tab-overview'>Overview</a> "
            "<a id='tab-specs'>Specifications</a> <a id='tab-reviews'>Reviews</a> "
            f"<a id='tab-questions'>Questions</a></div>{paragraphs}</div></div></body></html>")
    text = extract(html, "https://shop.example/kettle.html").text
    assert "Paragraph 5 of the review" in text
    assert "Specifications" not in text


def test_a_bar_of_links_beside_named_places_stays_out() -> None:
    paragraphs = "".join(
        f"<p><a id='p{i}'>Paragraph {i}</a> of the guide, which says how the kettle boils, "
        f"how long it takes, and what it costs to run. <a href='#p{i}'>#</a></p>"
        for i in range(6))
    html = ("<html><head><title>K</title></head><body><div id='main'><div class='guide'>"
            "<h1>The kettle</h1><div class='bar'><a href='/'>Home</a> <a href='/shop'>Shop"
            "</a> <a href='/blog'>Blog</a> <a href='/contact'>Contact us</a></div>"
            f"{paragraphs}</div></div></body></html>")
    text = extract(html, "https://shop.example/kettle.html").text
    assert "Paragraph 5 of the guide" in text
    assert "Contact us" not in text


EITHER = "<a href='M.html#t:Either' title='M'>Either</a>"


def either_entry(name: str) -> str:
    return (f"<div class='top'><p class='src'><a id='v:{name}' class='def'>{name}</a> :: "
            f"[{EITHER} a b] -&gt; ([{EITHER} a b], [{EITHER} a b]) -&gt; {EITHER} b a <a "
            f"href='src/M.html#{name}' class='link'>Source</a> <a href='#v:{name}' "
            f"class='selflink'>#</a></p><div class='doc'><p>Apply {name} to the value, "
            f"whichever {EITHER} it is.</p></div></div>")


def test_a_fold_of_examples_scoring_best_is_a_part_of_its_description() -> None:
    examples = "".join(
        f"<p>Example {i}: the value, which is either a left one, or a right one, is read, "
        f"and then, as the case may be, it is mapped.</p><pre>&gt;&gt;&gt; either show id "
        f"(Left {i})</pre>" for i in range(8))
    html = ("<html><head><title>M</title></head><body><div id='content'><div "
            "id='description'><p class='caption'>Description</p><div class='doc'><p>Values of "
            "two possibilities.</p></div></div><div id='interface'><h1>Documentation</h1>"
            "<div class='top'><p class='src'><span class='keyword'>data</span> <a "
            "id='t:Either' class='def'>Either</a> a b</p><div class='doc'><p>The Either type "
            "represents values with two possibilities: a value of type Either a b is either "
            "Left a or Right b.</p><p>The Either type is sometimes used to represent a value "
            "which is either correct or an error; by convention, the Left constructor holds "
            "an error value and the Right constructor a correct one.</p><h4>Examples</h4>"
            f"<details id='ch:Either0'><summary>Expand</summary>{examples}</details></div>"
            "</div>" + "".join(either_entry(n) for n in ("swapEither", "lefts", "rights",
                                                         "partitionEithers"))
            + "</div></div></body></html>")
    text = extract(html, "https://docs.example/M.html").text
    assert "Values of two possibilities." in text
    assert "Example 7: the value" in text
    assert "partitionEithers :: [Either a b]" in text


def test_a_fold_beside_a_list_of_links_is_no_part_of_them() -> None:
    links = "".join(f"<li><a href='/story/{i}'>Another story of the week, number {i}</a></li>"
                    for i in range(6))
    box = fromstring(
        "<div><details><summary>Expand</summary><p>A long story folded away, which says "
        f"many things, at length, and then some more.</p></details><ul>{links}</ul></div>")
    stats = _measure(box)
    assert not in_fold(box.find("details"), box, stats, {})
    prose = fromstring(
        "<div><p>The type represents values with two possibilities, and this paragraph says "
        "which of them is which.</p><details><summary>Expand</summary><p>Examples.</p>"
        "</details></div>")
    assert in_fold(prose.find("details"), prose, _measure(prose), {})


def test_a_module_of_no_declarations_keeps_its_name() -> None:
    html = ("<html><head><title>GHC.Constants</title></head><body><div id='content'><div "
            "id='module-header'><table class='info'><tr><th>Safe Haskell</th><td>Trustworthy"
            "</td></tr><tr><th>Language</th><td>Haskell2010</td></tr></table><p "
            "class='caption'>GHC.Constants</p></div><div id='interface'></div></div><div "
            "id='footer'><p>Produced by <a href='http://www.haskell.org/haddock/'>Haddock</a>"
            "</p></div></body></html>")
    text = extract(html, "https://docs.example/GHC-Constants.html").text
    assert "GHC.Constants" in text
    assert "Haskell2010" in text


def test_a_pictures_caption_saying_the_title_goes_as_captions_do() -> None:
    paragraphs = "".join(
        f"<p>Paragraph {i} of the review, which says how the kettle boils, how long it "
        "takes, and what it costs to run.</p>" for i in range(6))
    html = ("<html><head><title>The kettle</title></head><body><div id='main'><div "
            "class='story'><h1>Reviews</h1><div class='photo'><img src='k.jpg' alt=''><p "
            f"class='caption'>The kettle</p></div>{paragraphs}</div></div></body></html>")
    text = extract(html, "https://shop.example/kettle.html").text
    assert "Paragraph 5 of the review" in text
    assert "The kettle" not in text


HANDLE = "<a href='System-IO.html#t:Handle' title='System.IO'>Handle</a>"
OPEN = ("<a href='System-IO.html#t:FilePath'>FilePath</a> -&gt; <a "
        "href='System-IO.html#t:IOMode'>IOMode</a> -&gt; <a href='System-IO.html#t:IO'>IO</a> "
        + HANDLE)


def bare_entry(name: str, signature: str) -> str:
    """An entry of no description: its signature line alone."""
    return (f"<div class='top'><p class='src'><a id='v:{name}' class='def'>{name}</a> :: "
            f"{signature} <a href='src/M.html#{name}' class='link'>Source</a> <a "
            f"href='#v:{name}' class='selflink'>#</a></p></div>")


def test_a_block_of_undescribed_entries_is_no_block_of_links() -> None:
    html = ("<html><head><title>GHC.IO.StdHandles</title></head><body><div id='content'>"
            "<div id='module-header'><table class='info'><tr><th>Copyright</th><td>(c) The "
            "University of Glasgow 2017</td></tr><tr><th>License</th><td>see libraries/base/"
            "LICENSE</td></tr><tr><th>Maintainer</th><td>libraries@haskell.org</td></tr><tr>"
            "<th>Stability</th><td>internal</td></tr><tr><th>Portability</th><td>non-portable"
            "</td></tr></table><p class='caption'>GHC.IO.StdHandles</p></div><div "
            "id='description'><p class='caption'>Description</p><div class='doc'><p>This model "
            "abstracts away the platform specific handles that can be toggled through the "
            "runtime system.</p></div></div><div id='interface'><h1>Documentation</h1>"
            + "".join(bare_entry(n, HANDLE) for n in ("stdin", "stdout", "stderr"))
            + bare_entry("openFile", OPEN) + bare_entry("openBinaryFile", OPEN)
            + "</div></div></body></html>")
    text = extract(html, "https://docs.example/GHC-IO-StdHandles.html").text
    assert "stdout :: Handle" in text
    assert "openBinaryFile :: FilePath -> IOMode -> IO Handle" in text


def test_a_signature_beside_a_list_of_related_pages_leaves_a_block_of_links() -> None:
    related = "".join(f"<li><a href='/r/{i}'>Related page {i}</a></li>" for i in range(5))
    paragraphs = "".join(
        f"<p>Paragraph {i} of the guide, which says how the handle works, how long it "
        "takes, and what it costs to run.</p>" for i in range(6))
    html = ("<html><head><title>Guide</title></head><body><div id='main'><div "
            f"class='guide'><h1>Guide</h1>{paragraphs}<div class='more'><p class='src'>"
            f"handle :: <a href='/t/Handle'>Handle</a></p><ul>{related}</ul></div></div>"
            "</div></body></html>")
    text = extract(html, "https://docs.example/guide.html").text
    assert "Paragraph 5 of the guide" in text
    assert "Related page" not in text


def module_entry(name: str) -> str:
    return (f"<li><span class='module'><a href='{name.replace('.', '-')}.html'>{name}</a>"
            "</span></li>")


def namespace(label: str, names: tuple[str, ...]) -> str:
    return (f"<li><span class='module'>{label}</span><details open='open'><summary>"
            f"Submodules</summary><ul>{''.join(module_entry(n) for n in names)}</ul>"
            "</details></li>")


def test_a_package_index_of_modules_under_their_namespaces_is_its_content() -> None:
    tree = ("<ul>" + namespace("Control", ("Control.Applicative", "Control.Arrow",
                                           "Control.Category", "Control.Monad"))
            + namespace("Data", ("Data.Bits", "Data.Bool", "Data.Char", "Data.Either",
                                 "Data.List", "Data.Maybe"))
            + module_entry("Prelude")
            + namespace("System", ("System.Exit", "System.IO", "System.Info")) + "</ul>")
    html = ("<html><head><title>base: Basic libraries</title></head><body><div "
            "id='package-header'><ul class='links'><li><a href='index.html'>Contents</a></li>"
            "<li><a href='doc-index.html'>Index</a></li></ul></div><div id='content'><div "
            "id='description'><h1>base: Basic libraries</h1><div class='doc'><p>This package "
            "contains the Standard Haskell Prelude and its support libraries, and a large "
            "collection of useful libraries ranging from data structures to parsing "
            "combinators and debugging utilities.</p></div></div><div id='module-list'><p "
            f"class='caption'>Modules</p>{tree}</div></div></body></html>")
    text = extract(html, "https://docs.example/index.html").text
    assert "Data.Either" in text
    assert "System.Info" in text


def test_a_menus_labels_over_entries_they_do_not_name_are_no_namespaces() -> None:
    def group(label: str, names: tuple[str, ...]) -> str:
        return (f"<li><span>{label}</span><ul>"
                + "".join(f"<li><a href='/{n}'>{n}</a></li>" for n in names) + "</ul></li>")
    menu = ("<ul>" + group("Products", ("Kettles", "Toasters", "Blenders", "Mixers"))
            + group("Company", ("About", "Careers", "Press", "Contact"))
            + group("Help", ("Shipping", "Returns", "Warranty")) + "</ul>")
    html = ("<html><head><title>The kettle</title></head><body><div id='main'><div "
            "class='story'><h1>The kettle</h1><p>Paragraph 0 of the review, which says how "
            "the kettle boils, how long it takes, and what it costs to run.</p></div><div "
            f"class='links'>{menu}</div></div></body></html>")
    text = extract(html, "https://shop.example/kettle.html").text
    assert "Paragraph 0 of the review" in text
    assert "Toasters" not in text


def instance_row(type_name: str) -> str:
    """An instance's row (its head: the class and the type, linked, in a span) and its
    folded details' row."""
    return (f"<tr><td class='src clearfix'><span class='inst-left'><span class='instance'>"
            f"</span> <a href='Data-Eq.html#t:Eq'>Eq</a> <a href='Data-Int.html#t:{type_name}'>"
            f"{type_name}</a></span> <a href='#t:Eq' class='selflink'>#</a></td><td "
            "class='doc'><p><em>Since: base-2.1</em></p></td></tr><tr><td colspan='2'><details "
            f"id='i:{type_name}'><summary>Instance details</summary><p>Defined in <a "
            "href='Data-Int.html'>Data.Int</a></p></details></td></tr>")


def test_an_instances_heads_in_a_reference_table_are_its_rows_names() -> None:
    rows = "".join(instance_row(t) for t in ("Int8", "Int16", "Int32", "Int64", "Word8"))
    html = ("<html><head><title>Data.Eq</title></head><body><div id='content'><div "
            "id='interface'><h1>Documentation</h1><div class='top'><p class='src'><span "
            "class='keyword'>class</span> <a id='t:Eq' class='def'>Eq</a> a <span "
            "class='keyword'>where</span></p><div class='doc'><p>The Eq class defines equality "
            "and inequality. All the basic datatypes exported by the Prelude are instances of "
            "Eq, and Eq may be derived for any datatype whose constituents are also instances "
            "of Eq.</p></div><div class='subs instances'><h4 class='instances'>Instances</h4>"
            f"<details id='i:Eq' open='open'><summary>Instances details</summary><table>{rows}"
            "</table></details></div></div></div></div></body></html>")
    text = extract(html, "https://docs.example/Data-Eq.html").text
    assert "Eq Int16" in text
    assert "Eq Word8" in text


def test_a_span_of_links_in_a_table_of_links_is_no_rows_names() -> None:
    menu = fromstring(
        "<table><tr><td><span><a href='/'>Home</a> <a href='/shop'>Shop</a></span></td></tr>"
        "<tr><td><span><a href='/blog'>Blog</a> <a href='/about'>About us</a></span></td>"
        "</tr></table>")
    stats = _measure(menu)
    span = next(menu.iter("span"))
    assert not cell_names(span, stats[span], stats)
    rows = fromstring("<table>" + "".join(instance_row(t) for t in ("Int8", "Int16", "Int32"))
                      + "</table>")
    stats = _measure(rows)
    head = next(s for s in rows.iter("span") if s.get("class") == "inst-left")
    assert cell_names(head, stats[head], stats)


def enum_instance_row(type_name: str) -> str:
    """An instance's row whose folded details list its methods' type signatures, every name
    linked (Haddock's ``div.subs.methods``)."""
    t = f"<a href='Data-Int.html#t:{type_name}'>{type_name}</a>"
    methods = "".join(
        f"<p class='src'><a href='GHC-Enum.html#v:{m}'>{m}</a> :: {sig} <a href='src/"
        f"GHC-Enum.html#{m}' class='link'>Source</a></p>"
        for m, sig in (("succ", f"{t} -&gt; {t}"), ("pred", f"{t} -&gt; {t}"),
                       ("enumFromThenTo", f"{t} -&gt; {t} -&gt; {t} -&gt; [{t}]")))
    return (f"<tr><td class='src clearfix'><span class='inst-left'><span class='instance'>"
            f"</span> <a href='GHC-Enum.html#t:Enum'>Enum</a> {t}</span></td><td class='doc'>"
            f"<p><em>Since: base-2.1</em></p></td></tr><tr><td colspan='2'><details id='i:"
            f"{type_name}'><summary>Instance details</summary><p>Defined in <a href='GHC-Enum"
            f".html'>GHC.Enum</a></p><div class='subs methods'><p class='caption'>Methods</p>"
            f"{methods}</div></details></td></tr>")


def test_an_instances_folded_methods_type_signatures_are_kept() -> None:
    # (session 17: the merged rules pruned the methods' block as links on GHC-Enum.html,
    # 8,340 -> 4,266 words: each line is links but for its "::" and arrows)
    rows = "".join(enum_instance_row(t) for t in ("Int8", "Int16", "Int32", "Word8"))
    html = ("<html><head><title>GHC.Enum</title></head><body><div id='content'><div "
            "id='interface'><h1>Documentation</h1><div class='top'><p class='src'><span "
            "class='keyword'>class</span> <a id='t:Enum' class='def'>Enum</a> a <span "
            "class='keyword'>where</span></p><div class='doc'><p>Class Enum defines operations "
            "on sequentially ordered types. The enumFrom methods are used in arithmetic "
            "sequences, and the class may be derived for any enumeration type.</p></div><div "
            "class='subs instances'><h4 class='instances'>Instances</h4><details id='i:Enum' "
            f"open='open'><summary>Instances details</summary><table>{rows}</table></details>"
            "</div></div></div></div></body></html>")
    text = extract(html, "https://docs.example/GHC-Enum.html").text
    assert "Enum Int16" in text
    assert "enumFromThenTo :: Word8 -> Word8" in " ".join(text.split())


def test_lines_of_links_set_apart_by_colons_are_no_type_signatures() -> None:
    # hostile: a forum's lines of links written with "::" ("Forums :: General :: Help")
    # after a story: no value annotated with its type, a block of links that goes
    lines = "".join(f"<p><a href='/f/{i}'>Forums</a> :: <a href='/f/{i}/g'>General</a> :: "
                    f"<a href='/f/{i}/g/t'>Thread {i}</a></p>" for i in range(5))
    story = "".join(f"<p>Paragraph {i} of the report: the council met on Tuesday and agreed "
                    "the new timetable for the buses, which starts next month.</p>"
                    for i in range(6))
    html = (f"<html><head><title>Report</title></head><body><div class='wrap'><div>{story}"
            f"<div>{lines}</div></div></div></body></html>")
    text = extract(html, "https://news.example/report.html").text
    assert "Paragraph 5 of the report" in text
    assert "Thread 3" not in text


def test_a_column_of_a_contents_list_and_a_signature_is_no_block_of_signatures() -> None:
    # hostile (session 17): Node.js's page column, its table of contents (a list of links)
    # beside a few signature lines, was read as a block of entries' signatures: kept whole,
    # its own lists were then judged one by one and its "Possible signatures:" lists went
    from trawl.extract._siglines import signature_lines
    toc = "<ul>" + "".join(f"<li><a href='#s{i}'>server.listen(option{i})</a></li>"
                           for i in range(12)) + "</ul>"
    prose = "".join(f"<p>Paragraph {i}: the server listens on the address it is given, "
                    "accepts each connection as it comes, and hands it to the callback with "
                    "the socket it opened, until it is closed.</p>" for i in range(30))
    column = fromstring(f"<div>{toc}<p>stdin :: {HANDLE}</p>{prose}</div>")
    stats = _measure(column)
    assert not signature_lines(column, stats[column], stats, {})
    module = fromstring(f"<div>{bare_entry('stdin', HANDLE)}{bare_entry('stdout', HANDLE)}"
                        f"{bare_entry('stderr', HANDLE)}</div>")
    stats = _measure(module)
    assert signature_lines(module, stats[module], stats, {})
