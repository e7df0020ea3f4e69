"""Django's documentation (bench/completeness.py's django set, brief 56): the shapes its
pages showed that the extraction read wrong, each beside the hostile shape that looks like
it and must still be read as before."""

from __future__ import annotations

from tests.test_extract_whole import LOREM, URL, assert_kept, page, words
from trawl.extract import extract


def _code(name: str, kind: str = "def", decorations: str = "") -> str:
    """A function's or class's block of a module's source listing, as Sphinx's viewcode
    writes it: its name as its id, a ``[docs]`` link, its decorations, its definition."""
    signature = "(request, *args):" if kind == "def" else "(Base):"
    body = "\n".join(f"    <span class='n'>value_{i}</span> = <span class='n'>compute</span>"
                     f"(<span class='n'>request</span>, {i})  # step {i} of {name}"
                     for i in range(12))
    return (f"<div class='viewcode-block' id='{name}'><a class='viewcode-back' "
            f"href='../ref.html#{name}'>[docs]</a>{decorations}<span class='k'>{kind}</span> "
            f"<span class='nf'>{name}</span>{signature}\n"
            f"    <span class='sd'>\"\"\"The {name} entry point, documented.\"\"\"</span>\n"
            f"{body}\n    return value_0</div>\n")


def module_source() -> str:
    """A module's source page: its title, then one highlighted listing, some of whose
    functions and classes are blocks named by what they define."""
    head = "\n".join(f"<span class='kn'>import</span> <span class='nn'>mod_{i}</span>"
                     for i in range(6))
    blocks = (_code("vary_on_cookie")
              + _code("login", decorations="@<span class='n'>sensitive_variables</span>"
                      "(<span class='s1'>'credentials'</span>)\n")
              + _code("Widget", kind="class")
              + _code("MultiWidget", kind="class"))
    return page("<div class='section'><h1>Source code for app.views</h1><div "
                f"class='highlight'><pre><span></span>{head}\n\n{blocks}</pre></div></div>",
                "app.views")


def test_a_code_blocks_id_is_the_name_it_defines() -> None:
    # "vary_on_cookie", "login", "Widget", "MultiWidget" read as a cookie banner's, a login
    # form's and widgets' names: the functions' and classes' blocks went as boilerplate
    e = extract(module_source(), URL)
    assert_kept(e.text, "The vary_on_cookie entry point, documented.",
                "The login entry point, documented.", "The Widget entry point, documented.",
                "The MultiWidget entry point, documented.", "import mod_5")


def _story_with(box: str) -> str:
    return page("<article><h1>Tuning the service</h1>" + "".join(
        f"<p>{LOREM} Step {i}.</p>" for i in range(6)) + box + "</article>",
        "Tuning the service")


def test_a_widgets_id_over_code_that_defines_no_such_name_is_still_read() -> None:
    # hostile: a login box whose first line is code that only calls the word, and a share
    # widget whose first line defines another name: each id names a component, and the
    # box goes as before
    login = ("<div id='login'><pre>login(user, password)\nthen come back to this page"
             "</pre><p>Sign in to leave a comment on this post, or create an account.</p>"
             "</div>")
    share = ("<div id='share'><pre>function embed(url) { share the post, then copy it }\n"
             "</pre><p>Share this post with your friends and followers anywhere.</p></div>")
    for box, said in ((login, "Sign in to leave a comment"),
                      (share, "Share this post with your friends")):
        e = extract(_story_with(box), URL)
        assert words("Step 5") in words(e.text)
        assert words(said) not in words(e.text), said


def _lines(name: str, count: int) -> str:
    return "\n".join(f"<span class='k'>def</span> <span class='nf'>{name}_{i}</span>(value):"
                     f" <span class='k'>return</span> value + {i}" for i in range(count))


def test_a_block_of_a_listing_is_the_listings() -> None:
    # the class's block won the scoring and the climb stopped at it: the module's imports
    # and its undocumented functions, the listing's lines around it, went
    methods = "".join(_code(f"TestRunner.step_{i}").replace("[docs]", "[docs]    ")
                      for i in range(8))
    block = _code("TestRunner", kind="class").replace("    return value_0", methods)
    listing = (f"<pre>{_lines('helper', 25)}\n{block}{_lines('tail', 5)}</pre>")
    e = extract(page("<div class='section'><h1>Source code for app.runner</h1><div "
                     f"class='highlight'>{listing}</div></div>", "app.runner"), URL)
    assert_kept(e.text, "def helper_0(value): return value + 0",
                "The TestRunner entry point, documented.", "def tail_4(value)")


