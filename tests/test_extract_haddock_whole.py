"""Every page whole (issue 26), Haddock's last losses and chrome (brief 98).

- the page's own head over its entries (``_pagehead.under_own_title``): a module's name
  written as a line (``<p class="caption">Data.Coerce</p>``) under its header table, then
  its description, over the entries whose block won; guard: besides the content the block
  holds no chrome (``_no_chrome_beside``: a column of other pages' links);
- a version line is no dateline (``_release.version_line``): an entry's "Since:
  base-4.11.0.0" ending the page went as a trailing date line ("4.11" reads as a time);
  guard: a number with a year among its dotted parts is a date (``_names_a_year``);
- a type's definition line is no block of links, however long (``_siglines.definition_line``:
  an instance's ``type Rep Fixity = D1 (...)``, 370 characters, past a signature's 300);
  guard: it defines (``_defines``: a keyword, a name, ``=``), which a menu's capitalised
  links after a lowercase label do not;
- one short label repeated at every entry is a control (``_entrylabels``): a "Source" link
  to another file ending each declaration's line, a fold's "Instance details" toggle;
  guards: a link whose words are its address's names its target (``_names_target``: a
  type's name), a link before a sentence's words or full stop is a word of it
  (``_at_line_end``), folds titled each by its own words are titled (``_repeated``), a
  status line's label ends no declaration (``_ends_declaration``).
"""

from __future__ import annotations

from trawl.extract import extract

ENTRY_DOC = ("<p>The function <code>coerce</code> allows you to safely convert between values "
             "of types that have the same representation with no run-time overhead. In the "
             "simplest case you can use it instead of a newtype constructor, to go from the "
             "newtype's concrete type to the abstract type.</p><p>This function is "
             "runtime-representation polymorphic, but the type argument is marked as "
             "inferred, meaning that it is not available for visible type application, "
             "which the typechecker, at last, accepts.</p>")

CLASS_DOC = "".join(
    f"<p>Coercible, case {i}, is a two-parameter class that has instances for types a and b "
    "if the compiler can infer that they have the same representation. This class does not "
    "have regular instances; instead, they are created on the fly during type-checking, and "
    "trying to declare one by hand is an error.</p>" for i in range(5))


def _entry(name: str, doc: str) -> str:
    return (f"<div class='top'><p class='src'><a id='v:{name}' class='def'>{name}</a> :: "
            f"<a href='GHC-Exts.html#t:TYPE'>TYPE</a> k -&gt; a <a href='src/M.html#{name}' "
            f"class='link'>Source</a> <a href='#v:{name}' class='selflink'>#</a></p>"
            f"<div class='doc'>{doc}</div></div>")


def _module_page(beside: str = "") -> str:
    return ("<html><head><title>Data.Coerce</title></head><body><div id='package-header'>"
            "<span class='caption'>base-4.15.1.0: Basic libraries</span><ul class='links'>"
            "<li><a href='index.html'>Contents</a></li><li><a href='doc-index.html'>Index"
            "</a></li></ul></div><div id='content'><div id='module-header'><table class='info'>"
            "<tr><th>Copyright</th><td>(c) The University of Glasgow 2001</td></tr><tr><th>"
            "Stability</th><td>provisional</td></tr></table><p class='caption'>Data.Coerce"
            "</p></div><div id='table-of-contents'><div id='contents-list'><p class='caption'>"
            "Contents</p><ul><li><a href='#g:1'>Safe coercions</a></li></ul></div></div>"
            f"{beside}<div id='description'><p class='caption'>Description</p><div class='doc'>"
            "<p>Safe coercions between data types.</p><p>More in-depth information can be "
            "found on the <a href='https://wiki.example/roles'>Roles wiki page</a></p></div>"
            "</div><div id='interface'><a href='#g:1' id='g:1'><h1>Safe coercions</h1></a>"
            + _entry("coerce", ENTRY_DOC)
            + _entry("Coercible", CLASS_DOC)
            + "</div></div><div id='footer'><p>Produced by <a href='https://haddock.example/'>"
            "Haddock</a> version 2.25.1</p></div></body></html>")


def test_a_modules_head_and_description_over_its_entries_are_its_content() -> None:
    text = " ".join(extract(_module_page(), "https://docs.example/Data-Coerce.html").text
                    .split())
    assert "Stability provisional Data.Coerce" in text
    assert "Safe coercions between data types." in text
    assert "safely convert" in text


OTHER_PAGES = "<div class='more'>" + "".join(
    f"<div class='story'><h3><a href='/{slug}.html'>{title}</a></h3><p>{title}: a new "
    "piece this week, in which our writer works through the examples, one by one.</p></div>"
    for slug, title in (("arrows", "Arrows for the working programmer"),
                        ("monads", "Monads in the wild, twelve case studies"),
                        ("lenses", "Lenses from first principles"),
                        ("families", "Type families in practice"))) + "</div>"


