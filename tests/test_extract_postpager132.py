"""Every page whole (issue 26, brief 132): a post's own pager, two links to its sibling
posts labelled by the way they go ("← Previous", "Next →") after the post's text, no
``rel`` and no head link naming them (``_postpager.post_pager``). Guards: an article's
last sentence citing two pages ("Next, read X and Y"), a tutorial's lone "Next:
Installing", a list of two related articles, a list whose links' own text holds the
words, a pager with text after it in its block. Fixtures written for these tests."""

from __future__ import annotations

import pytest

from trawl.extract import _postpager, extract

from .test_extract_blogs113 import prose
from .test_extract_whole import URL, assert_kept, words

PAGER = ("<ul><li>← Previous<br> <a href='/blog/lake-birds/'>Lake birds"
         "</a></li><li>Next →<br><a href='/blog/old-mill/'>The old mill</a></li></ul>")


def post(tail: str, after: str = "") -> str:
    return ("<html><head><title>River walks</title></head><body><header><a href='/'>Field "
            "notes</a><nav><a href='/'>Home</a> <a href='/blog/'>Archive</a></nav></header>"
            f"<main><h1>River walks</h1>{prose(0, 5)}<p>Where the path follows the water, "
            f"the walk is easy.</p>{tail}{after}</main><footer><p>Made with a theme</p>"
            "</footer></body></html>")


def test_a_posts_pager_goes() -> None:
    text = extract(post(PAGER), URL).full_text
    assert_kept(text, "Where the path follows the water, the walk is easy.")
    assert "Lake birds" not in text and "The old mill" not in text
    assert "Previous" not in text


def test_without_the_rule_the_pager_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_postpager, "SWITCH", False)
    text = extract(post(PAGER), URL).full_text
    assert_kept(text, "Previous Lake birds Next The old mill")


def test_a_bar_of_older_and_newer_post_labels_goes() -> None:
    bar = ("<div><span>« Older post</span> <a href='/blog/a/'>Lake "
           "birds</a> <span>Newer post »</span> <a href='/blog/b/'>The old mill</a></div>")
    text = extract(post(bar), URL).full_text
    assert "Lake birds" not in text and "The old mill" not in text


HOSTILES = [
    # an article's last sentence with two links: words of its own beside the way's
    ("<p>Next, read <a href='/blog/lake-birds/'>Lake birds</a> and <a href='/blog/old-"
     "mill/'>The old mill</a>.</p>", "Next, read Lake birds and The old mill.",
     ("_labels_only", "_both_ways")),
    # a tutorial's lone pointer on: one link, one way (decided: left)
    ("<p>Next: <a href='/tutorial/installing/'>Installing</a></p>", "Next: Installing",
     ("_two_pages", "_both_ways")),
    # two related articles, no way said
    ("<p>Two walks near it:</p><ul><li><a href='/blog/lake-birds/'>Lake birds</a></li><li>"
     "<a href='/blog/old-mill/'>The old mill</a></li></ul>",
     "Two walks near it: Lake birds The old mill", ("_both_ways",)),
    # the words in the links' own text, no label outside them
    ("<ul><li><a href='/frameworks/nextjs/'>Next.js in the valley</a></li><li><a href="
     "'/releases/'>Previous releases of the guide</a></li></ul>",
     "Next.js in the valley Previous releases of the guide", ("_both_ways",)),
    # two ways said, and a word of the text's own among the labels
    ("<ul><li>Previous walk: <a href='/blog/lake-birds/'>Lake birds</a></li><li>Next walk:"
     " <a href='/blog/old-mill/'>The old mill</a></li></ul>",
     "Previous walk: Lake birds Next walk: The old mill", ("_labels_only",)),
]


@pytest.mark.parametrize("tail, kept, guards", HOSTILES)
def test_what_is_no_pager_stays(tail: str, kept: str, guards: tuple[str, ...]) -> None:
    text = extract(post(tail), URL).full_text
    assert_kept(text, "Where the path follows the water, the walk is easy.", kept)


@pytest.mark.parametrize("tail, kept, guards", HOSTILES)
def test_each_hostile_goes_without_its_guards(monkeypatch: pytest.MonkeyPatch, tail: str,
                                              kept: str, guards: tuple[str, ...]) -> None:
    """The loosening: the guards that spare the hostile shape answer True."""
    for guard in guards:
        monkeypatch.setattr(_postpager, guard, lambda *_: True)
    text = extract(post(tail), URL).full_text
    assert words(kept.split(":")[-1]) not in words(text)


def test_a_pager_with_text_after_it_in_its_block_stays() -> None:
    after = ("<p>The walk ends at the weir, where the path turns back along the far bank "
             "to the bridge by the mill, past the water meadows.</p>")
    text = extract(post(PAGER, after), URL).full_text
    assert_kept(text, "Previous Lake birds Next The old mill", after[3:-4])


def test_the_place_guard_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its loosening: the place not asked, a pager with text after it goes."""
    monkeypatch.setattr(_postpager, "_ends_its_block", lambda el: True)
    after = ("<p>The walk ends at the weir, where the path turns back along the far bank "
             "to the bridge by the mill, past the water meadows.</p>")
    assert "lake birds" not in words(extract(post(PAGER, after), URL).full_text)
