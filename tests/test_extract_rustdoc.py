"""Every page whole (issue 26): shapes of rustdoc's API pages (Rust 1.63's std, Debian
rust-doc, bench/completeness.py's ``rustdoc`` set). One page shape per failure seen, and
the hostile shape beside each: what the rule must not keep on an article. Each rule was
checked to be what makes its shape pass (the ``without`` tests switch it off by
monkeypatching, and the shape fails)."""

from __future__ import annotations

import importlib

import pytest

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept, words

# (the modules, not the package's re-exports: the rules are switched off in them)
_prune = importlib.import_module("trawl.extract._prune")
_whole = importlib.import_module("trawl.extract._whole")
_flat = importlib.import_module("trawl.extract._flat")
_edges = importlib.import_module("trawl.extract._edges")
_decl = importlib.import_module("trawl.extract._decl")
_clean = importlib.import_module("trawl.extract._clean")


def rustdoc_page(title: str, content: str) -> str:
    """rustdoc 1.63's frame: a sidebar of the item's sections, a search form in ``main``,
    then ``section#main-content``."""
    side = "".join(f"<li><a href='#impl-{t}'>{t}</a></li>"
                   for t in ("Debug", "Deref", "Drop", "Send", "Sync", "Unpin"))
    return (f"<!doctype html><html><head><title>{title}</title></head><body class='rustdoc'>"
            f"<nav class='sidebar'><h2 class='location'><a href='#'>{title}</a></h2>"
            f"<div class='block'><ul>{side}</ul></div></nav>"
            "<main><div class='width-limiter'><div class='sub-container'><nav class='sub'>"
            "<form class='search-form'><input class='search-input' name='search'></form>"
            "</nav></div><section id='main-content' class='content'>"
            f"{content}</section></div></main></body></html>")


def impl(header: str, methods: str = "", since: str = "") -> str:
    """An implementation: its header (the version, the source link, the declaration) in
    a ``section.impl``, then its methods."""
    version = f"<span class='since'>{since}</span> · " if since else ""
    anchor = header.split("<")[0].replace(" ", "-")
    return (f"<details class='rustdoc-toggle implementors-toggle' open><summary>"
            f"<section id='impl-{anchor}' class='impl has-srclink'><span class='rightside'>"
            f"{version}<a class='srclink' href='../../src/std/sync/mutex.rs.html#534'>source"
            f"</a></span><a href='#impl-{anchor}' class='anchor'></a>"
            f"<h3 class='code-header in-band'>{header}</h3></section></summary>"
            f"<div class='impl-items'>{methods}</div></details>")


def method(signature: str, doc: str, since: str = "") -> str:
    return (f"<details class='rustdoc-toggle method-toggle' open><summary><section "
            f"class='method trait-impl has-srclink'><span class='rightside'>{since}<a "
            f"class='srclink' href='../../src/std/sync/mutex.rs.html#535'>source</a></span>"
            f"<h4 class='code-header'>{signature}</h4></section></summary>"
            f"<div class='docblock'><p>{doc}</p></div></details>")


def t(name: str, kind: str = "trait") -> str:
    """A linked name, as rustdoc links every type and trait a declaration names."""
    return f"<a class='{kind}' href='../{kind}.{name}.html'>{name}</a>"


IMPL_DEBUG = (f"impl&lt;T:&nbsp;?{t('Sized')} + {t('Debug')}&gt; {t('Debug')} for "
              f"{t('MutexGuard', 'struct')}&lt;'_, T&gt;")
IMPL_SEND = f"impl !{t('Send')} for {t('MutexGuard', 'struct')}"
INTO_INNER = ("pub fn <a class='fnname' href='#method.into_inner'>into_inner</a>(self) -&gt; "
              "<a class='primitive' href='../primitive.pointer.html'>*mut T</a>")
INTO_SINCE = ("<span class='since' title='Stable since Rust version 1.15.0, const unstable'>"
              "1.15.0 (const: <a href='https://github.com/rust-lang/rust/issues/78729'>unstable"
              "</a>)</span> · ")
FMT = (f"fn <a class='fnname' href='../fmt/trait.Debug.html#tymethod.fmt'>fmt</a>(&amp;self, "
       f"f: &amp;mut {t('Formatter', 'struct')}&lt;'_&gt;) -&gt; {t('Result', 'type')}")
