"""Brief 66: a theme's controls in the content's own frame (bench/completeness.py's furo set):
an icon button named for screen readers only, and a link back to the page's top, both
above the article, inside what holds it (trawl/extract/_controls.py); and a signature's
parameter whose type is several linked names (the sphinx13 set; trawl/extract/_sigparts.py)."""

from __future__ import annotations

from tests.test_extract_whole import LOREM, URL, assert_kept, page, words
from trawl.extract import extract

ARTICLE = ("<article role='main'><h1>Generics</h1>"
           + "".join(f"<p>Part {i}. {LOREM}</p>" for i in range(5)) + "</article>")


def framed(controls: str) -> str:
    """A page whose article sits in a container with the theme's controls before it."""
    return page(f"<div class='article-container'>{controls}{ARTICLE}</div>", "Generics")


def test_an_icon_buttons_spoken_label_is_no_content() -> None:
    # Furo's colour theme switch: an icon whose name, seven words, is for screen readers
    # only; a button of four words or more was kept as content (an accordion's question)
    button = ("<div class='icons'><button class='theme-toggle'><div class='visually-hidden'>"
              "Toggle Light / Dark / Auto color theme</div><svg><use href='#sun'/></svg>"
              "</button></div>")
    e = extract(framed(button), URL)
    assert_kept(e.text, "Part 4.")
    assert "Toggle" not in e.text and "color theme" not in e.text


def test_a_button_that_shows_its_words_stays_whole() -> None:
    # hostile: an accordion's question is the button's visible text, with "(show the
    # answer)" after it for screen readers: the question is content
    faq = "".join(f"<button aria-controls='a{i}'>How do I reset the cache number {i}? "
                  f"<span class='sr-only'>(show the answer)</span></button>"
                  f"<div id='a{i}'><p>Answer {i}. {LOREM}</p></div>" for i in range(3))
    e = extract(page(f"<article><h1>FAQ</h1>{faq}</article>", "FAQ"), URL)
    assert_kept(e.text, "How do I reset the cache number 2?", "Answer 2.")


def test_a_link_back_to_the_top_is_no_content() -> None:
    # Furo's "Back to top" above the article, in the container that holds it
    top = "<a href='#' class='back-to-top muted-link'><svg/><span>Back to top</span></a>"
    e = extract(framed(top), URL)
    assert_kept(e.text, "Part 4.")
    assert "Back to top" not in e.text


def test_a_link_to_the_empty_fragment_in_a_sentence_or_a_list_stays() -> None:
    # hostile: a script's link in the text ("open the settings"), and a list's entries
    # leading to the page's own title and parts, ``href="#"`` among them, are content
    # and the page's subject linked to the page itself (written as "#"), in code
    body = ("<article><h1>Settings</h1><p>To change the colours, <a href='#'>open the "
            f"settings</a> and pick a theme. {LOREM}</p><div><code><a href='#'>Settings "
            "Panel</a></code></div><div><a href='#'>SettingsPanel</a></div>"
            "<div><a href='#' onclick='openAll()'>Open every panel</a></div>"
            "<p>The steps:</p><ul><li><a href='#'>Overview</a></li><li>Install the package "
            "from the registry, then restart the service.</li><li>Set the theme in the "
            "configuration file, under its own section.</li></ul>"
            + "".join(f"<p>Part {i}. {LOREM}</p>" for i in range(4)) + "</article>")
    e = extract(page(body, "Settings"), URL)
    assert_kept(e.text, "To change the colours, open the settings and pick a theme.")
    assert words("Overview") in words(e.text) and "Settings Panel" in e.text
    assert "SettingsPanel" in e.text
    # and a script's link to "#" (an ``onclick``) is a script's control, left to the rules
    # that judge the box it is in
    assert "Open every panel" in e.text


def typed(name: str) -> str:
    """A parameter's type of linked names, as Sphinx writes one linked to another project's
    docs: ``Dict[str, str]``."""
    link = "<a class='reference external' href='https://docs.example.com/py/{0}' " \
           "title='(in Python v3.11)'><span class='pre'>{1}</span></a>"
    return (f"<em class='sig-param'><span class='n'><span class='pre'>{name}</span></span>"
            "<span class='p'>:</span> <span class='n'>" + link.format("typing", "Dict")
            + "<span class='p'>[</span>" + link.format("str", "str")
            + "<span class='p'>,</span> " + link.format("str", "str")
            + "<span class='p'>]</span></span></em>")


def test_a_parameters_linked_type_stays_in_its_signature() -> None:
    # Sphinx's own API pages: a type of three linked names in a span went as a block of
    # links ("source_suffix: )"); it is part of the declaration it sits in
    entries = "".join(
        f"<dl class='py method'><dt class='sig' id='Project.m{i}'><span class='descname'>"
        f"method{i}</span>({typed(f'option{i}')})</dt><dd><p>Does the thing number {i}. "
        f"{LOREM}</p></dd></dl>" for i in range(3))
    body = (f"<div role='main'><h1>Project API</h1><dl class='py class'><dt class='sig'>"
            f"class Project({typed('source_suffix')})</dt><dd><p>A project. {LOREM}</p>"
            f"{entries}</dd></dl></div>")
    e = extract(page(body, "Project API"), URL)
    assert_kept(e.text, "source_suffix: Dict[str, str]", "option2: Dict[str, str]")


def test_a_terms_links_in_words_are_still_judged() -> None:
    # hostile: a post's term of words, its links a list of tags ("Filed under Travel,
    # Food, Cooking at home"): no declaration, its links a block of links as before
    posts = "".join(
        f"<dl><dt>Post {i} <span><a href='/tag/travel'>Travel stories</a>, <a "
        f"href='/tag/food'>Food and drink</a>, <a href='/tag/home'>Cooking at home</a>"
        f"</span></dt><dd><p>Story {i}. {LOREM}</p></dd></dl>" for i in range(3))
    e = extract(page(f"<article><h1>Posts</h1>{posts}</article>", "Posts"), URL)
    assert_kept(e.text, "Story 2.")
    assert "Cooking at home" not in e.text
