"""Every page whole (issue 26), on a generator not tuned on (brief 73): a class that states
what the layout holds beside an element ("has-sidebar", "with-aside") is no word of the
element's own (``_tokens._layout_state``).

VitePress's default theme sets a page's content column in ``div.VPContent.has-sidebar``
beside its side menu (``aside.VPSidebar``): on a short command page (a synopsis, a few
lines), the side menu of every page's link outweighs it, and the column,
a "sidebar" by its second class, went as boilerplate under the size guard: the page kept
only its "Skip to content" link. The hostile shape: a sidebar whose other class states
something of its own ("sidebar has-toggle") is still a sidebar by its first.
"""

from __future__ import annotations

import re

from trawl.extract import extract

from .test_extract_whole import URL

COMMANDS = (
    "access adduser audit bugs cache ci completion config dedupe deprecate diff dist-tag "
    "docs doctor edit exec explain explore find-dupes fund help init install link login "
    "logout ls org outdated owner pack ping pkg prefix profile prune publish query rebuild "
    "repo restart root run sbom search shrinkwrap star stars start stop team test token "
    "uninstall unpublish update version view whoami")
MENU = "".join(f"<li><a href='/commands/npm-{c}.html'>npm-{c}</a></li>" for c in COMMANDS.split())
HEADER = ("<header class='Nav'><a class='title' href='/'>npm Docs</a><nav><a href='/commands/"
          "npm.html'>Commands</a><a href='/using-npm/registry.html'>Using npm</a></nav></header>")
DOC = ("<div class='Doc'><main class='main'><div class='doc'><h1>npm-ping</h1>"
       "<h3>Synopsis</h3><pre><code>npm ping</code></pre>"
       "<p>Note: This command is unaware of workspaces.</p><h3>Description</h3>"
       "<p>Ping the configured or given npm registry and verify authentication.</p>"
       "<h3>See Also</h3><ul><li><a href='/commands/npm-doctor.html'>npm doctor</a></li>"
       "<li><a href='/commands/npm-config.html'>npm config</a></li></ul></div></main></div>")
FOOTER = "<footer class='Footer'><p>Released under the Artistic License 2.0.</p></footer>"


def page(column_class: str, aside_class: str = "Sidebar") -> str:
    return (f"<html><head><title>npm-ping</title></head><body><div class='Layout'>"
            f"<a href='#content' class='skip-link visually-hidden'>Skip to content</a>{HEADER}"
            f"<aside class='{aside_class}'><nav><ul>{MENU}</ul></nav></aside>"
            f"<div class='{column_class}'>{DOC}</div>{FOOTER}</div></body></html>")


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


def test_a_column_beside_a_sidebar_is_the_page() -> None:
    text = extract(page("VPContent has-sidebar"), URL).text
    assert {"Synopsis", "unaware", "workspaces", "Ping", "authentication"} \
        <= words(text)
    assert "adduser" not in words(text)


def test_a_sidebar_stating_more_is_still_a_sidebar() -> None:
    # its own class names it; "has-toggle" says what it holds, not that it is no sidebar
    notes = ("<div class='sidebar has-toggle'><p>Our sponsor of the month keeps the "
             "registry fast and free for every open source project, thank them today.</p>"
             "</div>")
    html = page("VPContent has-sidebar").replace(FOOTER, notes + FOOTER)
    text = extract(html, URL).text
    assert "unaware" in words(text)
    assert "sponsor" not in words(text)
