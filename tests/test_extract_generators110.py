"""Every page whole (issue 26, brief 110): pydoc's package pages (a title bar over the list
of the package's modules) and Hexo's listings' last pages. One page shape per failure seen,
and the hostile shape beside each: the chrome of a similar shape the rule must still drop.
``_tablesections.table_sections`` (its title bar: ``title_bar``)."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_generators108 import section
from .test_extract_whole import URL, assert_kept


def bar(name: str) -> str:
    """pydoc's title bar: one row, the module's name, then a cell of its links."""
    return ("<table class='heading'><tr class='heading-text decor'><td class='title'>&nbsp;"
            f"<br><strong class='title'>{name}</strong></td><td class='extra'><a href='.'>"
            f"index</a><br><a href='file:/lib/{name}/__init__.py'>/lib/{name}/__init__.py</a>"
            "</td></tr></table>")


def links(*hrefs: str) -> str:
    cells = "".join(f"<td class='multicolumn'><a href='{h}'>{h.rsplit('.', 2)[-2]}</a><br>"
                    "</td>" for h in hrefs)
    return f"<table><tr>{cells}</tr></table>"


def package_page(name: str, title: str, body: str) -> str:
    return (f"<html><head><title>Python: package {name}</title></head><body>{bar(name)}"
            f"<p></p>{section(title, body)}</body></html>")


def test_a_package_page_keeps_the_list_of_its_modules() -> None:
    # the title bar and one section, "Package Contents", a list of links to the package's
    # own modules: the page's content (scoring picked the bar; the list went as navigation)
    e = extract(package_page("urllib", "Package Contents",
                             links("urllib.error.html", "urllib.parse.html",
                                   "urllib.request.html")), URL)
    assert_kept(e.text, "Package Contents", "error", "parse", "request")


def test_a_title_bar_over_a_modules_short_sections_keeps_them() -> None:
    # a module of two short sections (its imports, its functions): the bar scored best
    body = section("Modules", links("signal.html", "weakref.html")) + section(
        "Functions", "<dl><dt><a name='-installHandler'><strong>installHandler</strong></a>()"
        "</dt></dl><dl><dt><a name='-removeResult'><strong>removeResult</strong></a>(result)"
        "</dt></dl>")
    page = ("<html><head><title>Python: module unittest.signals</title></head><body>"
            f"{bar('unittest.signals')}<p></p>{body}</body></html>")
    assert_kept(extract(page, URL).text, "Functions", "installHandler", "removeResult")


def test_a_title_bar_over_one_list_of_other_pages_keeps_it() -> None:
    # a module's page that only lists the modules it imports: the list is the page
    # (_lone_section)
    page = ("<html><head><title>Python: module unittest._log</title></head><body>"
            f"{bar('unittest._log')}<p></p>"
            f"{section('Modules', links('collections.html', 'logging.html'))}</body></html>")
    assert_kept(extract(page, URL).text, "Modules", "collections", "logging")


def test_a_title_bar_over_sections_then_links_leaves_them() -> None:
    # hostile: a bar, a section of text, then a closing table of links to the site's other
    # pages and to other sites: a page laid out in tables, its last table chrome
    text_section = section("Notes", "<p>" + "The tools here read the logs of the build and "
                           "say which step failed, and why, in a line each. " * 3 + "</p>")
    page = ("<html><head><title>Python: package tools</title></head><body>"
            f"{bar('tools')}<p></p>{text_section}"
            f"{section('Elsewhere', links('news.html', 'about.html', 'https://example.org/x.html'))}"
            "</body></html>")
    text = extract(page, URL).text
    assert "which step failed" in text and "news" not in text and "about" not in text


def test_a_class_titled_with_its_long_base_linked_is_a_section() -> None:
    # "class XMLFilterBase(xml.sax.xmlreader.XMLReader)": the base's linked name is most
    # of the title; the title opens on the class's own anchor (_title_row, _names_itself)
    from .test_extract_generators108 import CLASS, LONG, pydoc_page, section
    long_base = CLASS.replace("(<a href='builtins.html#object'>builtins.object</a>)",
                              "(<a href='xml.sax.xmlreader.html#XMLReader'>"
                              "xml.sax.xmlreader.XMLReader</a>)")
    other = CLASS.replace("JSONDecoder", "JSONEncoder").replace(
        "Simple&nbsp;JSON&nbsp;decoder,", "Extensible&nbsp;JSON&nbsp;encoder, " + LONG)
    page = pydoc_page(sections=section("Classes", long_base + other))
    assert_kept(extract(page, URL).text, "Implementation of JSONDecoder", "Simple JSON decoder",
                "Extensible JSON encoder", "json.scanner")


def listing_page(entries: str, year: str = "2025") -> str:
    from .test_extract_generators109 import BANNER, FOOTER, SIDEBAR
    return ("<html><head><title>Archives | A blog of notes</title></head><body>"
            f"{BANNER}<div class='outer'><section id='main'><section class='archives-wrap'>"
            f"<div class='archive-year-wrap'><a href='/archives/{year}'>{year}</a></div>"
            f"<div class='archives'>{entries}</div></section></section>{SIDEBAR}</div>"
            f"{FOOTER}</body></html>")


def test_a_short_listings_dates_and_year_are_its_own() -> None:
    # a listing's last page of three entries, too short for a paragraph: strip_header took
    # every date (and the year over them) for the page's dateline (_listentry.listing_date)
    from .test_extract_generators109 import TITLES, entry
    text = extract(listing_page("".join(entry(i, t) for i, t in enumerate(TITLES[:3]))),
                   URL).full_text
    assert_kept(text, "2025", "Jan 1", "Jan 2", "Jan 3", *TITLES[:3])


def test_a_listings_last_page_of_one_entry_keeps_it() -> None:
    # a category's last page: one entry, its header all it holds (_listentry.lone_entry)
    from .test_extract_generators109 import entry
    text = extract(listing_page(entry(4, "Logging levels explained")), URL).full_text
    assert_kept(text, "Logging levels explained", "Jan 5")


def test_a_posts_own_date_still_goes_from_its_top() -> None:
    # hostile: a post's header of its date and its title (linked to itself), over its
    # text: its dateline goes as ever (no listing entry: the post has a body)
    from .test_extract_generators109 import BANNER, FOOTER, POST, SIDEBAR
    page = ("<html><head><title>Reading a lock file | A blog of notes</title></head><body>"
            f"{BANNER}<div class='outer'><section id='main'><article class='post'>"
            "<div class='inner'><header><a href='/p/1/'><time datetime='2025-01-04'>Jan 4"
            "</time></a><h1><a href='/p/1/'>Reading a lock file</a></h1></header>"
            f"<div class='entry'>{POST}</div></div></article></section>{SIDEBAR}</div>"
            f"{FOOTER}</body></html>")
    text = extract(page, URL).full_text
    assert "exact version of every package" in text and "Jan 4" not in text


def test_a_lone_card_under_a_post_goes() -> None:
    # hostile: a post, then one "related post" card (an article of its header alone): the
    # card, a title and a date beside the post's text, goes as its row of three does
    from .test_extract_generators109 import BANNER, FOOTER, POST, SIDEBAR, entry
    page = ("<html><head><title>Reading a lock file | A blog of notes</title></head><body>"
            f"{BANNER}<div class='outer'><section id='main'><article class='post'>"
            f"<header><h1>Reading a lock file</h1></header><div class='entry'>{POST}</div>"
            f"<div class='more'>{entry(7, 'Why the build was slow', 'h3')}</div></article>"
            f"</section>{SIDEBAR}</div>{FOOTER}</body></html>")
    text = extract(page, URL).full_text
    assert "exact version of every package" in text and "Why the build was slow" not in text


def test_see_also_citing_other_sites_by_address_ends_a_post() -> None:
    # a command's "See Also": the site's pages by name, then libraries on another site
    # cited by their addresses (_seealso._says_address): the document's last section
    from .test_extract_generators109 import PAGES, SECTIONS, post_page
    cited = ("https://npm.im/cacache", "https://npm.im/pacote")
    see_also = ("<h3 id='see-also'><a href='#see-also' class='headerlink'></a>See Also</h3>"
                "<ul>" + "".join(f"<li><a href='/commands/{p.replace(' ', '-')}'>{p}</a></li>"
                                 for p in PAGES)
                + "".join(f"<li><a href='{u}'>{u}</a></li>" for u in cited) + "</ul>")
    text = extract(post_page("npm-cache", SECTIONS, see_also), URL).full_text
    assert_kept(text, "See Also", *PAGES, *cited)


def test_see_also_of_other_sites_by_name_goes() -> None:
    # hostile: a "See Also" of the site's pages and partners' sites named by their names
    # (a promotion's links off the site, share buttons alike): no address cited, it goes
    from .test_extract_generators109 import PAGES, SECTIONS, post_page
    partners = ("Acme Hosting", "Fast Builds Co")
    see_also = ("<h3 id='see-also'>See Also</h3><ul>"
                + "".join(f"<li><a href='/commands/{p.replace(' ', '-')}'>{p}</a></li>"
                          for p in PAGES)
                + "".join(f"<li><a href='https://{p.split()[0].lower()}.example/'>{p}</a>"
                          "</li>" for p in partners) + "</ul>")
    text = extract(post_page("npm-cache", SECTIONS, see_also), URL).full_text
    assert not any(p in text for p in partners)


def test_a_title_bars_cell_of_links_goes() -> None:
    # the bar's cell beside the module's name: "index" and the module's file, navigation
    # (_tablesections.drop_bar_links)
    page = package_page("urllib", "Package Contents",
                        links("urllib.error.html", "urllib.parse.html", "urllib.request.html"))
    text = extract(page, URL).text
    assert_kept(text, "Package Contents", "error", "parse")
    assert "index" not in text and "__init__.py" not in text


def test_a_top_tables_links_beside_another_name_stay() -> None:
    # hostile: a table at the top naming a product (not the page's title) beside its
    # downloads, over the page's text: the links are the page's own
    page = ("<html><head><title>Release notes for the spring</title></head><body>"
            "<table class='heading'><tr><td><strong>Widgets 2.0</strong></td><td>"
            "<a href='/dl/widgets-2.0.tar.gz'>widgets-2.0.tar.gz</a><br>"
            "<a href='/dl/widgets-2.0.zip'>widgets-2.0.zip</a></td></tr></table>"
            "<h1>Release notes for the spring</h1>" + "<p>This release reads its settings "
            "from one file and says which of them it did not know, line by line.</p>" * 4
            + "</body></html>")
    assert_kept(extract(page, URL).text, "widgets-2.0.tar.gz", "which of them it did not know")


def test_an_article_laid_out_in_a_table_keeps_the_comments_out() -> None:
    # hostile: the body's first table is the article itself (rows of paragraphs, no bar),
    # then a classed table headed "Comments": no title bar over sections (title_bar)
    rows = "".join(f"<tr><td><p>{t} The council met on Tuesday and voted to delay the "
                   "works by a year, citing the cost of the materials and an appeal that "
                   "is still pending before the court.</p></td></tr>"
                   for t in ("First.", "Second.", "Third.", "Fourth."))
    comments = section("Comments", "<p>Great post, thanks for writing it!</p><p>I disagree "
                       "with the second point entirely.</p>", cls="comments")
    page = ("<html><head><title>The park can wait</title></head><body>"
            f"<table class='story'>{rows}</table>{comments}</body></html>")
    text = extract(page, URL).text
    assert "appeal that is still pending" in text and "Great post" not in text


def cookie_class(term: str, dd: str) -> str:
    """A class of a module whose name holds "Cookie", its methods' terms anchored by the
    class's name and the method's (pydoc's ``<a name="BaseCookie-__ior__">``)."""
    methods = "".join(
        f"<dl><dt><a name='BaseCookie-{m}'><strong>{m}</strong></a>(self, value, /)</dt>"
        f"<dd><span class='code'>Return self{op}value, as the dict's method does.</span></dd>"
        "</dl>" for m, op in (("__ior__", "|="), ("__or__", "|"), ("__ror__", "|")))
    return (f"<dl><dt>{term}</dt><dd>{dd}</dd></dl>" + methods)


def test_a_methods_anchor_naming_a_cookie_class_is_no_banner() -> None:
    # "BaseCookie-__ior__": the anchor of a method's term, "Cookie" the class's name
    # (_ids._term_of): the methods went as a cookie banner's parts
    from .test_extract_generators108 import pydoc_page, section
    page = pydoc_page(sections=section("Classes", cookie_class(
        "Methods inherited from builtins.dict:", "<p>The mapping's own methods.</p>")
        + "<p>" + "A container of cookies, each a morsel keyed by its name, read from and "
        "written to the headers of a request. " * 4 + "</p>"))
    assert_kept(extract(page, URL).text, "__ior__", "__ror__", "as the dict's method does")



def test_a_share_anchor_in_a_storys_term_still_goes() -> None:
    # hostile: the anchor in a story's last term, "post-share", wraps a word ("Share"),
    # no code's name (_code_term): its id says what it is, and the anchor goes
    from .test_extract_inherited_ids import STORY_TEXT
    html = ("<html><head><title>Library stays open</title></head><body><article>"
            f"<h1>Library stays open</h1><p>{STORY_TEXT}</p><dl><dt>Where</dt><dd>Main "
            "Street library, all branches</dd><dt>When</dt><dd>From June to August</dd>"
            "<dt><span id='post-share'>Share</span> on your networks</dt></dl>"
            f"<p>{STORY_TEXT}</p></article></body></html>")
    text = extract(html, URL).text
    assert_kept(text, STORY_TEXT, "From June to August")
    assert "Share" not in text
