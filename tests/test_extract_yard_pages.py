"""Every page whole (issue 26), session 19: a reference page's summary of its members kept
though none is described (an undocumented class's "Instance Method Summary": each item a
whole signature linked to its entry below, and nothing else), under a heading that calls it
a summary (``_summarylist._summary_heading``); a page's own contents box of the same
links still goes. A module's "Defined in:" list of seventy files, names between commas, does
not outscore its overview (``_namecommas``); an attribute reader's heading, "#comments ⇒
Object", anchors its entry, no comment box (``_ids._signature_heading``)."""

from __future__ import annotations

from .test_extract_member_summary import METHODS, class_page, details
from .test_extract_whole import LOREM, URL, assert_kept, words

from trawl.extract import extract  # isort: skip

def item(name: str, text: str) -> str:
    """A summary's item as YARD writes it for an undescribed member: the link, then an
    empty description (``summary_desc``, its ``div`` a block with nothing in it)."""
    return (f"<li class='public '>\n  <span class='summary_signature'>\n    <a href="
            f"'#{name.replace('?', '%3F')}-method'>{text} </a>\n  </span>\n  <span "
            "class='summary_desc'><div class='inline'></div></span>\n</li>\n")


def signatures() -> str:
    """The class's methods' items, none described, each its whole signature."""
    return "".join(item(n, f"#<strong>{n}</strong>{a}  &#x21d2; {r}") for n, a, r, _ in METHODS)


def test_an_undescribed_summary_of_the_pages_members_is_its_content() -> None:
    # StubProxy.html: ".<strong>_load</strong>(str) ⇒ Object" and "#hash ⇒ Object" alone in
    # their items: all link text, pruned as a menu (about twenty YARD pages at 88-95 %)
    e = extract(class_page(f"<ul class='summary'>{signatures()}</ul>"), URL)
    assert_kept(e.full_text, "The store keeps every object",
                "#paths_for_type(type, reload = false) ⇒ Array<String>",
                "#locked_for_writing?(file = nil) ⇒ Boolean",
                "#checksums ⇒ Hash<String, String>")


def _page_with(box: str) -> str:
    """A class's page whose summary is a box of the members' signatures before the details
    (``box``: its heading and list, as the test gives)."""
    return ("<html><head><title>Class: Store</title></head><body><div id='content'>"
            "<h1>Class: Store</h1><h2>Overview</h2><div class='docstring'>"
            f"<p>The store keeps every object the registry loads. {LOREM}</p>"
            f"<p>It writes them to disk when asked. {LOREM}</p></div>{box}"
            "<div id='method_details'><h2>Instance Method Details</h2>"
            + "".join(details(n, a, d) for n, a, _, d in METHODS)
            + "</div></div></body></html>")


def test_a_contents_box_of_the_members_signatures_still_goes() -> None:
    # the same links, whole signatures to the entries below, under "On this page": the
    # page's contents, which the entries' headings say again (guard: the heading; with
    # ``_summary_heading`` forced true, or ``_tochead.names_contents`` false, it stays)
    e = extract(_page_with(f"<h4>On this page</h4><ul>{signatures()}</ul>"), URL)
    assert_kept(e.full_text, "The store keeps every object", "It writes them to disk")
    assert "array string" not in words(e.full_text)  # (the summary's ``⇒ Array<String>``)


FILES = [f"lib/yard/{d}/{n}.rb" for d in ("cli", "tags", "server", "parser", "handlers")
         for n in ("base", "command", "library", "options", "config", "registry", "stats",
                   "helper", "router", "adapter", "engine", "template", "proxy", "comment")]
"""A module's seventy source files: the "Defined in:" list of a module defined across many."""


