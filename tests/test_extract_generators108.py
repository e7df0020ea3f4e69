"""Every page whole (issue 26, brief 108): shapes of generators first measured in brief 108
(pydoc, pdoc3, mkdocstrings, Shibuya). One page shape per failure seen, and the hostile
shape beside each: the chrome of a similar shape the rule must still drop.
``_tablesections.table_sections`` and ``section_row``."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL, assert_kept

TITLE = ("<table class='heading'><tr class='heading-text decor'><td class='title'>&nbsp;<br>"
         "<strong class='title'><a href='json.html'>json</a>.decoder</strong></td>"
         "<td class='extra'><a href='.'>index</a><br><a href='file:/lib/json/decoder.py'>"
         "/lib/json/decoder.py</a></td></tr></table>")


def section(title: str, body: str, cls: str = "section") -> str:
    """A section as pydoc writes one: a table, its first row the title, then its body."""
    return (f"<p><table class='{cls}'><tr class='decor heading-text'><td class='section-title'"
            f" colspan=3>&nbsp;<br><strong class='bigsection'>{title}</strong></td></tr>"
            "<tr><td class='decor'><span class='code'>&nbsp;&nbsp;</span></td><td>&nbsp;</td>"
            f"<td class='singlecolumn'>{body}</td></tr></table>")


def entry(name: str, text: str) -> str:
    return (f"<dl><dt><a name='-{name}'><strong>{name}</strong></a>(s, idx=0)</dt><dd>"
            f"<span class='code'>{text}</span></dd></dl>")


CLASS = ("<p><table class='section'><tr class='decor title-decor heading-text'>"
         "<td class='section-title' colspan=3>&nbsp;<br><a name='JSONDecoder'>class "
         "<strong>JSONDecoder</strong></a>(<a href='builtins.html#object'>builtins.object"
         "</a>)</td></tr><tr><td class='decor title-decor' rowspan=2>&nbsp;</td><td "
         "class='decor title-decor' colspan=2><span class='code'>Simple&nbsp;JSON&nbsp;"
         "decoder,&nbsp;performing&nbsp;the&nbsp;following&nbsp;translations&nbsp;in&nbsp;"
         "decoding&nbsp;by&nbsp;default:&nbsp;objects&nbsp;to&nbsp;dicts,&nbsp;arrays&nbsp;"
         "to&nbsp;lists,&nbsp;strings&nbsp;to&nbsp;str,&nbsp;numbers&nbsp;to&nbsp;int&nbsp;"
         "or&nbsp;float.</span></td></tr><tr><td>&nbsp;</td><td class='singlecolumn'>"
         "Methods defined here:<br>"
         + entry("decode", "Return the Python representation of s, a str instance holding "
                 "a JSON document, or raise an error when it is no valid document.")
         + entry("raw_decode", "Decode a JSON document from s, a str beginning with one, and "
                 "return a 2-tuple of the Python representation and the index where it "
                 "ended, which may be followed by more data, as a log file holds.")
         + "</td></tr></table>")


def pydoc_page(after: str = "", sections: str = "") -> str:
    classes = section("Classes", "<dl><dt><a href='builtins.html#object'>builtins.object"
                      "</a></dt><dd><dl><dt><a href='#JSONDecoder'>JSONDecoder</a></dt></dl>"
                      "</dd></dl>" + CLASS)
    functions = section("Functions", entry("scanstring", "Scan the string s for a JSON "
                                           "string, from the index after its opening quote, "
                                           "and return its value and the index after it."))
    data = section("Data", "<strong>FLAGS</strong> = re.VERBOSE|re.MULTILINE|re.DOTALL<br>"
                   "<strong>NaN</strong> = nan, <strong>PosInf</strong> = inf")
    return ("<html><head><title>Python: module json.decoder</title></head><body>" + TITLE
            + "<p><span class='code'>Implementation&nbsp;of&nbsp;JSONDecoder</span></p>"
            + section("Modules", "<table><tr><td><a href='re.html'>re</a></td><td><a href="
                      "'json.scanner.html'>json.scanner</a></td></tr></table>")
            + (sections or classes + functions + data) + after + "</body></html>")


def test_a_documents_sections_set_as_tables_are_kept_whole() -> None:
    e = extract(pydoc_page(), URL)
    assert_kept(e.text, "Simple JSON decoder", "Return the Python representation",
                "as a log file holds", "Scan the string s for a JSON string", "FLAGS")


LONG = ("Object for wrapping and filling text, used by the module's functions wrap, fill and "
        "shorten, whose public interface is the wrap and fill methods, and whose attributes, "
        "width, initial_indent, subsequent_indent, expand_tabs and replace_whitespace, set "
        "how it works. ") * 4


def test_a_section_table_alone_in_its_sections_body_is_kept_with_it() -> None:
    # the class's own table, alone under "Classes" beside the class tree, its description
    # the best block: the row is its section's, the section the module's (section_row)
    cls = CLASS.replace("Simple&nbsp;JSON&nbsp;decoder,", "Simple&nbsp;JSON&nbsp;decoder, "
                        + LONG)
    e = extract(pydoc_page(sections=section(
        "Classes", "<dl><dt><a href='builtins.html#object'>builtins.object</a></dt></dl>" + cls)
        + section("Functions", entry("scanstring", "Scan the string s for a JSON string, "
                                     "from the index after its opening quote."))
        + section("Data", "<strong>NaN</strong> = nan, <strong>NegInf</strong> = -inf")), URL)
    assert_kept(e.text, "Simple JSON decoder", "as a log file holds", "Scan the string s",
                "NegInf")


def test_a_table_after_tables_alike_stays_out() -> None:
    # hostile: a page laid out in tables, each headed, then a closing table of the site's
    # (its address): the tables are no document of sections (_after_sections)
    e = extract(pydoc_page("<table><tr><td>Northside branch library, 12 Elm Street, open "
                           "Monday to Saturday</td></tr></table>"), URL)
    assert "Simple JSON decoder" in e.text
    assert "Northside" not in e.text


def test_a_closing_table_of_links_stays_out() -> None:
    # hostile: the last table headed alike, a list of other sites' links ("Links"): a page
    # laid out in tables, not a document's last section (_closing_links)
    e = extract(pydoc_page(section("Links", "".join(
        f"<a href='https://site{i}.example.org/'>Site number {i}</a><br>" for i in range(8)))),
        URL)
    assert "Simple JSON decoder" in e.text
    assert "Site number" not in e.text


def test_tables_headed_by_links_to_other_pages_make_no_sections() -> None:
    # hostile: tables headed alike by a link to another page (teasers: a story's headline
    # and its summary) after the content's: no document's sections (_title_row)
    teasers = "".join(section(f"<a href='/stories/{t}.html'>The {t} story</a>",
                              f"How the {t} team shipped its release on time, told by the "
                              "people who made it.") for t in ("first", "second"))
    e = extract(pydoc_page(sections=section("Classes", CLASS) + teasers), URL)
    assert "Simple JSON decoder" in e.text
    assert "shipped" not in e.text


def toctree_page(main_class: str, menu_class: str = "sy-lside md:w-72 print:hidden",
                 menu_tag: str = "aside") -> str:
    """A Sphinx theme's page of a section's index (Shibuya's layout, Tailwind's utility
    classes): the side menu, then ``main`` holding the breadcrumbs and the article, its
    paragraph and its table of contents, mostly links."""
    items = "".join(f"<li><a href='{p}.html'>{p.title()} of the project</a></li>"
                    for p in ("installation", "configuration", "builders", "extensions",
                              "theming", "internationalization", "markdown", "domains"))
    menu = "".join(f"<li><a href='/{p}{i}.html'>{p.title()} guide, part {i}</a></li>"
                   for p in ("usage", "tutorial", "development", "reference", "faq", "news")
                   for i in range(8))
    return ("<html><head><title>Using Sphinx</title></head><body>"
            f"<{menu_tag} class='{menu_class}'><ul>{menu}</ul></{menu_tag}>"
            f"<main class='{main_class}'><div class='sy-breadcrumbs' role='navigation'>"
            "<a href='../index.html'>Sphinx</a> / Using Sphinx</div>"
            "<article class='yue' role='main'><h1>Using Sphinx</h1><p>This guide shows how "
            "to get started with Sphinx and covers everything from installing it to "
            "configuring a first project.</p><ul>" + items + "</ul></article></main>"
            "</body></html>")


def test_a_utility_class_variant_names_no_chrome() -> None:
    # Tailwind's "print:pt-6" on the main column: "print" is when the style applies, not a
    # print button's token (_tokens._utility, _variant)
    e = extract(toctree_page("sy-main w-full max-sm:max-w-full print:pt-6"), URL)
    assert_kept(e.text, "This guide shows how to get started", "Builders of the project",
                "Domains of the project")
    assert "Faq guide" not in e.text


def test_a_class_words_prefix_that_is_no_variant_still_names_it() -> None:
    # hostile: a prefix that is no variant (a component's name before its part: "promo:")
    # still names the element: the promotion in the article still goes (_variant)
    html = toctree_page("sy-main w-full").replace(
        "</p><ul>", "</p><div class='promo:box'>Our partners' offers this week: twenty "
        "percent off the spring range of garden furniture.</div><ul>")
    e = extract(html, URL)
    assert "This guide shows how" in e.text
    assert "partners' offers" not in e.text


def pdoc3_page(heading: str, title: str) -> str:
    """pdoc3's page of a package: its title in the article's header, its sub-modules."""
    return (f"<html><head><title>{title}</title></head><body><main><article id='content'>"
            f"<header><h1 class='title'>{heading}</h1></header><section id='section-intro'>"
            "</section><section><h2 class='section-title' id='header-submodules'>"
            "Sub-modules</h2><dl><dt><code class='name'><a title='werkzeug.wrappers.request'"
            " href='request.html'>werkzeug.wrappers.request</a></code></dt><dd><div "
            "class='desc'></div></dd><dt><code class='name'><a title='werkzeug.wrappers."
            "response' href='response.html'>werkzeug.wrappers.response</a></code></dt><dd>"
            "<div class='desc'></div></dd></dl></section></article></main><nav id='sidebar'>"
            "<h1>Index</h1><ul><li><a href='../index.html'>werkzeug</a></li></ul></nav>"
            "<footer id='footer'><p>Generated by pdoc 0.11.6.</p></footer></body></html>")


def test_a_headers_title_naming_the_pages_code_under_its_kind_is_kept() -> None:
    # pdoc3: "Module <code>werkzeug.wrappers</code>" on "werkzeug.wrappers API
    # documentation", its article's header (_entryhead.names_titled_code)
    e = extract(pdoc3_page("Module <code>werkzeug.wrappers</code>",
                           "werkzeug.wrappers API documentation"), URL)
    assert_kept(e.full_text, "Module werkzeug.wrappers", "werkzeug.wrappers.response")


def test_a_banner_naming_other_code_than_the_title_still_goes() -> None:
    # hostile: the article's header names a product as code under a kind, but the page is
    # about something else (its title): a banner, dropped as before (_opens_title)
    e = extract(pdoc3_page("Package <code>acme-cli</code>",
                           "Release notes for the spring"), URL)
    assert "werkzeug.wrappers.response" in e.full_text
    assert "acme-cli" not in e.full_text
