"""Every page whole (issue 26): a "See also" heading at the end of a reference page over a
short list of the site's other pages ("npm config", "npmrc", "npm adduser") is the page's
cross-references, not a heading left dangling after its block was pruned; and the hostile
shapes beside it: a "Tags" heading over a post's tags, a "See also" over links to
other sites, still go."""

from __future__ import annotations

from .test_extract_whole import URL, assert_kept, words

from trawl.extract import extract  # isort: skip


def command_page(heading: str, items: str) -> str:
    """A short command's page (a synopsis, a description, one option) in a content column
    beside a side menu, ending with ``heading`` over the list ``items``."""
    menu = "".join(f"<li><a href='/commands/npm-{n}.html'>npm {n}</a></li>"
                   for n in ("access", "adduser", "audit", "bugs", "cache", "ci", "config"))
    return ("<html><head><title>npm-whoami</title></head><body>"
            f"<aside class='sidebar'><nav><ul>{menu}</ul></nav></aside>"
            "<main><div class='doc'><h1>npm-whoami</h1><p>Display npm username</p>"
            "<h3>Synopsis</h3><pre><code>npm whoami</code></pre>"
            "<p>Note: This command is unaware of workspaces.</p>"
            "<h3>Description</h3><p>Display the npm username of the currently logged-in"
            " user.</p><p>If logged into a registry that provides token-based"
            " authentication, then connect to the registry endpoint to find the username"
            " associated with the token, and print to standard output.</p>"
            "<h3>Configuration</h3><h4><code>registry</code></h4>"
            "<ul><li>Default: the public registry</li><li>Type: URL</li></ul>"
            "<p>The base URL of the npm registry.</p>"
            f"<h3>{heading}</h3><ul>{items}</ul></div></main>"
            "<footer><a href='/commands/npm-view.html'>Previous page</a></footer>"
            "</body></html>")


SITE_PAGES = ("<li><a href='/commands/npm-config.html'>npm config</a></li>"
              "<li><a href='/configuring-npm/npmrc.html'>npmrc</a></li>"
              "<li><a href='/commands/npm-adduser.html'>npm adduser</a></li>")


def test_a_see_also_list_at_the_end_of_a_reference_page_is_kept() -> None:
    # npm's shortest command pages (VitePress) end on "See Also" over three links to other
    # pages of the site (25 characters): left alone, a dangling heading's leftover
    e = extract(command_page("See Also", SITE_PAGES), URL)
    assert_kept(e.text, "base URL of the npm registry", "See Also", "npm config", "npmrc",
                "npm adduser")


def test_a_tags_heading_or_other_sites_under_see_also_still_go() -> None:
    # a "Tags" heading over a post's tags (pages of the site, a word each) is a footer's
    # leftover, not the page's cross-references
    tags = ("<li><a href='/tags/registry.html'>registry</a></li>"
            "<li><a href='/tags/cli.html'>cli</a></li>")
    e = extract(command_page("Tags", tags), URL)
    assert_kept(e.text, "base URL of the npm registry")
    assert "tags" not in words(e.text)
    assert "cli" not in words(e.text)
    # and a "See also" over links to other sites (a share bar's) is no list of its pages
    shares = ("<li><a href='https://twitter.com/npmjs'>Twitter</a></li>"
              "<li><a href='https://github.com/npm'>GitHub</a></li>")
    e = extract(command_page("See also", shares), URL)
    assert_kept(e.text, "base URL of the npm registry")
    assert "twitter" not in words(e.text)
    assert "see also" not in words(e.text)