def module_page(defined_in: str) -> str:
    """A module's page as YARD writes it: the "Defined in:" box, the overview, the
    namespace's modules and classes (links between commas), the constants."""
    names = ", ".join(f"<span class='object_link'><a href='YARD/{n}.html'>{n}</a></span>"
                      for n in ("CLI", "CodeObjects", "Handlers", "Parser", "Registry",
                                "Server", "Tags", "Templates", "Config", "Logger"))
    constants = "".join(f"<dt id='{c}-constant'>{c} =<div class='docstring'><p>The {c.lower()}"
                        f" of the library.</p></div></dt><dd><pre class='code'>File.join(ROOT, "
                        f"'{c.lower()}')</pre></dd>"
                        for c in ("ROOT", "TEMPLATE_ROOT", "CONFIG_DIR"))
    return ("<html><head><title>Module: YARD</title></head><body><div id='content'>"
            "<h1>Module: YARD</h1><div class='box_info'><dl><dt>Defined in:</dt>"
            f"<dd>{defined_in}</dd></dl></div><h2>Overview</h2><div class='docstring'>"
            "<div class='discussion'><p>Gem::YARDoc provides methods to generate YARD "
            "documentation for gems upon installation.</p><p>This file is automatically "
            "required by RubyGems 1.9 and newer.</p></div></div><h2>Defined Under Namespace</h2>"
            f"<p class='children'><strong>Modules:</strong> {names}</p><h2>Constant Summary</h2>"
            f"<dl class='constants'>{constants}</dl></div><div id='footer'>Generated by yard."
            "</div></body></html>")


def test_files_between_commas_do_not_outscore_the_module() -> None:
    # YARD.html (18.7 %): the "Defined in:" list, seventy files after commas and breaks
    # (all but the first hidden by the theme's style sheet), was chosen alone over the
    # module's overview: seventy commas, each scored a clause
    files = FILES[0] + "<span class='defines'>,<br/>\n" + ",<br/>\n".join(FILES[1:]) + "</span>"
    e = extract(module_page(files), URL)
    assert_kept(e.full_text, "Gem::YARDoc provides methods to generate YARD documentation",
                "This file is automatically required", "TEMPLATE_ROOT =")


def test_a_sentences_commas_still_count() -> None:
    # a story's paragraphs whose clauses, between commas, are what tell them from a longer
    # block of comma-less prose beside them (a disclaimer): the commas still count
    # (guard: one token between commas; with ``names_between_commas`` forced true the
    # disclaimer wins)
    clauses = ("The council met on Monday, in the old hall, with the mayor, two aldermen, "
               "the clerk, a reporter, and a crowd of residents, who had waited, some of them, "
               "since the morning, to speak.")
    notice = ("This website is provided as is without any warranty of any kind and the "
              "publisher accepts no liability for any loss that may arise from reliance on "
              "the information it contains or on any site it links to at any time. ")
    story = "".join(f"<p>Part {i}. {clauses}</p>" for i in range(3))
    side = "".join(f"<p>{notice * 2}</p>" for _ in range(3))
    body = ("<html><head><title>The council meets</title></head><body><div class='page'>"
            f"<div class='col'><div class='story'>{story}</div></div><div class='col2'><div "
            f"class='box'><div class='notice'>{side}</div></div></div></div></body></html>")
    e = extract(body, URL)
    assert_kept(e.full_text, "Part 2. The council met on Monday")
    assert "without any warranty" not in words(e.full_text)


def test_a_members_heading_without_parameters_is_its_anchor_not_a_comments_box() -> None:
    # YARD/Parser/C/Comment.html: an attribute reader's heading "#comments ⇒ Object",
    # ``h3#comments-instance_method``: its id's "comments" was read as a comment box's and
    # the heading dropped, the summary's link to it left dangling
    entries = "".join(
        f"<div class='method_details'><h3 class='signature' id='{n}-instance_method'>"
        f"#<strong>{n}</strong>  &#x21d2; <tt>Object</tt></h3><div class='docstring'>"
        f"<p>Returns the {n} of the statement. {LOREM}</p></div></div>"
        for n in ("comments", "source", "line"))
    page = ("<html><head><title>Class: Comment</title></head><body><div id='content'>"
            f"<h1>Class: Comment</h1><h2>Overview</h2><p>A comment in C source. {LOREM}</p>"
            f"<div id='instance_method_details'><h2>Instance Method Details</h2>{entries}</div>"
            "</div></body></html>")
    e = extract(page, URL)
    assert_kept(e.full_text, "#comments ⇒ Object Returns the comments of the statement.",
                "#line ⇒ Object")


def test_a_comments_heading_in_words_still_goes() -> None:
    # a story's comments under a heading whose id is "comments" and whose words follow an
    # arrow ("Comments → Join the discussion"): no member named after a sigil, and the
    # thread still goes (not proven apart: with ``_MEMBER_RETURNS_RE`` loosened to any
    # arrow, the rules on a thread's end drop it too)
    page = ("<html><head><title>The council votes</title></head><body><article>"
            "<h1>The council votes on the park</h1>"
            + "".join(f"<p>Paragraph {i} of the story. {LOREM}</p>" for i in range(5))
            + "<h3 id='comments'>Comments → Join the discussion</h3><p>Alice: about time.</p>"
            "<p>Bob: agreed.</p></article></body></html>")
    e = extract(page, URL)
    assert_kept(e.full_text, "Paragraph 4 of the story")
    assert "join the discussion" not in words(e.full_text)


