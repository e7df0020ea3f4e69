"""A member's short description under its name is its entry's (``_doccomment._under_entry_name``).

TypeDoc writes each member's description in a block whose class names a comment
(``div.tsd-comment``); a description shorter than a sentence's ``DOC_COMMENT_MIN_CHARS``
("The value of the notification.") went as a comment thread (RxJS's NextNotification.html
kept 79.2 %). Under a heading anchored by the name it says (``<h3 id="value">value</h3>``),
as generators anchor a member, it is the member's. The hostile shape: a reader's short
comment under a post's heading, anchored by a slug of words.
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept

DESCRIPTION = ("A notification representing a next from an observable, which can be used "
               "with dematerialize to turn it back into the value it carries.")


def page(members: str) -> str:
    return ("<html><head><title>NextNotification | RxJS</title></head><body>"
            "<div class='col-content'><h1>Interface NextNotification</h1>"
            f"<div class='comment'><p>{DESCRIPTION}</p><p>{LOREM}</p></div>"
            f"<section class='group'><h2>Properties</h2>{members}</section></div></body></html>")


def member(name: str, heading: str, said: str) -> str:
    return (f"<section class='member'><h3 id='{name}'>{heading}</h3>"
            f"<div class='signature'>{name}: T</div>"
            f"<div class='comment typography'><p>{said}</p></div>"
            f"<aside class='sources'><ul><li>Defined in src/types.ts:13{len(name)}</li></ul>"
            "</aside></section>")


def test_a_members_short_description_under_its_name_is_kept() -> None:
    # (fails with `_doccomment:_under_entry_name=false`: shorter than a sentence's 40
    # characters, each went as a comment thread's line)
    text = extract(page(member("kind", "kind", "The kind of notification.") +
                        member("lastValue", "<code>Readonly</code><span>last<wbr/>Value</span>",
                               "The last message seen")), URL).text
    assert_kept(text, DESCRIPTION, "The kind of notification.", "The last message seen")


def test_a_readers_short_comment_under_a_posts_heading_still_goes() -> None:
    # (fails with `_doccomment:_under_entry_name=true`: the post's heading is anchored by
    # a slug of its words, not by a name it says)
    text = extract(page(member("trip-to-wales", "Our trip to Wales",
                               "Lovely pictures, Anna!")), URL).text
    assert_kept(text, DESCRIPTION)
    assert "Lovely" not in text, text


def test_a_short_comment_under_a_threads_own_heading_still_goes() -> None:
    # (fails with the thread's words taken out of `_under_entry_name`: "Comments", anchored
    # by its name as a member is, is the thread's heading)
    text = extract(page(member("comments", "Comments", "Great post, thanks!")), URL).text
    assert_kept(text, DESCRIPTION)
    assert "Great post" not in text, text


def parameters(lead: str, said: str) -> str:
    return ("<section class='member'><h3 id='isObservable'>isObservable</h3>"
            "<div class='signature'>isObservable(obj: any): obj is Observable</div>"
            f"<div class='comment typography'><p>{DESCRIPTION}</p></div>"
            "<div class='parameters'><h4>Parameters</h4><ul class='parameter-list'>"
            f"<li><span>{lead}</span><div class='comment typography'><p>{said}</p></div></li>"
            "</ul></div><h4>Returns boolean</h4></section>")


def test_a_parameters_short_description_is_kept() -> None:
    # (fails with `_doccomment:_under_entry_name=false` and with `_doccomment:_binding=false`:
    # the item is led by the parameter's binding, its name and its type)
    text = extract(page(parameters("<span>obj</span>: <span>any</span>",
                                   "the object to test")), URL).text
    assert_kept(text, DESCRIPTION, "the object to test")


def test_a_readers_short_comment_after_their_name_still_goes() -> None:
    # (fails with `_binding` taking any type, words too: "anna: great post" is a reader's
    # name and what they said, no parameter's type)
    text = extract(page(parameters("anna: great post", "Lovely pictures, Anna!")), URL).text
    assert_kept(text, DESCRIPTION)
    assert "Lovely" not in text, text
