"""Sphinx documentation in other themes, continued (brief 57, issue 26): the shapes
SQLAlchemy's (zzzeeksphinx) and pandas' (PyData theme) pages showed that the extraction read
wrong (bench/completeness.py's sqlalchemy and pydata sets), each beside its hostile shape."""

from __future__ import annotations

from tests.test_extract_whole import LOREM, URL, assert_kept, page, words
from trawl.extract import extract

# -- a term's description is whole, its long parameters' list a part of it -------------------


def parameters(count: int) -> str:
    """A function's parameters as Sphinx writes them: a field list, each parameter its name
    line, then its description."""
    items = "".join(f"<li><p><strong>option_{i}</strong> –</p><p>sets the engine's option {i}, "
                    f"one of many keyword arguments, each routed to its component, and more: "
                    f"{LOREM}</p></li>" for i in range(count))
    return (f"<dl class='field-list simple'><dt class='field-odd'>Parameters</dt>"
            f"<dd class='field-odd'><ul class='simple'>{items}</ul></dd></dl>")


def function(name: str, body: str) -> str:
    return (f"<dl class='py function'><dt class='sig sig-object py' id='pkg.{name}'>function "
            f"pkg.{name}(url, **kwargs)</dt><dd>{body}</dd></dl>")


def docs_page(body: str, title: str) -> str:
    """A page of SQLAlchemy's theme: a header, a sidebar of links, the body, a footer."""
    side = "".join(f"<li><a href='/p{i}.html'>Chapter {i}</a></li>" for i in range(12))
    return (f"<!doctype html><html><head><title>{title}</title></head><body>"
            "<div id='docs-header'><h1>Example 1.4 Documentation</h1></div>"
            f"<div id='docs-container'><div id='docs-sidebar'><ul>{side}</ul></div>"
            f"<div id='docs-body-container'><div id='docs-body' role='main'>{body}</div></div>"
            "</div><div id='docs-bottom'>Copyright 2026 Example. <a href='/legal'>Legal</a>"
            "</div></body></html>")


def engine_page(description: str) -> str:
    """A guide's page: its title, a line, three topics, then its API section: a function
    whose description is ``description``, two short functions after it."""
    topics = "".join(f"<section id='topic-{k}'><h2>Topic {k}</h2><p>Topic {k} says how "
                     f"engines connect. {LOREM}</p><p>And more on topic {k}. {LOREM}</p>"
                     "</section>" for k in range(3))
    return docs_page("<section id='engines'><h1>Engines</h1><p>The engine is the starting "
                     f"point of any application, and it holds the pool and the dialect.</p>"
                     f"{topics}<section id='api'><h2>API</h2><p>The functions that make "
                     "engines.</p>" + function("create_engine", description)
                     + function("engine_from_config", "<p>Create an engine from a "
                                "configuration dictionary, its keys prefixed.</p>")
                     + function("make_url", "<p>Given a string, produce a new URL "
                                "instance.</p>") + "</section></section>", "Engines")


DESCRIPTION = ("<p>Create a new Engine instance.</p><p>The standard calling form is to send "
               "the <a href='#database-urls'><span class='std std-ref'>URL</span></a> as the "
               "first positional argument.</p><div class='highlight'><pre>engine = "
               "create_engine('postgresql://scott@localhost/test')</pre></div><div "
               "class='admonition note'><p class='admonition-title'>Note</p><p>Special "
               "characters in passwords must be URL encoded.</p></div><div class='admonition "
               "seealso'><p class='admonition-title'>See also</p><p><a href='dialects.html'>"
               "Dialects</a> - the databases it speaks to</p></div>" + "".join(
                   f"<p>Further words {k} on calling it, and on what the engine does with the "
                   "URL, which dialect it loads.</p>" for k in range(4)))


def test_a_functions_long_parameters_list_keeps_its_description() -> None:
    # SQLAlchemy's core/engines.html: create_engine()'s forty keyword arguments outweigh
    # its paragraphs, examples and notes many times; the field list won, the description
    # around it was no part of anything by mass, and the page was that function alone (32 %)
    e = extract(engine_page(DESCRIPTION + parameters(16)), URL)
    assert_kept(e.text, "Create a new Engine instance.", "The standard calling form",
                "Special characters in passwords must be URL encoded.", "option_15",
                "Create an engine from a configuration dictionary",
                "Given a string, produce a new URL instance.",
                "The engine is the starting point of any application", "And more on topic 2")


