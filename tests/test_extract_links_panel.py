"""A panel of the page's links is no index of its members (``_memberindex._in_links_panel``,
the guard of ``_memberindex.member_index``).

The Apache manual's module pages open with a quick view (``div#quickview``, which the
style sheet sets beside the text and the page's script moves into a panel a button opens):
"Topics", "Directives" (each linked to its entry below: an index's shape), "Bugfix
checklist" (the bug tracker) and "See also". Since the entries' headings are kept whole
(``_ids._named_item``), the directives' list linked places on the page and was kept as an
index of members (mod_auth_form.html, mod_proxy.html). An index is a group of the page's
own places; a panel whose other lists lead out of the page is the page's links.
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


def quick_view() -> str:
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
            ".html'>mod_session</a></li><li><a href='../howto/auth.html'>Authentication "
            "howto</a></li></ul></div>")


def module_page() -> str:
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
            f"<h3>Summary</h3><p>Form authentication. {LOREM}</p></div>{quick_view()}"
            f"{topics}{entries}</div>"
            "<div id='footer'><p class='apache'>Copyright 2026 The Foundation.</p></div>"
            "</body></html>")


def test_a_panel_of_links_listing_the_pages_entries_is_no_index() -> None:
    # (fails with `_memberindex:_in_links_panel=false`: the panel's "Directives" list, its
    # entries' names linked to their places below, was kept as an index of members)
    text = extract(module_page(), URL).text
    assert_kept(text, "What the directive sets, when and where.", "Form authentication.")
    for name in DIRECTIVES:
        assert text.split().count(name) == 1, (name, text)