def test_a_column_of_other_pages_links_beside_the_head_stays_out() -> None:
    # hostile: the same page with a column of other pages' links between the head and
    # the entries: the block under the title is no longer the page's own text alone
    text = extract(_module_page(OTHER_PAGES), "https://docs.example/Data-Coerce.html").text
    assert "safely convert" in text
    assert "twelve case studies" not in text
    assert "Stability provisional" not in text


def _clock_page() -> str:
    entries = "".join(
        f"<div class='top'><p class='src'><a id='v:{name}' class='def'>{name}</a> :: <a "
        f"href='System-IO.html#t:IO'>IO</a> <a href='Prelude.html#t:Double'>Double</a></p>"
        f"<div class='doc'><p>Return monotonic time in {unit}, since some unspecified "
        "starting point, read from the system's clock, which never goes back.</p><p><em>"
        "Since: base-4.11.0.0</em></p></div></div>"
        for name, unit in (("getMonotonicTime", "seconds"), ("getMonotonicTimeNSec",
                                                              "nanoseconds")))
    return ("<html><head><title>GHC.Clock</title></head><body><div id='content'><div "
            f"id='interface'><h1>Documentation</h1>{entries}</div></div></body></html>")


def test_an_entrys_since_line_ending_the_page_is_no_dateline() -> None:
    text = extract(_clock_page(), "https://docs.example/GHC-Clock.html").text
    assert text.count("Since: base-4.11.0.0") == 2


STORY = "".join(f"<p>Paragraph {i} of the report: the council met on Tuesday and agreed the "
                "new timetable for the buses, which starts next month across the town.</p>"
                for i in range(6))


def test_a_dateline_written_with_dots_ending_a_story_goes() -> None:
    # hostile: a story's last line, its date written with dots (three dotted parts, as a
    # version's): a year among them says a date
    page = (f"<html><body><article><h1>Buses</h1>{STORY}<p>Updated 12.05.2024</p></article>"
            "</body></html>")
    text = extract(page, "https://news.example/buses.html").text
    assert "across the town" in text
    assert "12.05.2024" not in text


def _link(name: str, page: str = "GHC-Generics") -> str:
    return f"<a href='{page}.html#t:{name}' title='GHC.Generics'>{name}</a>"


def _rep_instance(type_name: str) -> str:
    """An instance's row and its folded details: "Defined in" and the instance's type
    definition, every type it is built from linked, past a signature's length."""
    field = (f"{_link('S1')} ('{_link('MetaSel')} ('{_link('Nothing', 'Data-Maybe')} :: "
             f"{_link('Maybe', 'Data-Maybe')} {_link('Symbol', 'GHC-TypeLits')}) "
             f"'{_link('NoSourceUnpackedness')} '{_link('NoSourceStrictness')} "
             f"'{_link('DecidedLazy')}) ({_link('Rec0')} {_link('Int', 'Data-Int')})")
    definition = (f"<span class='keyword'>type</span> {_link('Rep')} {_link(type_name)} = "
                  f"{_link('D1')} ('{_link('MetaData')} &quot;{type_name}&quot; &quot;"
                  f"GHC.Generics&quot; &quot;base&quot; '{_link('False', 'Data-Bool')}) ("
                  f"{_link('C1')} ('{_link('MetaCons')} &quot;Prefix&quot; '"
                  f"{_link('PrefixI')} '{_link('False', 'Data-Bool')}) ({field} "
                  f"{_link(':*:')} {field}))")
    return (f"<tr><td class='src clearfix'><span class='inst-left'><span class='keyword'>"
            f"type</span> {_link('Rep')} {_link(type_name)}</span> <a href='#t:{type_name}' "
            "class='selflink'>#</a></td><td class='doc'><p><em>Since: base-4.7.0.0</em></p>"
            f"</td></tr><tr><td colspan='2'><details id='i:{type_name}'><summary>Instance "
            f"details</summary><p>Defined in <a href='GHC-Generics.html'>GHC.Generics</a></p>"
            f" <div class='src'>{definition}</div></details></td></tr>")


def _generics_page() -> str:
    rows = "".join(_rep_instance(t) for t in ("Fixity", "Associativity", "Meta"))
    return ("<html><head><title>GHC.Generics</title></head><body><div id='content'><div "
            "id='interface'><h1>Documentation</h1><div class='top'><p class='src'><span "
            "class='keyword'>data</span> <a id='t:Fixity' class='def'>Fixity</a></p><div "
            "class='doc'><p>Datatype to represent the fixity of a constructor. An infix "
            "declaration directly corresponds to an application of Infix, which the "
            "compiler derives, at last, for every type it is asked of.</p></div><div "
            "class='subs instances'><h4 class='instances'>Instances</h4><details id='i:F' "
            f"open='open'><summary>Instances details</summary><table>{rows}</table></details>"
            "</div></div></div></div></body></html>")