def test_a_summary_of_operators_is_its_content() -> None:
    # Templates/Section.html, ExtraFileObject.html: "#==(other) ⇒ Object", "#[](*args) ⇒
    # Object" name operators after the sigil, no identifier: the summary was not read as
    # one and went as a menu
    ops = [("==", "%3D%3D", "(other)", "Boolean"), ("[]", "%5B%5D", "(*args)", "Object"),
           ("<=>", "%3C%3D%3E", "(other)", "Integer"), ("hash", "hash", "", "Integer")]
    items = "".join(item(anchor, f"#<strong>{n}</strong>{a}  &#x21d2; {r}")
                    for n, anchor, a, r in ops)
    entries = "".join(
        f"<div class='method_details'><h3 class='signature' id='{n}-method'>#{n}{a} ⇒ {r}"
        f"</h3><div class='docstring'><p>Compares or reads. {LOREM}</p></div></div>"
        for n, _, a, r in ops)
    page = ("<html><head><title>Class: Section</title></head><body><div id='content'>"
            f"<h1>Class: Section</h1><h2>Overview</h2><p>A section of a template. {LOREM}</p>"
            f"<h2>Instance Method Summary</h2><ul class='summary'>{items}</ul>"
            f"<div id='instance_method_details'><h2>Instance Method Details</h2>{entries}</div>"
            "</div></body></html>")
    e = extract(page, URL)
    assert words(e.full_text).count("integer") == 4  # (the summary's two and the entries')


def _facts(*facts: tuple[str, str]) -> str:
    return "<div class='box_info'>" + "".join(f"<dl><dt>{label}</dt><dd>{fact}</dd></dl>"
                                              for label, fact in facts) + "</div>"


def test_a_classs_facts_under_its_title_are_its_content() -> None:
    # ListCommand.html (92 %): "Inherits:", "Includes:" and "Defined in:" under the
    # class's title, most of it links to the classes it inherits: pruned as a menu
    link = "<span class='object_link'><a href='{0}.html'>{0}</a></span>"
    box = _facts(("Inherits:", link.format("LibraryCommand") + "<ul class='fullTree'><li>"
                  "Object</li><li>" + link.format("Base") + "</li><li>"
                  + link.format("LibraryCommand") + "</li><li>YARD::Server::ListCommand</li>"
                  "</ul><a href='#' class='inheritanceTree'>show all</a>"),
                 ("Includes:", link.format("Templates::Helpers::BaseHelper")),
                 ("Defined in:", "lib/yard/server/commands/list_command.rb"))
    page = ("<html><head><title>Class: ListCommand</title></head><body><div id='content'>"
            f"<h1>Class: YARD::Server::ListCommand</h1>{box}<h2>Overview</h2><div "
            f"class='docstring'><p>Returns a list of objects of a specific type. {LOREM}</p>"
            f"<p>It is called by the router. {LOREM}</p></div></div></body></html>")
    e = extract(page, URL)
    assert_kept(e.full_text, "Inherits: LibraryCommand", "Includes: Templates::Helpers::",
                "Defined in: lib/yard/server/commands/list_command.rb", "Returns a list")


def test_a_storys_taxonomy_box_under_its_headline_still_goes() -> None:
    # the same shape under a story's headline: "Filed under:", "Tags:", its topics in
    # words and links (guard: no code named; with ``_names_code`` forced true it stays)
    topics = ", ".join(f"<a href='/tag/{t}'>{t}</a>" for t in ("Politics", "Council",
                                                                "Parks", "Budget"))
    box = _facts(("Filed under:", "<a href='/local'>Local news</a>"), ("Tags:", topics))
    page = ("<html><head><title>The council votes</title></head><body><article>"
            f"<h1>The council votes on the park</h1>{box}"
            + "".join(f"<p>Paragraph {i} of the story. {LOREM}</p>" for i in range(5))
            + "</article></body></html>")
    e = extract(page, URL)
    assert_kept(e.full_text, "Paragraph 4 of the story")
    assert "filed under" not in words(e.full_text)