GUARD_PAGE = rustdoc_page("MutexGuard in std::sync", (
    "<div class='main-heading'><h1 class='fqn'><span class='in-band'>Struct <a "
    "href='../index.html'>std</a>::<a href='index.html'>sync</a>::<a class='struct' "
    "href='#'>MutexGuard</a></span></h1></div>"
    "<details class='rustdoc-toggle top-doc' open><summary class='hideme'><span>Expand "
    f"description</span></summary><div class='docblock'><p>An RAII guard. {LOREM}</p>"
    f"<p>{LOREM}</p></div></details>"
    "<h2 id='trait-implementations' class='small-section-header'>Trait Implementations<a "
    "href='#trait-implementations' class='anchor'></a></h2><div id='trait-implementations-"
    "list'>" + impl(IMPL_SEND) + impl(IMPL_DEBUG, method(
        FMT, "Formats the value using the given formatter.") + method(
        INTO_INNER, "Consumes the guard, returning the raw pointer.", since=INTO_SINCE),
        since="1.16.0")
    + "</div>"))


def test_an_implementations_declaration_is_its_title_not_a_heading_of_links() -> None:
    # rustdoc's impl header: a heading whose every word but the punctuation is a linked
    # name ("Debug", "MutexGuard"), in a section beside its "source" link; as a heading of
    # links introducing nothing it went, and with it the section, on 200 of 250 pages
    e = extract(GUARD_PAGE, URL)
    assert_kept(e.full_text, "Struct std::sync::MutexGuard",
                "impl<T: ?Sized + Debug> Debug for MutexGuard<'_, T>",
                "fn fmt(&self, f: &mut Formatter<'_>) -> Result",
                "Formats the value using the given formatter.",
                "impl !Send for MutexGuard", "An RAII guard. " + LOREM,
                # (a pointer's type is linked as "*mut T": a name, two tokens)
                "pub fn into_inner(self) -> *mut T",
                # the item's facts beside its declaration: stable since, its source
                "1.16.0 · source impl<T: ?Sized + Debug>",
                "1.15.0 (const: unstable) · source pub fn into_inner")


def test_without_the_declaration_rule_the_impl_headers_go(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_prune, "declaration", lambda el: False)
    monkeypatch.setattr(_prune, "holds_declaration", lambda el: False)
    got = words(extract(GUARD_PAGE, URL).full_text)
    assert words("An RAII guard") in got
    assert words("Debug for MutexGuard") not in got and words("Send for MutexGuard") not in got


RELATED = ("<ul>" + "".join(f"<li><a href='/news/{i}'>Another story {i} in the news</a></li>"
                            for i in range(6)) + "</ul>")

def test_without_the_aside_rule_the_items_version_goes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_prune, "beside_declaration", lambda el, memo=None: False)
    got = words(extract(GUARD_PAGE, URL).full_text)
    assert words("Debug for MutexGuard") in got and words("const: unstable") not in got


