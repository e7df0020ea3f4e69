"""Every page whole (issue 26), brief 126: a short list of the page's own sections, each
link ``#...`` spelled by another slugger than the one that wrote the headings' ids, is the
page's contents (``_toc._lists_itself`` with ``RESPELLED_OWN``).

A Markdown page's author writes an "Overview" of its sections with GitHub's slugs
(``#checking-your-version-of-npm-and-nodejs``); the site generator spells the headings' ids
its own way (``id="Checking-your-version-of-npm-and-Node-js"``). No link matched an id as
spelled, so the list was no list of the page's own parts and prune dropped it as a menu
(hexo's ``configuring-npm/install``, 90.3 %). A fragment alone leads to this page and no
other; each names one of its anchors by its letters and digits, and one only.

Guard: the same list of links to another page's places (``/guide/#...``), a "Related"
block after a post, is no list of this page's parts, however its fragments are spelled.

Loosening: ``_toc.RESPELLED_OWN = False`` fails ``test_an_overview_of_the_pages_sections_
respelled``; ``_toc._own_fragment`` always true fails ``test_links_to_another_pages_places_
stay_out``.
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import assert_kept, words

URL = "https://docs.example.com/setup/install/index.html"

DESCRIPTION = ("To build the site you must install the interpreter and the package manager, "
               "using either a version manager or the installer of your system. We "
               "recommend a version manager, since the installer sets up folders that need "
               "the administrator's rights to write to.")
SECTIONS = [
    ("Checking your version of Tool.js and tpm", "Checking-your-version-of-Tool-js-and-tpm",
     "checking-your-version-of-tooljs-and-tpm",
     "To see whether you have the tools already, and which version, run the two "
     "commands below and compare their answers with the versions the site needs."),
    ("Using a version manager to install Tool.js", "Using-a-version-manager-to-install-Tool-js",
     "using-a-version-manager-to-install-tooljs",
     "A version manager installs several versions side by side and lets you switch "
     "between them, so that you can test the site with each of them in turn."),
    ("Using an installer to install Tool.js", "Using-an-installer-to-install-Tool-js",
     "using-an-installer-to-install-tooljs",
     "If you cannot use a version manager, the installer of your system installs both "
     "tools at once, in the folders your system keeps for programs."),
]


def install_page(prefix: str = "", heading: str = "Overview") -> str:
    overview = "".join(f"<li><a href='{prefix}#{slug}'>{title}</a></li>"
                       for title, _, slug, _ in SECTIONS)
    sections = "".join(f"<h3 id='{ident}'><a href='#{ident}' class='headerlink'></a>{title}"
                       f"</h3><p>{text}</p>" for title, ident, _, text in SECTIONS)
    return (
        "<html><head><title>install - Tool docs</title></head><body>"
        "<header><a href='/'>Tool docs</a> <a href='/blog/'>Blog</a></header>"
        "<article class='post'><h1 class='title'>install</h1><div class='entry'>"
        f"<h3 id='Description'>Description</h3><p>{DESCRIPTION}</p>"
        f"<h3 id='{heading}'>{heading}</h3><ul>{overview}</ul>{sections}</div></article>"
        "<footer>Powered by a generator</footer></body></html>")


def test_an_overview_of_the_pages_sections_respelled() -> None:
    text = extract(install_page(), URL).text
    assert_kept(text, DESCRIPTION, *(t for _, _, _, t in SECTIONS))
    assert text.count(SECTIONS[0][0]) == 2  # (the overview's entry and the heading)


def test_links_to_another_pages_places_stay_out() -> None:
    text = extract(install_page(prefix="/guide/", heading="Related"), URL).text
    assert_kept(text, DESCRIPTION, *(t for _, _, _, t in SECTIONS))
    assert text.count(SECTIONS[0][0]) == 1, words(text)