def test_an_instances_type_definition_past_a_signatures_length_is_kept() -> None:
    text = " ".join(extract(_generics_page(), "https://docs.example/GHC-Generics.html").text
                    .split())
    for name in ("Fixity", "Associativity", "Meta"):
        assert f"type Rep {name} = D1 ('MetaData \"{name}\"" in text


def test_a_menus_links_after_a_lowercase_label_define_nothing() -> None:
    # hostile: a menu line of capitalised links after a lowercase label, set after a
    # story: it reads as a declaration's words but defines nothing (no "=")
    menu = "".join(f"<a href='/{w.lower()}/'>{w}</a> " for w in (
        "Science", "Jobs", "Courses", "Events", "Podcasts", "Newsletters", "Careers"))
    page = (f"<html><body><article><h1>Buses</h1>{STORY}<div>data {menu}</div></article>"
            "</body></html>")
    text = extract(page, "https://news.example/buses.html").text
    assert "across the town" in text
    assert "Podcasts" not in text


def _sourced_page(source: bool = True) -> str:
    entries = "".join(
        f"<div class='top'><p class='src'><a id='v:{name}' class='def'>{name}</a> :: <a "
        "href='System-IO.html#t:IO'>IO</a> <a href='Prelude.html#t:Double'>Double</a> "
        + (f"<a href='src/GHC-Clock.html#{name}' class='link'>Source</a> " if source else "")
        + f"<a href='#v:{name}' "
        f"class='selflink'>#</a></p><div class='doc'><p>Return the time in {name}, since "
        "some unspecified starting point, read from the system's clock, which never goes "
        "back.</p></div><details id='i:{name}'><summary>Instance details</summary><p>Defined "
        f"in <a href='GHC-Clock.html'>GHC.Clock</a></p></details></div>"
        for name in ("seconds", "milliseconds", "nanoseconds"))
    return ("<html><head><title>GHC.Clock</title></head><body><div id='content'><div "
            f"id='interface'><h1>Documentation</h1>{entries}</div></div></body></html>")


def test_a_source_link_and_a_toggles_label_at_every_entry_are_controls() -> None:
    text = " ".join(extract(_sourced_page(), "https://docs.example/GHC-Clock.html").text
                    .split())
    assert "Source" not in text
    assert "Instance details" not in text
    assert "Return the time in nanoseconds" in text


def test_a_types_name_linked_at_every_signature_is_its_word() -> None:
    # hostile: "Double" ends each signature's line (no "Source" link after it, only the
    # self-link), the same short link at every entry: a name of its target
    text = " ".join(extract(_sourced_page(source=False), "https://docs.example/GHC-Clock.html")
                    .text.split())
    assert "seconds :: IO Double" in text
    assert "nanoseconds :: IO Double" in text


def test_a_sentences_repeated_link_is_its_word() -> None:
    # hostile: "see here." in every paragraph, each to another page, each paragraph naming
    # a function (it reads as code): words of sentences
    paras = "".join(f"<p>The function <code>open{i}(path)</code> returns the council's "
                    f"timetable for route {i}; for its options, see <a href='/routes/{i}.html'>"
                    "here</a>.</p>" for i in range(4))
    page = f"<html><body><article><h1>Buses</h1>{STORY}{paras}</article></body></html>"
    text = extract(page, "https://news.example/buses.html").text
    assert text.count("see here.") == 4


def test_folds_titled_each_by_its_own_words_keep_their_titles() -> None:
    # hostile: a FAQ's folds, each titled by its subject (short, no two alike)
    folds = "".join(f"<details><summary>{q}</summary><p>{a} The answer is in the guide, "
                    "which the council updates every month, with the new timetable.</p>"
                    "</details>" for q, a in (("Fares", "Fares rise in May."),
                                              ("Night buses", "Night buses run hourly."),
                                              ("Bikes aboard", "Bikes ride free.")))
    page = f"<html><body><article><h1>Buses</h1>{STORY}{folds}</article></body></html>"
    text = extract(page, "https://news.example/buses.html").text
    assert "Night buses" in text and "Bikes aboard" in text


EXAMPLE_TEXT = "".join(
    f"<p>The Local Fortune Client example, part {i}, shows how to create a client for a "
    "simple local service, using a local socket. It is intended to be run alongside the "
    "Local Fortune Server example, which answers it.</p>" for i in range(3))


