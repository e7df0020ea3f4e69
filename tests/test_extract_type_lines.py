"""Every page whole (issue 26): a module reference's function entries (Erlang/OTP's
documentation, Debian erlang-doc). Three shapes:

- an entry's types block, a line a name bound to its type, "This = <a>wxCaret()</a>": the
  line is mostly its link, and prune dropped it as a block of links
  (``_decl.type_binding``);
- an entry's signature heading, "popup(This) -> ok", whose id is the function's name,
  "popup-1": its words read as a widget's (a popup, a menu, a cookie notice) and the
  heading went as boilerplate (``_ids._signature_heading``);
- an entry whose types block and description are wrapped together, after its signatures:
  the description was no section's body, and the best one was taken alone
  (``_wrapped.body_after_types``).
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL

PROSE = ("The value is read once when the process starts, and a change takes effect only "
         "after a restart, so set it in the service's environment.")


def _page(content: str) -> str:
    return ("<html><head><title>wxCaret</title></head><body><main><h1>wxCaret</h1>"
            f"{content}</main></body></html>")


def _entry(name: str, types: str, body: str) -> str:
    return (f"<article class='func'><h4 id='{name}-1'>{name}(This) -&gt; ok</h4>"
            f"<div class='types'><h3>Types</h3>{types}</div><div class='tube'>{body}</div>"
            "</article>")


def _binding(name: str, type_: str) -> str:
    return (f"<div class='reftypes'><span class='code'>{name} = <span class='code'><a "
            f"href='#type-{type_}'>{type_}()</a></span></span></div>")


def test_an_entrys_type_lines_are_kept() -> None:
    entries = "".join(_entry(f"call_{i}", _binding("This", "wxCaretWindow"),
                             f"<p>Calls it {i}. {PROSE}</p>") for i in range(4))
    e = extract(_page(entries), URL)
    assert "Calls it 3." in e.text
    lines = {" ".join(line.split()) for line in e.text.splitlines()}
    assert "This = wxCaretWindow()" in lines


def test_a_line_of_links_to_stories_is_no_type_binding() -> None:
    # hostile: a line in a story "naming" a label bound to links of words: no type's
    # names, a block of links to other pages, and it goes
    story = "".join(f"<p>{s} {PROSE}</p>" for s in ("We moved the service.",
                                                    "Memory use fell by half."))
    links = ("<div class='more'><span>Read = <span><a href='/news/1.html'>our latest "
             "stories</a></span>, <a href='/news/2.html'>the archive()</a></span></div>")
    e = extract(_page(f"<article><h2>A rewrite</h2>{story}{links}{story}</article>"), URL)
    assert "Memory use fell by half." in e.text
    assert "latest stories" not in e.text


def _widget_entries(heading: str, ident: str) -> str:
    # many short entries, one of them the widget-named function's, with the most prose
    return "".join(
        f"<article class='func'><h4 id='{ident if i == 0 else f'get-{i}'}'>"
        f"{heading if i == 0 else f'get{i}(This) -&gt; ok'}</h4><div class='tube'>"
        f"<p>{'Shows the window. ' + PROSE if i == 0 else f'Gets value {i}.'}</p></div>"
        "</article>" for i in range(5))


def test_a_signature_headings_id_is_its_anchor_not_a_widgets() -> None:
    e = extract(_page(_widget_entries("popup(This) -&gt; ok", "popup-1")), URL)
    assert "Shows the window." in e.text
    lines = {" ".join(line.split()) for line in e.text.splitlines()}
    assert "popup(This) -> ok" in lines


def test_a_heading_of_words_keeps_its_widgets_id() -> None:
    # hostile: a heading of words whose id names a widget (a sign-up pop-up's title) is
    # the widget's, and goes
    e = extract(_page(_widget_entries("Get our newsletter", "newsletter-popup")), URL)
    assert "Gets value 3." in e.text
    assert "Get our newsletter" not in e.text


def test_an_entrys_description_after_its_types_block_is_kept_with_it() -> None:
    types = ("<div class='refbody'><h3>Types</h3>" + _binding("Issuer", "issuer_name")
             + _binding("Handle", "cache_ref") + "</div>")
    entries = "".join(
        f"<article class='func'><div class='head'><h4 id='lookup-{i}'>lookup{i}(Issuer, "
        f"Handle) -&gt; ok</h4></div><div class='tube'>{types}<div class='refbody'>"
        f"<p>Looks up {i}. {PROSE if i == 0 else ''}</p></div></div></article>"
        for i in range(4))
    e = extract(_page(f"<div class='exports'>{entries}</div>"), URL)
    assert "Looks up 0." in e.text and "Looks up 3." in e.text
    lines = {" ".join(line.split()) for line in e.text.splitlines()}
    assert {"lookup0(Issuer, Handle) -> ok", "Issuer = issuer_name()"} <= lines


def test_a_story_after_a_block_of_links_is_no_entrys_description() -> None:
    # hostile: a story's body after a block of links to other stories, wrapped together:
    # the links are no types, and the story stays alone
    story = "".join(f"<p>{s} {PROSE}</p>" for s in ("We moved the service.",
                                                    "Memory use fell by half."))
    links = "".join(f"<li><a href='/news/{i}.html'>Another headline {i}</a></li>"
                    for i in range(6))
    e = extract("<html><head><title>A rewrite</title></head><body><div class='page'>"
                f"<div class='wrap'><div class='latest'><h3>Latest</h3><ul>{links}</ul></div>"
                f"<div class='story'>{story}</div></div></div></body></html>", URL)
    assert "Memory use fell by half." in e.text
    assert "Another headline" not in e.text
