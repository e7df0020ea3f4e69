"""Every page whole (issue 26), an API reference whose entries no heading heads: each entry a
block opening with its signature line, then its source listing, its description and its
members; a module's page its title's section, then its entries (pdoc's shape, in neutral
class names). And the hostile shapes beside them: a story whose block opens with a line that
is no signature, or beside a list of other stories."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept, page, words

SOURCE = "\n".join(f"    value_{i} = compute_{i}(node, depth={i})" for i in range(40))


def entry(name: str, paragraphs: int, members: str = "") -> str:
    """An entry: its signature line, its source listing, its description, its members."""
    doc = "".join(f"<p>{name} step {i}: {LOREM}</p>" for i in range(paragraphs))
    return (f"<section id='{name}'><div class='attr'><span class='def'>def</span> "
            f"<span class='name'>{name}</span>(node, depth=None):</div>"
            f"<div class='code'><pre>def {name}(node, depth=None):\n{SOURCE}</pre></div>"
            f"<div class='doc'>{doc}</div>{members}</section>")


def module_page(entries: str, tag: str = "div") -> str:
    return page(f"<{tag} class='module'><section class='info'><h1>walker.tree</h1>"
                "<div class='doc'><p>Walks a tree of nodes.</p></div>"
                f"<div class='code'><pre>import os\n{SOURCE}</pre></div></section>"
                f"{entries}</{tag}>", title="walker.tree")


def test_an_entrys_source_and_signature_beside_its_description_are_kept() -> None:
    # the description scored best and stood for the entry: its signature and its source
    # listing (code, no prose by mass) were lost
    html = module_page(entry("walk", 6))
    text = extract(html, URL).full_text
    assert_kept(text, "walk step 5", "value_39 = compute_39(node, depth=39)",
                "Walks a tree of nodes.")


def test_a_module_page_keeps_its_title_section_beside_its_one_big_entry() -> None:
    # the page's main landmark holds the module's title section and one entry, most of
    # the page: the title section was lost
    html = module_page(entry("walk", 10), tag="main")
    text = extract(html, URL).full_text
    assert_kept(text, "Walks a tree of nodes.", "walk step 9",
                "import os value_0 = compute_0(node, depth=0)")


def teaser_list() -> str:
    cards = "".join(f"<div class='card'><h3><a href='/story{i}.html'>Another story {i}</a>"
                    f"</h3><p>A short summary of story {i}, which says what it is about in a "
                    "sentence or two.</p></div>" for i in range(4))
    return f"<div class='more'>{cards}</div>"


STORY = "".join(f"<p>Paragraph {i} of the story. {LOREM}</p>" for i in range(6))


def test_a_story_whose_first_line_reads_as_code_leaves_the_teasers_beside_it_out() -> None:
    # a story under a line that reads as a call, beside a list of other stories' teasers:
    # the teasers are no part of an entry (the guard: no teasers beside the entry's parts)
    html = page("<div class='post'><div class='kicker'>print(hello) for beginners</div>"
                f"<div class='story'>{STORY}</div>{teaser_list()}</div>")
    text = extract(html, URL).full_text
    assert_kept(text, "Paragraph 5 of the story")
    assert words("Another story 2") not in words(text)


def test_a_story_under_its_byline_leaves_the_other_stories_after_it_out() -> None:
    # a story under its byline, then other stories' opening lines: a byline is no
    # signature line, and the post no entry (the guard: the first line reads as code)
    html = page("<div class='post'><div class='meta'>Posted by Jane Doe in News</div>"
                f"<div class='story'>{STORY}</div><div class='tail'><p>Another story begins "
                "here, with its first lines only, and more of it on its own page.</p><p>A "
                "third story, whose opening lines stand here too.</p></div></div>")
    text = extract(html, URL).full_text
    assert_kept(text, "Paragraph 5 of the story")
    assert words("Another story begins") not in words(text)
