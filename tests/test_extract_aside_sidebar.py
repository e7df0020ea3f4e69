"""Every page whole (issue 26): an ``<aside>`` named a sidebar, set among its section's
paragraphs (reStructuredText's ``sidebar`` directive as Sphinx writes it: a tutorial's
"Lazy Connecting" box beside the paragraph it explains), is the page's text; an ad or a
signup box set as such an ``<aside>`` in a story's flow still goes."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL, assert_kept

INTRO = ("The start of any application is an object called the engine. This object acts "
         "as a central source of connections to a particular database, providing both a "
         "factory as well as a holding space called a connection pool for connections.")
FACTS = ["What kind of database are we communicating with? This is the dialect portion.",
         "What driver are we using? The driver is a third party library used to connect.",
         "How do we locate the database? The address says where the database lives."]
AFTER = ("We have also specified a parameter echo, which will instruct the engine to log "
         "all of the statements it emits to a logger that will write to standard out. This "
         "flag is a shorthand way of setting up logging and is useful in scripts.")
BOX = ("The engine, when first returned, has not actually tried to connect to the database "
       "yet; that happens only the first time it is asked to perform a task against the "
       "database. This is a software design pattern known as lazy initialization.")
AD = ("Upgrade your database hosting today with our managed cloud service, trusted by "
      "thousands of teams for fast, reliable and secure storage of every kind of data.")


def page(box: str) -> str:
    items = "".join(f"<li><p>{f}</p></li>" for f in FACTS)
    return (
        "<html><head><title>Establishing connectivity</title></head><body>"
        "<div class='sidebar-nav'><ul><li><a href='a.html'>Overview</a></li>"
        "<li><a href='b.html'>Tutorial</a></li><li><a href='c.html'>Reference</a></li>"
        "</ul></div><div role='main' class='body'><section id='engine'>"
        "<h1>Establishing connectivity</h1>"
        f"<p>{INTRO}</p><p>The main argument is a string address, which says three "
        f"important facts:</p><ol>{items}</ol>{box}<p>{AFTER}</p></section></div>"
        "<footer><p>Copyright 2024, the authors.</p></footer></body></html>")


def test_a_sidebar_aside_among_the_paragraphs_is_kept() -> None:
    box = ("<aside class='sidebar'><p class='sidebar-title'>Lazy connecting</p>"
           f"<p>{BOX}</p></aside>")
    text = extract(page(box), URL).full_text
    assert_kept(text, INTRO, *FACTS, AFTER, BOX)


def test_an_advertisement_aside_named_sidebar_in_the_flow_still_goes() -> None:
    box = (f"<aside class='sidebar'><p>Advertisement</p><p>{AD}</p></aside>")
    text = extract(page(box), URL).full_text
    assert_kept(text, INTRO, AFTER)
    assert "managed cloud service" not in text


def test_a_signup_aside_named_sidebar_in_the_flow_still_goes() -> None:
    box = ("<aside class='sidebar'><p>Get the weekly letter: the best of our tutorials, "
           "tips and database news in your inbox every Monday morning, free of charge "
           "and easy to leave.</p><form action='/join'><input type='email' name='e'>"
           "<button>Join</button></form></aside>")
    text = extract(page(box), URL).full_text
    assert_kept(text, INTRO, AFTER)
    assert "weekly letter" not in text