def test_a_long_description_climbs_to_its_classs_page() -> None:
    # Tags/MacroDirective.html (71.7 %): the class's description is a guide of its own, a
    # dozen sections, and outscored the rest of the page: its facts, the summary of its
    # one method (under its group's name, "Parser callbacks") and the method's entry
    guide = "".join(f"<h3 id='label-Part+{i}'>Part {i} of the guide</h3><p>Macros, in part {i},"
                    f" are expanded, as the text says, wherever they are named. {LOREM}</p>"
                    f"<p>Another paragraph, of part {i}, with more, and more. {LOREM}</p>"
                    for i in range(8))
    summary = ("<ul class='summary'>" + item("call", "#<strong>call</strong>  &#x21d2; void")
               + "</ul>")
    page = ("<html><head><title>Class: MacroDirective</title></head><body><div id='content'>"
            "<h1>Class: YARD::Tags::MacroDirective</h1>"
            + _facts(("Inherits:", "<a href='Directive.html'>Directive</a>"),
                     ("Defined in:", "lib/yard/tags/directives.rb"))
            + f"<h2>Overview</h2><div class='docstring'><div class='discussion'>{guide}</div>"
            "</div><div class='tags'><div class='examples'><p class='tag_title'>Examples:</p>"
            + "".join(f"<p class='example_title'>Defining macro {i}</p><pre class='example "
                      f"code'># @!macro [new] returns_{i}\n#   @return [self] returns itself"
                      f"\ndef map_{i}; end\n# @macro returns_{i}\ndef filter_{i}; end</pre>"
                      for i in range(4))
            + "</div><p class='tag_title'>Since:</p><ul class='since'><li>0.7.0</li></ul></div>"
            "<h2>Parser callbacks</h2>" + summary
            + "<div id='instance_method_details'><h2>Instance Method Details</h2><div "
            "class='method_details'><h3 class='signature' id='call-method'>#<strong>call"
            "</strong> ⇒ void</h3><div class='docstring'><p>Expands the macro where it is "
            "named.</p></div><table class='source_code'><tr><td><pre class='lines'>12\n13\n"
            "14\n15</pre></td><td><pre class='code'># File 'lib/yard/tags/directives.rb', line"
            " 12\n\ndef call\n  expand(handler.statement)\n  warn_if_unnamed\nend</pre></td>"
            "</tr></table></div></div></div></body></html>")
    e = extract(page, URL)
    assert_kept(e.full_text, "Part 7 of the guide", "Defined in: lib/yard/tags/directives.rb",
                "Expands the macro where it is named.")


def test_toggles_labels_are_no_content() -> None:
    # "collapse" beside each summary's heading and "show all" under the inheritance tree:
    # links to "#" a script acts on, their labels extra words on every YARD page
    page = ("<html><head><title>Class: Store</title></head><body><div id='content'>"
            "<h1>Class: Store</h1><dl><dt>Inherits:</dt><dd>Object<ul class='fullTree'><li>"
            "Object</li><li>Store</li></ul><a href='#' class='inheritanceTree'>show all</a>"
            f"</dd></dl><h2>Overview</h2><p>The store keeps every object. {LOREM}</p>"
            "<h2>Constant Summary <small><a href='#' class='constants_summary_toggle'>collapse"
            "</a></small></h2><dl class='constants'><dt id='ROOT-constant'>ROOT =</dt><dd>"
            f"<pre class='code'>File.dirname(__FILE__)</pre></dd></dl><p>More. {LOREM}</p>"
            "</div></body></html>")
    got = words(extract(page, URL).full_text)
    assert_kept(got, "The store keeps every object", "Constant Summary", "ROOT =")
    assert "collapse" not in got and "show all" not in got


def test_a_toggles_label_in_a_sentence_stays() -> None:
    # a tutorial naming the control in its sentence, linked as the page's script wires it
    # (guard: words around the link; with ``_apart`` forced true it goes)
    page = ("<html><head><title>The tree</title></head><body><article><h1>The tree</h1>"
            f"<p>The tree shows every class. {LOREM}</p><p>Press <a href='#'>collapse</a> "
            f"to fold it back. {LOREM}</p></article></body></html>")
    assert_kept(extract(page, URL).full_text, "Press collapse to fold it back.")