def test_a_layout_description_holding_a_story_and_other_stories_is_no_entry() -> None:
    # hostile: a definition list set for a page's layout, its description a story and a
    # column of other stories' links: those links stand as a list, and stay out
    story = "".join(f"<p>Paragraph {i} of the story, about the garden in spring, its beds "
                    f"and its paths, and the birds. {LOREM}</p>" for i in range(6))
    others = "".join(f"<div class='item'><a href='/s{i}.html'>Another story number {i} "
                     "about a garden somewhere</a></div>" for i in range(8))
    e = extract(page(f"<dl class='layout'><dt>Today</dt><dd><div class='story'>{story}</div>"
                     f"{others}</dd></dl>", "Garden"), URL)
    assert words("Paragraph 5 of the story") in words(e.text)
    assert words("Another story number 3") not in words(e.text)


# -- a code listing's parts are the listing's, whatever their class says ----------------------

SESSION = ("<div class='highlight-python+sql notranslate'><div class='highlight'><pre>"
           "<a href='#' class='sql_link'>sql</a>&gt;&gt;&gt; session.commit()\n"
           "<div class='popup_sql'>UPDATE users SET nickname=? WHERE users.id = ?\n"
           "[...] ('eddie', 1)\nINSERT INTO users (name, fullname) VALUES (?, ?)\n"
           "[...] ('wendy', 'Wendy Williams')\nCOMMIT\n</div></pre></div></div>")


def tutorial_page(between: str) -> str:
    """A tutorial's section: paragraphs, ``between``, paragraphs."""
    paragraphs = "".join(f"<p>Step {i} of the tutorial adds users, and the session keeps "
                         f"track of them. {LOREM}</p>" for i in range(4))
    return docs_page(f"<section id='tutorial'><h1>Object Relational Tutorial</h1>{paragraphs}"
                     f"{between}<p>The commit flushes the remaining changes to the database, "
                     "and commits the transaction.</p>" + paragraphs.replace("Step", "Stage")
                     + "</section>", "Object Relational Tutorial")


def test_the_sql_a_listing_shows_in_a_popup_block_is_the_listings() -> None:
    # SQLAlchemy's ORM tutorial: after each statement, the SQL it emits, in a div.popup_sql
    # inside the listing's pre (the theme's script folds it behind the "sql" link): the
    # popup token made each a dialog, and 56 of them went (82 %)
    e = extract(tutorial_page(SESSION), URL)
    assert_kept(e.text, "session.commit()", "UPDATE users SET nickname", "INSERT INTO users",
                "Wendy Williams", "The commit flushes the remaining changes")


def test_a_popup_dialog_beside_the_text_still_goes() -> None:
    # hostile: a modal sign-up dialog set in the page, outside any listing, is a dialog
    modal = ("<div class='modal popup'><p>Subscribe to our weekly digest of new tutorials "
             "and courses, delivered every Monday.</p></div>")
    e = extract(tutorial_page(SESSION + modal), URL)
    assert words("UPDATE users SET nickname") in words(e.text)
    assert words("weekly digest") not in words(e.text)


# -- a bar of links to the pages the head names previous and next is the page's navigation ----


def pydata_page(contents: str, head: str = "") -> str:
    """A section's index page in the PyData theme: its title and ``contents`` in ``main``,
    the bar to the previous and next pages at its foot (no ``rel`` on its links)."""
    side = "".join(f"<li><a href='/p{i}.html'>Chapter {i}</a></li>" for i in range(12))
    return ("<!doctype html><html><head><title>Comparison with other tools</title>"
            f"{head}</head><body><div class='container-xl'><div class='row'>"
            f"<div class='col-md-3 bd-sidebar'><ul>{side}</ul></div>"
            "<main class='col-md-9 bd-content' role='main'><div><section id='comparison'>"
            "<span id='comparison-anchor'></span><h1>Comparison with other tools</h1>"
            f"{contents}</section></div><div class='prev-next-area'>"
            "<a class='left-prev' id='prev-link' href='../intro/10_text_data.html'>"
            "<div class='prev-next-info'><p class='prev-next-subtitle'>previous</p>"
            "<p class='prev-next-title'>How to manipulate textual data?</p></div></a>"
            "<a class='right-next' id='next-link' href='comparison_with_r.html'>"
            "<div class='prev-next-info'><p class='prev-next-subtitle'>next</p>"
            "<p class='prev-next-title'>Comparison with R / R libraries</p></div></a></div>"
            "</main></div></div></body></html>")


