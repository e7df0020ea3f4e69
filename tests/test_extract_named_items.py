"""An item of a tree of names anchored by its own name is no widget (``_ids._named_item``).

TypeDoc's hierarchy page lists an API's types as a tree, each item anchored by the name it
lists (``<li id="Subscription"><a>Subscription</a><ul>...``). The names' words are chrome's
in a site's markup ("subscription": a newsletter box; "timestamp": a post's date line), and
the items went as boilerplate with every name below them (RxJS's hierarchy.html kept 72 %).
The hostile shape: a box whose id is its label and which says sentences, a newsletter box.
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept


def item(name: str, children: str = "") -> str:
    below = f"<ul>{children}</ul>" if children else ""
    return f"<li id='{name}'><a href='classes/{name}.html'>{name}</a>{below}</li>"


TREES = (
    item("Observer", item("Subscriber") + item("SubjectLike")),
    item("TimestampProvider", item("SchedulerLike", item("Scheduler"))),
    item("Unsubscribable", item("SubscriptionLike", item("Subscription",
                                                         item("SchedulerAction")))),
)


def hierarchy_page(aside: str = "") -> str:
    trees = "".join(f"<ul class='full-hierarchy'>{t}</ul>" for t in TREES)
    return ("<html><head><title>Hierarchy | RxJS</title></head><body>"
            "<header><a href='index.html'>RxJS</a> <a href='modules.html'>Modules</a></header>"
            "<div class='container'><div class='col-content'><h1>RxJS</h1>"
            f"<h2>Hierarchy Summary</h2>{trees}{aside}</div>"
            "<nav class='col-sidebar'><a href='modules.html'>Modules</a></nav></div>"
            "<footer>Generated using TypeDoc</footer></body></html>")


def test_a_hierarchy_of_names_is_whole() -> None:
    # (fails with `_ids:_named_item=false`: "TimestampProvider" and "Subscription" went
    # as a date line and a newsletter box, with every name under them)
    text = extract(hierarchy_page(), URL).text
    for name in ("TimestampProvider", "SchedulerLike", "Scheduler", "SubscriptionLike",
                 "Subscription", "SchedulerAction", "Subscriber"):
        assert name in text.split(), (name, text)


def test_a_box_named_by_its_label_that_says_sentences_still_goes() -> None:
    # (fails with `_ids:_named_item=true`: the box's id, its label, is a newsletter box's)
    box = ("<div id='Subscription'>Subscription<p>Our weekly letter brings the best stories "
           "of the week to your inbox every Friday morning, free.</p></div>")
    story = ("<html><head><title>A walk in the hills</title></head><body><article>"
             f"<h1>A walk in the hills</h1><p>{LOREM}</p><p>{LOREM}</p>{box}<p>{LOREM}</p>"
             "</article></body></html>")
    text = extract(story, URL).text
    assert_kept(text, LOREM)
    assert "weekly letter" not in text, text