def test_a_list_of_links_beside_a_declaration_still_goes() -> None:
    # (a line of facts is short: a menu of other pages in the same header block is no
    # declaration's aside)
    menu = "<ul class='links'>" + "".join(
        f"<li><a href='/guide/{i}'>Chapter {i} of the guide</a></li>" for i in range(6)) + "</ul>"
    html = ("<html><head><title>get</title></head><body><article><h1>Vec</h1>"
            f"<p>{LOREM}</p><div class='header'>{menu}<h3>fn get(&amp;self) -&gt; "
            "<a href='/std/option.html'>Option</a>&lt;&amp;T&gt;</h3></div>"
            f"<p>Returns a reference to an element. {LOREM}</p></article></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "fn get(&self) -> Option<&T>", "Returns a reference to an element.")
    assert "Chapter" not in e.text


@pytest.mark.parametrize("heading", [
    # a breadcrumb of links (spaced ">", no code glued), a headline's link (words, some
    # code among them), a tag cloud of links whose first is a keyword
    "<a href='/'>Home</a> &gt; <a href='/docs/'>Docs</a> &gt; <a href='/docs/io/'>I/O</a>",
    "<a href='/news/vec'>What is new in Vec&lt;T&gt; since Rust 1.63</a>",
    "<a href='/tags/impl'>impl</a> <a href='/tags/fn'>fn</a> <a href='/tags/trait'>trait</a>",
])
def test_a_heading_of_links_that_is_no_declaration_still_goes(heading: str) -> None:
    # (over a list of links to other pages, before the story's last paragraph)
    html = (f"<html><head><title>Story</title></head><body><article><h1>Story</h1>"
            f"<p>{LOREM}</p><p>{LOREM}</p><h3>{heading}</h3>{RELATED}<p>{LOREM}</p>"
            "</article></body></html>")
    e = extract(html, URL)
    assert words(LOREM) in words(e.text)
    assert "Home" not in e.text and "What is new" not in e.text and "tags" not in e.markdown
    assert "impl" not in e.text and "Another story" not in e.text


def item_table(kind: str, items: list[tuple[str, str]]) -> str:
    rows = "".join(f"<div class='item-row'><div class='item-left module-item'><a class="
                   f"'{kind}' href='{kind}.{name}.html'>{name}</a></div><div class='item-right"
                   f" docblock-short'><p>{summary}</p></div></div>" for name, summary in items)
    return f"<div class='item-table'>{rows}</div>"


STRUCTS = [("BufReader", "The <code>BufReader&lt;R&gt;</code> struct adds buffering to any "
            "reader."), ("BufWriter", "Wraps a writer and buffers its output."),
           ("Cursor", "A <code>Cursor</code> wraps an in-memory buffer and provides it with "
            "a seek implementation."), ("Empty", "A reader which is always at EOF.")]
TRAITS = [("BufRead", "A <code>BufRead</code> is a type of reader which has an internal "
           "buffer."), ("Read", "The <code>Read</code> trait allows for reading bytes from a "
           "source."), ("Write", "A trait for objects which are byte-oriented sinks.")]
MODULE_PAGE = rustdoc_page("std::io - Rust", (
    "<div class='main-heading'><h1 class='fqn'><span class='in-band'>Module <a "
    "href='../index.html'>std</a>::<a class='mod' href='#'>io</a></span></h1></div>"
    "<details class='rustdoc-toggle top-doc' open><summary class='hideme'><span>Expand "
    "description</span></summary><div class='docblock'><p>Traits, helpers, and type "
    f"definitions for core I/O functionality. {LOREM}</p>"
    + "".join(f"<h2>{h}</h2>" + f"<p>{LOREM}</p>" * 3
              for h in ("Read and Write", "Seek and BufRead", "Standard input and output",
                        "Iterator types"))
    + "</div></details>"
    "<h2 id='structs' class='small-section-header'><a href='#structs'>Structs</a></h2>"
    + item_table("struct", STRUCTS) +
    "<h2 id='traits' class='small-section-header'><a href='#traits'>Traits</a></h2>"
    + item_table("trait", TRAITS)))


def test_a_modules_index_of_items_after_its_docs_is_kept() -> None:
    # a module's page: its docs (the prose scoring picks), then "Structs", "Traits", ...
    # each heading followed by its table of items (a name and a line each), siblings of
    # the docs with no wrapper around heading and table; a third of io's page was lost
    e = extract(MODULE_PAGE, URL)
    assert_kept(e.text, "Traits, helpers, and type definitions for core I/O functionality.",
                "Structs", "Traits", "BufReader", "Wraps a writer and buffers its output.",
                "A reader which is always at EOF.", "A trait for objects which are "
                "byte-oriented sinks.")
    assert "search" not in words(e.text)


def test_without_the_flat_sections_rule_the_index_of_items_goes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_whole, "before_flat_sections", lambda *a: False)
    # (nor the fold's rule, ``_fold.in_fold``, which climbs from the folded description to
    # the same page by another way since session 17: either keeps the index of items)
    monkeypatch.setattr(_whole, "in_fold", lambda *a: False)
    got = words(extract(MODULE_PAGE, URL).text)
    assert words("Traits, helpers, and type definitions") in got
    assert words("Wraps a writer and buffers its output") not in got


TEASERS = "".join(f"<div class='teaser'><h3><a href='/news/{i}'>Another story {i} in the "
                  f"news</a></h3><p>What happened next in story {i}, told in a summary of a "
                  "few lines, with a clause.</p></div>" for i in range(4))


@pytest.mark.parametrize("after", [
    # a heading over a list of links to other stories, a heading linking elsewhere over
    # teasers, and comments (their class says so) after a story, flat in its wrapper (not
    # in ``main``: there the landmark's rule takes the wrapper whole, as it did before)
    f"<h2 id='more'><a href='#more'>More stories</a></h2>{RELATED}",
    f"<h2><a href='/news/'>From the newsroom</a></h2><div class='cards'>{TEASERS}</div>",
    "<h2 id='c'>Comments</h2><div class='comments'>" + "".join(
        f"<div class='comment'><p>Reader {i} says: the value is read once, a fine story of "
        "a restart and an environment.</p></div>" for i in range(4)) + "</div>",
])
def test_flat_sections_of_other_pages_after_a_story_are_not_its_text(after: str) -> None:
    html = ("<html><head><title>Story</title></head><body><div class='story-wrap'>"
            "<div class='headline'><h1>Story</h1></div>"
            f"<div class='story'><p>{LOREM}</p><p>{LOREM}</p><p>{LOREM}</p></div>{after}"
            "</div></body></html>")
    e = extract(html, URL)
    assert words(LOREM) in words(e.text)
    assert "Another story" not in e.text and "Reader 1 says" not in e.text


