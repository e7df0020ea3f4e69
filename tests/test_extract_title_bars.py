"""Every page whole (issue 26): a reference page whose sections' headings sit in title bars
of their own (a wrapper holding only the heading), each section's body the bar's next
sibling or inside the bar's wrapper after the heading, and one section wrapped once more
(Erlang/OTP's documentation, Debian erlang-doc: ``div.innertube > h3``, then
``div.exports-body``; ``section.description > div.innertube > h3``). Read by tag and class
no two sections are alike and the "Exports" heading is no sibling of its body, so the
functions' list was taken alone, and the module's name, summary and description went
(``_wrapped.sections_by_rank`` reads the sections by their headings' rank).
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL

PROSE = ("The value is read once when the process starts, and a change takes effect only "
         "after a restart, so set it in the service's environment.")


def _functions(n: int) -> str:
    # many short entries ("Destroys the object."), one of them long: the best block
    entry = ("<article class='func'><div class='head'><h4 id='call-{0}'>call_{0}(This) -&gt; "
             "ok</h4></div><div class='tube'><div class='body'>{1}</div></div></article>")
    return entry.format("popup", f"<p>Shows the window.</p><p>{PROSE}</p>") + "".join(
        entry.format(i, f"<p>Destroys object {i}.</p>") for i in range(n))


def _box(title: str, body: str) -> str:
    return f"<div class='box'><h3>{title}</h3><div class='refbody'>{body}</div></div>"


def _page(content: str) -> str:
    menu = "".join(f"<li><a href='/m{i}.html'>module_{i}</a></li>" for i in range(30))
    return (f"<html><head><title>pool</title></head><body><div id='container'><aside><ul>"
            f"{menu}</ul></aside><div id='content'>{content}<div class='footer'><hr>"
            "<p>Copyright 1997-2026 Example AB.</p></div></div></div></body></html>")


REFERENCE = _page(
    "<div class='box'><center><h1>pool</h1></center></div>"
    + _box("Module", "pool") + _box("Module Summary", "Functions for the pool class")
    + "<section class='description'>"
    + _box("Description", "<p>Runs a pool of nodes.</p><p>See: <a href='slave.html'>slave</a>"
           "</p><p>Derived from: <a href='gen.html'>gen</a> <a href='proc.html'>proc</a></p>")
    + "</section><div class='box'><h3>Exports</h3></div>"
    + f"<div class='exports'>{_functions(12)}</div>"
    + _box("See Also", "<a href='slave.html'>slave(3)</a>"))


def test_sections_headed_in_title_bars_are_the_page() -> None:
    e = extract(REFERENCE, URL)
    assert "Destroys object 5." in e.text and "Shows the window." in e.text
    assert "Functions for the pool class" in e.text
    assert "Runs a pool of nodes." in e.text
    assert "Exports" in e.text and "slave(3)" in e.text
    assert "module_7" not in e.text and "Copyright" not in e.text


STORY = "".join(f"<p>{s} {PROSE}</p>" for s in (
    "We moved the service.", "The old code was hard to change.", "Memory use fell by half.",
    "The team measured as it went."))


def test_a_story_after_its_title_bar_beside_lists_of_other_stories_stays_alone() -> None:
    # hostile: a story's body after its title bar, then blocks headed alike that list
    # other stories: no sections of the story's document
    links = "".join(f"<li><a href='/news/{i}.html'>Another headline of the week, number "
                    f"{i}</a></li>" for i in range(8))
    e = extract(_page("<div class='bar'><h2>A rewrite</h2></div>"
                      f"<div class='story'>{STORY}</div>"
                      f"<div class='box'><h2>Latest</h2><ul>{links}</ul></div>"
                      f"<div class='box'><h2>Most shared</h2><ul>{links}</ul></div>"), URL)
    assert "Memory use fell by half." in e.text
    assert "Another headline" not in e.text


def test_a_story_after_its_title_bar_beside_other_stories_cards_stays_alone() -> None:
    # hostile: blocks headed alike whose headings are links to other pages, each with a
    # long summary (no teaser by its size): other stories' cards, not sections of the story
    cards = "".join(
        f"<div class='card'><h2><a href='/news/{i}.html'>Another story {i}</a></h2>"
        f"<p>Summary of another story. {PROSE * 2} <a href='/news/{i}/more.html'>{PROSE}</a>"
        f" {PROSE}</p></div>" for i in range(2))
    e = extract(_page(f"<div class='bar'><h2>A rewrite</h2></div>"
                      f"<div class='story'>{STORY * 5}</div>{cards}"), URL)
    assert "Memory use fell by half." in e.text
    assert "Summary of another story" not in e.text