def test_a_group_of_undescribed_signatures_under_its_name_is_content() -> None:
    # MethodCallNode.html: the summary headed by the source's group ("Managing node
    # state"), not "... Summary", each item "#block ⇒ Object", none described
    e = extract(class_page(f"<ul class='summary'>{signatures()}</ul>")
                .replace("Instance Method Summary", "Managing node state"), URL)
    assert_kept(e.full_text, "#paths_for_type(type, reload = false) ⇒ Array<String>",
                "#checksums ⇒ Hash<String, String>")


def _entry_with_tags(tags: str) -> str:
    """A class's page, one attribute's entry whose description ends with ``tags``."""
    return ("<html><head><title>Class: Locale</title></head><body><div id='content'>"
            f"<h1>Class: YARD::I18n::Locale</h1><h2>Overview</h2><p>A locale. {LOREM}</p>"
            "<div id='instance_attr_details'><h2>Instance Attribute Details</h2><div "
            "class='method_details'><h3 class='signature' id='name-instance_method'>#<strong>"
            "name</strong> ⇒ String (readonly)</h3><div class='docstring'><p>Returns the name "
            f"of the locale. {LOREM}</p></div>{tags}<table class='source_code'><tr><td><pre>"
            "29\n30\n31</pre></td><td><pre class='code'>def name\n  @name\nend</pre></td></tr>"
            "</table></div></div></div></body></html>")


def test_a_descriptions_block_of_tags_is_its_own() -> None:
    # I18n/Locale.html (93 %): "Returns:", "See Also:" (a link to BCP 47, a fifth of the
    # block's words) and "Since:" in ``div.tags``: weighed as a tag cloud and pruned
    # (``_doccomment.block_weight`` now asks ``block_tags``)
    tags = ("<div class='tags'><p class='tag_title'>Returns:</p><ul class='return'><li><span "
            "class='type'>(<tt>String</tt>)</span> — the name of the locale.</li></ul><p "
            "class='tag_title'>See Also:</p><ul class='see'><li><a href='http://tools.ietf.org"
            "/rfc/bcp/bcp47.txt'>BCP 47 - Tags for Identifying Languages</a></li></ul><p "
            "class='tag_title'>Since:</p><ul class='since'><li>0.8.2</li></ul></div>")
    e = extract(_entry_with_tags(tags), URL)
    assert_kept(e.full_text, "Returns: (String) — the name of the locale.", "Since: 0.8.2")


def test_a_storys_tag_box_still_goes() -> None:
    # a story's "Tags:" box, its class "tags", as the block tags are written (guard: the
    # label names no doc tag; with ``_blocktags.block_tags`` forced true it stays)
    tags = ("<div class='tags'><p class='tag_title'>Tags:</p><ul class='return'><li><span "
            "class='type'>(<tt>Locale</tt>)</span> — the desk's topic.</li></ul><p "
            "class='tag_title'>Filed under:</p><ul class='see'><li><a href='http://news.example"
            ".com/t/i18n'>BCP 47 - Tags for Identifying Languages</a></li></ul><p "
            "class='tag_title'>Posted:</p><ul class='since'><li>0.8.2</li></ul></div>")
    e = extract(_entry_with_tags(tags), URL)
    assert_kept(e.full_text, "Returns the name of the locale.")
    assert "filed under" not in words(e.full_text)


def test_a_verb_linked_in_a_synopsis_to_its_own_page_stays() -> None:
    # hostile: a C++ reference page's synopsis names the struct it documents, linked to the
    # page itself ("fold.html", which extraction reads as "#"), a toggle's verb for a name
    synopsis = ("<pre class='synopsis'><span class='keyword'>template</span>&lt;typename "
                "Sequence&gt;\n<span class='keyword'>struct</span> <a class='link' "
                "href='fold.html'>fold</a> <span class='special'>:</span> <a "
                "href='transform.html'>proto::transform</a>&lt; fold&lt;Sequence&gt; &gt; {\n"
                "};</pre>")
    page = ("<html><head><title>Struct template fold</title></head><body><main><h1>Struct "
            "template fold</h1><p>boost::proto::fold, a primitive transform that invokes the "
            "fusion fold algorithm to accumulate a value over a sequence, starting from its "
            "initial state.</p><h2>Synopsis</h2>" + synopsis + "<h2>Description</h2><p>The "
            "transform folds each element of the sequence into the state, in order, and "
            "returns what the last call returned.</p></main></body></html>")
    text = extract(page, "https://docs.example/boost/proto/fold.html").text
    assert "struct fold :" in text