def test_a_bar_of_links_in_a_pre_is_no_listings_line() -> None:
    # hostile: a page written as one preformatted text, a bar of links at its top, the
    # story in a block of it: the bar is no line of code, and stays out
    bar = " | ".join(f"<a href='/section{i}.html'>Section {i}</a>" for i in range(12))
    story = "".join(f"<p>{LOREM} Step {i}.</p>" for i in range(6))
    e = extract(page(f"<pre>{bar}\n<div class='story'>{story}</div></pre>", "Story"), URL)
    assert words("Step 5") in words(e.text)
    assert words("Section 11") not in words(e.text)


def _guide_index(intro: str, hrefs: list[str], titles: list[str], next_page: str,
                 after: str = "") -> str:
    """A guide's index page: its title, ``intro``, then the list of its pages (``hrefs``),
    the head naming ``next_page`` as the page after it, then ``after``."""
    items = "".join(f"<li class='l1'><a href='{h}'>{t}</a></li>"
                    for h, t in zip(hrefs, titles, strict=True))
    return (f"<html><head><title>Guides</title><link rel='next' href='{next_page}'></head>"
            "<body><div class='top'><a href='/'>Docs</a> <a href='/search'>Search</a></div>"
            "<div class='main'><div class='section'><h1>How-to guides</h1>"
            f"{intro}<div class='wrapper'><ul>{items}</ul></div>{after}</div></div>"
            "<div class='bottom'>Copyright 2026 Example. <a href='/legal'>Legal</a></div>"
            "</body></html>")


GUIDES = ["Authenticating with a remote user", "Writing custom commands",
          "Writing custom model fields", "Deploying the application",
          "Upgrading to a newer version", "Reporting errors by mail"]
GUIDE_PAGES = ["remote-user.html", "commands.html", "model-fields.html", "deployment/index.html",
               "upgrade.html", "errors.html"]


def test_an_index_pages_list_of_its_pages_after_its_introduction_is_content() -> None:
    # the page's introduction, then its guides' pages as links (the first the page after it,
    # each below its folder): the list went as a list of links, and half the page with it
    intro = ("<p>Here you find short answers to questions of the form how do I do this. "
             "These guides do not cover topics in depth, but they help you do common "
             "tasks quickly.</p>")
    after = ("<div class='admonition seealso'><p>See also</p><p>The community's site, "
             "where more writers publish this sort of material.</p></div>")
    e = extract(_guide_index(intro, GUIDE_PAGES, GUIDES, "remote-user.html", after), URL)
    assert_kept(e.text, "Here you find short answers", *GUIDES,
                "where more writers publish this sort of material")


def test_related_posts_after_a_sentence_still_go() -> None:
    # hostile: a short post, then a list of other posts after a sentence, the first the
    # post the head names next: across the site (its links lead up or from the root),
    # or introduced by a promotion's label; no list of the page's own parts
    post = ("<p>We moved the office to the new building this week, and the move went "
            "well for everyone.</p>") + "".join(f"<p>{LOREM} Day {i}.</p>" for i in range(4))
    across = ["/2024/05/" + h for h in GUIDE_PAGES]
    below = GUIDE_PAGES
    for hrefs, intro in ((across, post), (below, post + "<p>Related posts:</p>")):
        e = extract(_guide_index(intro, hrefs, GUIDES, hrefs[0]), URL)
        assert words("the move went well") in words(e.text)
        assert words(GUIDES[2]) not in words(e.text), hrefs[0]


def _dated_page(heading: str, date_line: str) -> str:
    return page(f"<div class='section'><h1>{heading}</h1>{date_line}"
                "<p>This release fixes a crash when reading an empty upload, and a "
                "regression in the cache's key names.</p></div>", heading)


def test_a_releases_date_under_its_title_is_content() -> None:
    # the date a version came out, in emphasis under the notes' title, went as the page's
    # dateline: it is what the notes are about
    e = extract(_dated_page("Project 2.2.17 release notes", "<p><em>November 2, 2020</em></p>"),
                URL)
    assert_kept(e.text, "November 2, 2020", "This release fixes a crash")


def test_a_storys_date_in_emphasis_still_goes() -> None:
    # hostile: a date in emphasis under a headline naming no version is the story's dateline;
    # under a version's title, a date in a <time> or a line of a class is the page's too
    for heading, line in (("Parks reopen after the storm", "<p><em>November 2, 2020</em></p>"),
                          ("Project 2.2.17 is out", "<p><time>November 2, 2020</time></p>"),
                          ("Project 2.2.17 is out",
                           "<p class='date'><em>November 2, 2020</em></p>")):
        e = extract(_dated_page(heading, line), URL)
        assert words("This release fixes a crash") in words(e.text)
        assert "2020" not in e.text, (heading, line)
