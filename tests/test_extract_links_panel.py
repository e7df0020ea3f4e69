"""A panel of the page's links is chrome (``_linkpanel.links_panel``, asked by ``_boiler``),
and no index of its members (``_memberindex._in_links_panel``, the guard of
``_memberindex.member_index``).

The Apache manual's module pages open with a quick view (``div#quickview``, which the
style sheet sets beside the text and the page's script moves into a panel a button opens):
"Topics", "Directives" (each linked to its entry below: an index's shape), "Bugfix
checklist" (the bug tracker) and "See also". Since the entries' headings are kept whole
(``_ids._named_item``), the directives' list linked places on the page and was kept as an
index of members (mod_auth_form.html, mod_proxy.html). An index is a group of the page's
own places; a panel whose other lists lead out of the page is the page's links. The
panel itself (its "Topics", "Bugfix checklist", "See also") was taken in on 22 of the
manual's pages, those whose panel says more than prune's blocks of links hold.

The hostile shapes: a box of the page's own contents only, a "Further reading" box of
links out only, a box of lists whose items are sentences.
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept

DIRECTIVES = ("AuthFormAuthoritative", "AuthFormBody", "AuthFormDisableNoStore",
              "AuthFormFakeBasicAuth", "AuthFormLocation", "AuthFormLoginRequiredLocation",
              "AuthFormLoginSuccessLocation", "AuthFormLogoutLocation", "AuthFormMethod",
              "AuthFormMimetype", "AuthFormPassword", "AuthFormProvider",
              "AuthFormSitePassphrase", "AuthFormSize", "AuthFormUsername")
TOPICS = ("Basic Configuration", "Standalone Login", "Inline Login",
          "Inline Login with Body Preservation", "Logging Out", "Usernames and Passwords")


def _slug(title: str) -> str:
    return title.lower().replace(" ", "")


def quick_view(see_also: str = "") -> str:
    topics = "".join(f"<li><img alt='' src='down.gif'> <a href='#{_slug(t)}'>{t}</a></li>"
                     for t in TOPICS)
    directives = "".join(f"<li><img alt='' src='down.gif'> <a href='#{d.lower()}'>{d}</a>"
                         "</li>" for d in DIRECTIVES)
    return ("<div id='quickview'><h3>Topics</h3><ul id='topics'>" + topics + "</ul>"
            "<h3 class='directives'>Directives</h3><ul id='toc'>" + directives + "</ul>"
            "<h3>Bugfix checklist</h3><ul class='seealso'><li><a href='https://bugs.example"
            ".org/changes'>httpd changelog</a></li><li><a href='https://bugs.example.org/"
            "list'>Known issues</a></li><li><a href='https://bugs.example.org/new'>Report a "
            "bug</a></li></ul><h3>See also</h3><ul class='seealso'><li><a href='mod_session"
            f".html'>mod_session</a>{see_also}</li><li><a href='../howto/auth.html'>"
            "Authentication howto</a></li></ul></div>")


def module_page(panel: str | None = None) -> str:
    topics = "".join(f"<h2 id='{_slug(t)}'>{t}</h2><p>{t} is done this way. {LOREM}</p>"
                     for t in TOPICS)
    entries = "".join(
        f"<div class='directive-section'><h2><a name='{d}' id='{d}'>{d}</a> "
        f"<a name='{d.lower()}' id='{d.lower()}'>Directive</a></h2>"
        f"<table class='directive'><tr><th>Syntax:</th><td>the directive's value</td></tr>"
        f"</table><p>What the directive sets, when and where. {LOREM}</p></div>"
        for d in DIRECTIVES)
    return ("<html><head><title>mod_auth_form - Apache HTTP Server</title></head><body>"
            "<div id='page-header'><p class='menu'><a href='../faq/'>FAQ</a></p>"
            "<p class='apache'>Apache HTTP Server Version 2.4</p></div>"
            "<div id='page-content'><div id='preamble'><h1>Apache Module mod_auth_form</h1>"
            f"<h3>Summary</h3><p>Form authentication. {LOREM}</p></div>"
            f"{quick_view() if panel is None else panel}"
            f"{topics}{entries}</div>"
            "<div id='footer'><p class='apache'>Copyright 2026 The Foundation.</p></div>"
            "</body></html>")


def test_a_panel_of_the_pages_links_goes() -> None:
    # (fails with `_linkpanel:links_panel=false`: the panel's "Topics", "Bugfix checklist"
    # and "See also" were kept)
    text = extract(module_page(), URL).text
    assert_kept(text, "What the directive sets, when and where.", "Form authentication.")
    for said in ("Bugfix checklist", "Known issues", "Authentication howto", "Topics"):
        assert said not in text, (said, text)


def test_a_panel_of_links_listing_the_pages_entries_is_no_index() -> None:
    # a "See also" item that says words of its own makes the box no panel of links alone
    # (fails with `_memberindex:_in_links_panel=false`: the panel's "Directives" list, its
    # entries' names linked to their places below, was kept as an index of members)
    text = extract(module_page(quick_view(", sessions kept in a cookie")), URL).text
    assert_kept(text, "What the directive sets, when and where.", "Form authentication.")
    for name in DIRECTIVES:
        assert text.split().count(name) == 1, (name, text)


def _box(*parts: tuple[str, tuple[tuple[str, str], ...]]) -> str:
    return "<div class='box'>" + "".join(
        f"<h3>{title}</h3><ul>" + "".join(f"<li><a href='{href}'>{said}</a></li>"
                                          for href, said in items) + "</ul>"
        for title, items in parts) + "</div>"


def _article(box: str) -> str:
    paras = "".join(f"<p>Part {n} of the guide to the server's modules. {LOREM}</p>"
                    for n in range(3))
    # (in the page's main landmark, where prune keeps lists of links as the page's own)
    return ("<html><head><title>Modules</title></head><body><main class='text'>"
            f"<h1>Modules</h1>{paras}{box}<h2 id='loading'>Loading</h2><p>{LOREM}</p>"
            f"<h2 id='building'>Building</h2><p>{LOREM}</p></main></body></html>")


def test_a_box_of_links_out_only_is_kept() -> None:
    # "Further reading": links to other pages and sites only (fails with
    # `_linkpanel:_outlines_page=true`)
    box = _box(("Books", (("https://books.example.org/apache", "Apache: The Guide"),
                          ("https://books.example.org/http", "HTTP in Depth"))),
               ("Articles", (("../howto/modules.html", "Writing your own module"),
                             ("https://blog.example.org/dso", "Shared objects explained"))))
    text = extract(_article(box), URL).text
    assert_kept(text, "Apache: The Guide", "Writing your own module", "Shared objects")


def test_a_box_of_the_pages_own_places_only_is_kept() -> None:
    # the text's table of contents, in two groups (fails with
    # `_linkpanel:_leads_out=true`)
    box = _box(("Sections", (("#loading", "Loading modules"),
                             ("#building", "Building modules"))),
               ("Examples", (("#loading", "A module loaded at start"),
                             ("#building", "A module built apart"))))
    text = extract(_article(box), URL).text
    assert_kept(text, "Loading modules", "Building modules", "A module built apart")


def test_a_box_of_lists_of_sentences_is_kept() -> None:
    # items that say words of their own besides their links: the text's lists (fails with
    # `_linkpanel:_list_of_links=true`)
    box = ("<div class='box'><h3>Steps</h3><ul><li><a href='#loading'>Load</a> the module "
           "with the directive in the server's configuration.</li><li><a href='#building'>"
           "Build</a> it first when the distribution has no package of it.</li></ul>"
           "<h3>Where to read more</h3><ul><li><a href='../howto/modules.html'>The guide"
           "</a> explains every hook a module may register.</li><li><a href='https://"
           "example.org/api'>The API</a> lists the functions a module calls.</li></ul></div>")
    text = extract(_article(box), URL).text
    assert_kept(text, "with the directive in the server's configuration",
                "explains every hook a module may register")


def test_a_box_that_says_a_paragraph_besides_its_lists_is_kept() -> None:
    # the page's outline and links out, with a paragraph of its own: the text's (fails
    # with `_linkpanel:_empty_list_note=true`)
    box = _box(("Sections", (("#loading", "Loading modules"),
                             ("#building", "Building modules"))),
               ("Elsewhere", (("../howto/modules.html", "Writing your own module"),))).replace(
        "<h3>Elsewhere</h3>", "<h3>Elsewhere</h3><p>The server loads a module at start, and "
        "a module built apart is loaded the same way once it is installed.</p>")
    text = extract(_article(box), URL).text
    assert_kept(text, "a module built apart is loaded the same way", "Writing your own")
