"""A section's heading is no navigation part, whatever its class says (session 19's lead).

When a block that won by its class yields to the section around it (``_select._over_class``),
the navigation beside it in that section is dropped (``drop_chrome_beside``), judged by tag,
role and class. Docusaurus marks every section heading ``h3.anchorTargetStickyNavbar_Vzrq``
(its sticky navigation bar's offset for the anchor): the headings of a short command page
whose code block won ("Synopsis", "Description") went as navigation. A heading titles the
text under it; a site's navigation is a block of links beside the text.
"""

from __future__ import annotations

from trawl.extract import extract

_HEAD = ("<h3 class='anchor anchorTargetStickyNavbar_Vzrq' id='{id}'>{title}<a href='#{id}' "
         "class='hash-link' aria-label='Direct link to {title}'>\u200b</a></h3>")
_CODE = ("<div class='language-bash codeBlockContainer_Ckt0 theme-code-block'><div "
         "class='codeBlockContent_QJqH'><pre class='prism-code language-bash codeBlock_bY9V'>"
         "<code class='codeBlockLines_e6Vv'>" + "".join(
             f"<div class='token-line'><span class='token plain'>npm adduser --option-{i} "
             f"value-{i}</span><br></div>" for i in range(12)) + "</code></pre></div></div>")


def _page(nav: str = "") -> str:
    return ("<html><head><title>npm-adduser</title></head><body><nav class='navbar'><a "
            "href='/'>Home</a><a href='/cli'>CLI</a></nav><main><div class='container'>"
            f"<article><div class='theme-doc-markdown markdown'><header><h1>npm-adduser</h1>"
            f"</header>{nav}{_HEAD.format(id='synopsis', title='Synopsis')}{_CODE}<p>Note: "
            "This command is unaware of workspaces.</p>"
            f"{_HEAD.format(id='description', title='Description')}<p>Create a new user in "
            "the specified registry, and save the credentials to the npmrc file.</p><p>When "
            "you run it, the CLI generates a legacy token of publish type.</p></div></article>"
            "</div></main></body></html>")


def test_a_sections_heading_classed_as_a_navbars_anchor_is_kept() -> None:
    text = extract(_page(), "https://docs.example/commands/npm-adduser.html").text
    assert "Synopsis" in text and "Description" in text
    assert "Create a new user" in text


def test_a_navigation_list_beside_the_block_still_goes() -> None:
    # hostile: a page's own menu of other pages in the section, a list whose class names
    # navigation, under a heading of its own; the heading stays out with it
    nav = ("<div class='nav-links'><h4 class='menu-title'>More commands</h4><ul class='menu'>"
           + "".join(f"<li><a href='/commands/npm-{c}'>npm {c}</a></li>"
                     for c in ("login", "logout", "whoami", "token")) + "</ul></div>")
    text = extract(_page(nav), "https://docs.example/commands/npm-adduser.html").text
    assert "npm whoami" not in text
    assert "Synopsis" in text