def test_a_link_to_the_examples_own_project_is_its_content() -> None:
    page = ("<html><body><div class='content mainContent'><h1 class='title'>Local Fortune "
            f"Client Example</h1>{EXAMPLE_TEXT}<p><a href='https://code.example/cgit/qt/"
            "qtbase.git/tree/examples/corelib/ipc/localfortuneclient?h=5.15'>Example project "
            "@ code.example</a></p></div></body></html>")
    text = extract(page, "https://docs.example/localfortuneclient-example.html").text
    assert "Example project @ code.example" in text


def test_a_link_to_a_profile_named_as_the_page_goes() -> None:
    # hostile: a story's last line, one link to the site's profile, whose name is the
    # first words of the story's title: a profile's name is its address's first segment
    page = (f"<html><body><article><h1>City council agrees new timetable</h1>{STORY}<p><a "
            "href='https://social.example/citycouncil'>Follow us on Mastodon</a></p>"
            "</article></body></html>")
    text = extract(page, "https://news.example/buses.html").text
    assert "across the town" in text
    assert "Mastodon" not in text


def test_a_status_lines_repeated_label_ends_no_declaration() -> None:
    # hostile: each entry's status line ends with the same one-word link to its tracking
    # issue ("const: unstable"): a status, no declaration's line, and its word stays
    entries = "".join(
        f"<section><h4>impl Default for Empty{i} <span class='since'>const: <a "
        f"href='https://tracker.example/issues/8786{i}'>unstable</a></span></h4><p>Creates "
        f"an empty iterator of kind {i}, which yields nothing, ever, when it is asked for "
        "its next item.</p></section>" for i in range(3))
    page = f"<html><body><main><h1>Struct Empty</h1>{STORY}{entries}</main></body></html>"
    text = extract(page, "https://docs.example/struct.Empty.html").text
    assert text.count("Empty2 const: unstable") == 1


def test_a_folds_repeated_caption_naming_its_content_stays() -> None:
    # hostile: "History" over each entry's table of changes (Node.js's API pages), the same
    # short label at every fold: it names what the fold holds, the table's caption
    entries = "".join(
        f"<h3 id='fs_{name}'><code>fs.{name}(path)</code></h3><details class='changelog'>"
        "<summary>History</summary><table><tr><th>Version</th><th>Changes</th></tr><tr><td>"
        f"v10.0.0</td><td>The <code>{name}</code> callback is no longer optional.</td></tr>"
        f"</table></details><p>Asynchronously calls {name} on the file at path, and passes "
        "the result to the callback once the operating system has answered.</p>"
        for name in ("open", "close", "stat"))
    page = ("<html><head><title>File system</title></head><body><main><h1>File system</h1>"
            f"{entries}</main></body></html>")
    text = extract(page, "https://docs.example/fs.html").text
    assert text.count("History") == 3
    assert "is no longer optional" in text


def _uses_page(param: str, cell: str) -> str:
    rows = "".join(
        f"<tr><td><code>&nbsp;<a href='../EntityCursor.html'>EntityCursor</a>&lt;{param}&gt;"
        f"</code></td><td><code><a href='../EntityIndex.html#{name}'>{name}</a>()</code><br>"
        f"{cell} Opens a cursor over the index's {name}, which the caller must close once "
        "it has read what it needs from the store.</td></tr>"
        for name in ("entities", "keys", "values"))
    return ("<html><head><title>Uses of EntityCursor</title></head><body><main><h1>Uses of "
            f"Interface EntityCursor</h1><table>{rows}</table></main></body></html>")


def test_a_type_parameter_linked_in_code_at_every_row_is_its_word() -> None:
    # hostile: a Javadoc "class-use" table, each row's type ``EntityCursor<V>``, the type
    # parameter a one-letter link to another file at every row, ending the code's line
    param = "<a href='../EntityIndex.html' title='type parameter in EntityIndex'>V</a>"
    text = extract(_uses_page(param, ""), "https://docs.example/class-use/EntityCursor.html").text
    assert text.count("EntityCursor<V>") == 3


def test_a_call_named_in_code_at_every_entry_is_its_word() -> None:
    # hostile: an Erlang option list, each term a tuple whose type is a call linked to the
    # data types' page, the same at every entry: a name of code, not a label
    items = "".join(
        f"<dt><strong><span class='code'>{{'{name}', <span class='bold_code'><a "
        "href='diameter_dict.html#DATA_TYPES'>DiameterIdentity()</a></span>}</span></strong>"
        f"</dt><dd><p>The {name} of the local node, sent in every outgoing request and "
        "answer, which the peer checks against its own configuration.</p></dd>"
        for name in ("Origin-Host", "Origin-Realm", "Destination-Host"))
    page = ("<html><head><title>diameter</title></head><body><main><h1>diameter</h1>"
            f"<dl>{items}</dl></main></body></html>")
    text = extract(page, "https://docs.example/diameter.html").text
    assert text.count("DiameterIdentity()") == 3