HEAD = ("<link rel='next' title='Comparison with R' href='comparison_with_r.html'>"
        "<link rel='prev' title='Textual data' href='../intro/10_text_data.html'>")


def toctree(*pages: tuple[str, str, tuple[str, ...]]) -> str:
    """Sphinx's toctree: each page a link, its sections under it."""
    items = "".join(
        f"<li class='toctree-l1'><a class='reference internal' href='{href}'>{title}</a><ul>"
        + "".join(f"<li class='toctree-l2'><a class='reference internal' href='{href}#s{i}'>"
                  f"{s}</a></li>" for i, s in enumerate(sections)) + "</ul></li>"
        for href, title, sections in pages)
    return f"<div class='toctree-wrapper compound'><ul>{items}</ul></div>"


def test_a_title_over_its_toctree_is_the_page_not_the_bar_to_the_next() -> None:
    # pandas' getting_started/comparison/index.html: a title and a toctree, no paragraph;
    # the bar to the previous and next pages (its links' targets the head's rel=prev and
    # rel=next) scored alone and was the page's content (1.1 % kept, 83 % extra)
    contents = toctree(("comparison_with_r.html", "Comparison with R / R libraries",
                        ("Quick reference", "Base R", "plyr")),
                       ("comparison_with_sql.html", "Comparison with SQL",
                        ("SELECT", "WHERE", "GROUP BY", "JOIN")),
                       ("comparison_with_sas.html", "Comparison with SAS",
                        ("Data structures", "Data input / output", "Merging")))
    e = extract(pydata_page(contents, HEAD), URL)
    assert_kept(e.text, "Comparison with R / R libraries", "Quick reference",
                "Comparison with SQL", "GROUP BY", "Comparison with SAS", "Merging")
    assert words("How to manipulate textual data") not in words(e.text)


def test_a_short_table_of_contents_leading_to_the_next_page_is_no_bar() -> None:
    # hostile: a chapter's contents of two pages, the first the head's next page, are
    # links to pages after this one, not back: they are the page's, however few
    contents = ("<ul><li><a href='comparison_with_r.html'>Comparison with R</a></li>"
                "<li><a href='comparison_with_sql.html'>Comparison with SQL</a></li></ul>")
    e = extract(pydata_page(contents, HEAD), URL)
    assert_kept(e.text, "Comparison with R", "Comparison with SQL")


def test_a_related_articles_list_under_its_title_still_goes() -> None:
    # hostile: with the bar gone, a block of links under a title ("Related articles", set
    # after the article in the page's main) is still no part of the article
    article = "".join(f"<p>Paragraph {i} compares the two tools, their data structures and "
                      f"how each reads a file. {LOREM}</p>" for i in range(5))
    related = ("<div><h2>Related articles</h2><ul>" + "".join(
        f"<li><a href='/blog/post{i}.html'>Ten more tips for data work, part {i}</a></li>"
        for i in range(6)) + "</ul></div>")
    html = pydata_page(article, HEAD).replace("</section></div>", f"</section></div>{related}")
    e = extract(html, URL)
    assert words("Paragraph 4 compares the two tools") in words(e.text)
    assert words("Ten more tips for data work") not in words(e.text)
    assert words("How to manipulate textual data") not in words(e.text)


def test_a_pop_up_menu_of_links_in_a_listing_still_goes() -> None:
    # hostile: HAProxy's manual opens a pop-up menu on a keyword of its examples, inside
    # the listing's pre ("This keyword is available in sections :", a link to each,
    # hidden until clicked): a menu of links, no line of code
    menu = ("<span class='dropdown'><a class='dropdown-toggle' href='#'>ca-file</a>"
            "<ul class='dropdown-menu'><li class='dropdown-header'>This keyword is "
            "available in sections :</li><li><a href='#ca-file-bind'>Bind options</a></li>"
            "<li><a href='#ca-file-server'>Server and default-server options</a></li></ul>"
            "</span>")
    listing = f"<pre>bind :443 ssl crt site.pem {menu} /etc/ssl/ca.pem\n</pre>"
    e = extract(tutorial_page(listing), URL)
    assert words("bind 443 ssl crt site pem") in words(e.text)
    assert words("This keyword is available in sections") not in words(e.text)