def test_the_flat_sections_rule_itself_refuses_a_list_of_links(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (prune drops a list of links from the content anyway: asked of the rule itself, the
    # story's wrapper is no document of flat sections by the listed-links guard, and with
    # the guard off it would be)
    import lxml.html

    from trawl.extract._stats import _measure

    html = ("<div class='story-wrap'><div class='headline'><h1>Story</h1></div>"
            f"<div class='story'><p>{LOREM}</p><p>{LOREM}</p><p>{LOREM}</p></div>"
            f"<h2 id='more'><a href='#more'>More stories</a></h2>{RELATED}</div>")
    wrap = lxml.html.fragment_fromstring(html)
    story = wrap.find_class("story")[0]
    assert not _flat.before_flat_sections(story, wrap, _measure(wrap), {})
    monkeypatch.setattr(_flat, "FLAT_MAX_LISTED", 1.0)
    assert _flat.before_flat_sections(story, wrap, _measure(wrap), {})
    # and the items of a module's index are names and lines, not a list of links
    monkeypatch.undo()
    index = lxml.html.fragment_fromstring(
        f"<section><div class='intro'><p>{LOREM}</p></div><h2 id='structs'><a "
        f"href='#structs'>Structs</a></h2>{item_table('struct', STRUCTS)}</section>")
    intro = index.find_class("intro")[0]
    assert _flat.before_flat_sections(intro, index, _measure(index), {})


FACTS = ("<span class='out-of-band'><span class='since' title='Stable since Rust version "
         "1.38.0'>1.38.0</span> · <a class='srclink' href='../../src/std/sync/once.rs.html#"
         "72'>source</a> · <a id='toggle-all-docs' href='javascript:void(0)'>[<span>&#x2212;"
         "</span>]</a></span>")
CONST_PAGE = rustdoc_page("ONCE_INIT in std::sync", (
    "<div class='main-heading'><h1 class='fqn'><span class='in-band'>Constant <a "
    "href='../index.html'>std</a>::<a href='index.html'>sync</a>::<a class='constant' "
    f"href='#'>ONCE_INIT</a></span></h1>{FACTS}</div>"
    "<div class='docblock item-decl'><pre class='rust const'><code>pub const ONCE_INIT: "
    "<a class='struct' href='struct.Once.html'>Once</a>;</code></pre></div>"
    "<details class='rustdoc-toggle top-doc' open><summary class='hideme'><span>Expand "
    "description</span></summary><div class='docblock'><p>Initialization value for static "
    f"Once values. {LOREM}</p><h2>Examples</h2><p>{LOREM}</p></div></details>"))


def test_the_items_facts_beside_its_title_are_kept() -> None:
    # an item's title (a declaration: its scope linked, "std::sync") beside its facts line,
    # stable since "1.38.0" (a date to the dateline test) and its source, in one header
    # block: the block went with the headline, and on a short page (a constant, a
    # function) its four words were 5 to 13 % of the page (13 of rustdoc's 14 pages under
    # 95 %)
    e = extract(CONST_PAGE, URL)
    assert e.headline == "Constant std::sync::ONCE_INIT"
    assert_kept(e.text, "1.38.0 · source", "pub const ONCE_INIT: Once;",
                "Initialization value for static Once values.")


@pytest.mark.parametrize("rule", ["facts_beside", "beside_declaration"])
def test_without_the_facts_rules_the_items_version_goes(
        rule: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # (without facts_beside the header block goes whole; without beside_declaration its
    # version is a dateline to strip_header)
    monkeypatch.setattr(_edges, rule, lambda *a: False)
    got = words(extract(CONST_PAGE, URL).text)
    assert words("Initialization value for static Once values") in got
    assert words("1.38.0 · source") not in got


@pytest.mark.parametrize("headline", [
    "Story of the week", "<a href='/news/story'>Story of the week</a>",
    # (a headline with a scope in it, but no linked names: no declaration)
    "What std::sync::Once does for a program"])
def test_an_articles_header_line_still_goes_with_its_headline(headline: str) -> None:
    # an article's header: its headline beside a short line of its section and reading
    # time, then the story: the line goes with the headline, however short
    html = (f"<html><head><title>Story</title></head><body><article><div class='top'>"
            f"<h1>{headline}</h1><span class='kicker'>Opinion · Science · 4 min "
            f"read</span></div><p>{LOREM}</p><p>{LOREM}</p><p>{LOREM}</p></article>"
            "</body></html>")
    e = extract(html, URL)
    assert words(LOREM) in words(e.text)
    assert "Opinion" not in e.text and "4 min" not in e.text


TOOLTIP = ("<span class='notable-traits'><span class='notable-traits-tooltip'>ⓘ<span class="
           "'notable-traits-tooltiptext'><span class='docblock'><span class='notable'>Notable "
           f"traits for {t('Zip', 'struct')}</span><code class='content'><span class='where "
           f"fmt-newline'>impl&lt;A, B&gt; {t('Iterator')} for {t('Zip', 'struct')}&lt;A, B&gt;"
           "</span></code></span></span></span>")
WHERE_PAGE = rustdoc_page("zip in std::iter", (
    "<div class='main-heading'><h1 class='fqn'><span class='in-band'>Function <a "
    "href='../index.html'>std</a>::<a href='index.html'>iter</a>::<a class='fn' "
    "href='#'>zip</a></span></h1></div>"
    "<div class='docblock item-decl'><pre class='rust fn'><code>pub fn zip&lt;A, B&gt;(a: A, "
    f"b: B) -&gt; {t('Zip', 'struct')}&lt;A, B&gt;{TOOLTIP} <span class='where fmt-newline'>"
    f"where<br>&nbsp;&nbsp;&nbsp;&nbsp;A: {t('IntoIterator')},<br>&nbsp;&nbsp;&nbsp;&nbsp;B: "
    f"{t('IntoIterator')},&nbsp;</span></code></pre></div>"
    "<details class='rustdoc-toggle top-doc' open><summary class='hideme'><span>Expand "
    "description</span></summary><div class='docblock'><p>Converts the arguments to "
    f"iterators and zips them. {LOREM}</p><p>{LOREM}</p></div></details>"))


def test_a_declarations_where_clause_is_kept() -> None:
    # the where clause of a declaration, in a span of its own in the code block, every
    # bound a linked name: a block of links to prune, and the declaration lost its bounds
    # (three of rustdoc's functions, 3 to 5 % of their words)
    e = extract(WHERE_PAGE, URL)
    assert_kept(e.text, "pub fn zip<A, B>(a: A, b: B) -> Zip<A, B>",
                "where A: IntoIterator, B: IntoIterator,", "Converts the arguments to iterators")


def test_a_tooltip_in_a_declaration_is_no_part_of_its_code() -> None:
    # rustdoc's "Notable traits" box after the return type, shown on hover: its lines of
    # links are pruned as before, however deep in the code block they are
    e = extract(WHERE_PAGE, URL)
    assert_kept(e.text, "A: IntoIterator, B: IntoIterator,")
    assert "Iterator for Zip" not in e.text


def test_without_the_tooltip_guard_the_tooltip_is_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (with cleaning's tooltip rule off too, session 16's `_tooltips.tooltip_box`, which now
    # takes the box out before prune sees it: prune's own guard is what is tested here)
    monkeypatch.setattr(_clean, "tooltip_box", lambda el: False)
    monkeypatch.setattr(_decl, "_in_tooltip", lambda el: False)
    assert "Iterator for Zip" in extract(WHERE_PAGE, URL).text


def test_without_the_code_rule_the_where_clause_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_prune, "in_code", lambda el: False)
    got = words(extract(WHERE_PAGE, URL).text)
    assert words("Converts the arguments to iterators") in got
    assert words("A: IntoIterator") not in got


def test_a_menu_set_in_code_still_goes() -> None:
    # an old page's menu in a monospace font (``<tt>``): a list, its items blocks, judged as
    # a list of links, not as a run of code
    menu = "<tt><ul>" + "".join(f"<li><a href='/p{i}.html'>Page {i}</a></li>"
                                for i in range(6)) + "</ul></tt>"
    html = ("<html><head><title>Story</title></head><body><article><h1>Story</h1>"
            f"<p>{LOREM}</p><p>{LOREM}</p>{menu}<p>{LOREM}</p></article></body></html>")
    e = extract(html, URL)
    assert words(LOREM) in words(e.text)
    assert "Page 3" not in e.text
