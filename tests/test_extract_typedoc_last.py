"""TypeDoc's last pages under 95 % (brief 86): a signature line anchored by its member's
name (``_ids._signature_anchor``), a short description under the page's title beside its
declaration (``_doccomment.under_entry_title``), a description's tag block of names
(``_doccomment._description_tag``, ``in_description_tag``), a parameter typed by one name
linked to its page (``_decl._typed_by_its_page``).

Each shape with its hostile: a newsletter box whose id says "subscribe", a thread's comment
under a post's code, a reply under its author's name, a labelled link ("Source: Reuters").
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept

DESCRIPTION = ("Converts from a common input type to an observable where the subscription "
               "and the emissions are scheduled on the provided scheduler.")


def page(title: str, body: str) -> str:
    """A TypeDoc-like page: its title, the entry, a side menu of the API's pages."""
    menu = "".join(f"<li><a href='../functions/f{i}.html'>operator{i}</a></li>"
                   for i in range(14))
    return ("<html><head><title>" + title + " | RxJS</title></head><body>"
            "<header class='toolbar'><a href='../index.html'>RxJS</a></header>"
            "<div class='container'><div class='col-content'>"
            f"<div class='page-title'><h1>{title}</h1></div>{body}"
            "<aside class='sources'><ul><li>Defined in src/internal/types.ts:96</li></ul>"
            "</aside></div><div class='col-sidebar'><nav class='site-menu'><ul>"
            f"{menu}</ul></nav></div></div><footer><p>Generated using TypeDoc</p></footer>"
            "</body></html>")


# -- a signature line anchored by its member's name ----------------------------------------

def member(ident: str, signature: str) -> str:
    return ("<section class='panel member'><h3 id='subscribe'><span>subscribe</span></h3>"
            f"<ul class='signatures'><li><div class='signature' id='{ident}'>{signature}"
            "</div><div class='description'><div class='comment typography'>"
            f"<p>{LOREM}</p></div></div></li></ul></section>")


SIGNATURE = ("<span>subscribe</span>(<span>observer</span>: <span>Partial</span>&lt;"
             "<a href='Observer.html'>Observer</a>&lt;<a href='#t'>T</a>&gt;&gt;): "
             "<a href='Unsubscribable.html'>Unsubscribable</a>")


def test_a_signature_anchored_by_its_members_name_is_kept() -> None:
    # (fails with `_ids:_signature_anchor=false`: the id "subscribe-1" says a newsletter
    # box, and the overload's signature went as one)
    body = f"<p>{DESCRIPTION}</p>" + member("subscribe-1", SIGNATURE)
    text = extract(page("Interface Subscribable&lt;T&gt;", body), URL).text
    assert_kept(text, DESCRIPTION, LOREM,
                "subscribe(observer: Partial<Observer<T>>): Unsubscribable")


def test_a_newsletter_box_with_a_subscribe_id_still_goes() -> None:
    # (fails with `_ids:_signature_anchor=true`: a box saying words, its id "subscribe-1")
    box = ("<div id='subscribe-1'>Subscribe to our weekly letter of tips and releases, "
           "<a href='/letter'>sign up here</a></div>")
    body = f"<p>{DESCRIPTION}</p><p>{LOREM}</p>{box}"
    text = extract(page("Interface Subscribable&lt;T&gt;", body), URL).text
    assert_kept(text, DESCRIPTION, LOREM)
    assert "weekly letter" not in text, text


# -- a short description under the page's title, beside its declaration ---------------

DECLARATION = ("<div class='signature'><span>ObservableNotification</span>: "
               "<a href='../interfaces/NextNotification.html'>NextNotification</a>&lt;"
               "<a href='#t'>T</a>&gt; | "
               "<a href='../interfaces/ErrorNotification.html'>ErrorNotification</a></div>")
PARAMETERS = ("<section class='panel'><h4>Type Parameters</h4><ul><li><span id='t'>T</span>"
              f"</li></ul><p>{LOREM}</p></section>")


def test_a_short_description_under_the_title_beside_its_declaration_is_kept() -> None:
    # (fails with `_doccomment:under_entry_title=false`: shorter than a sentence, the type
    # alias's description went as a comment thread's line)
    body = (DECLARATION + "<div class='comment typography'><p>Valid observable "
            "notification types.</p></div>" + PARAMETERS)
    text = extract(page("Type Alias ObservableNotification&lt;T&gt;", body), URL).text
    assert_kept(text, "Valid observable notification types.", LOREM)


def test_a_short_description_in_its_panel_above_the_declaration_is_kept() -> None:
    # (fails with `_doccomment:under_entry_title=false`: the description alone in its
    # panel, the panel between the title and the declaration)
    body = ("<section class='panel comment'><div class='comment typography'><p>OBSERVABLE "
            "INTERFACES</p></div></section>" + DECLARATION + PARAMETERS)
    text = extract(page("Type Alias ObservableNotification&lt;T&gt;", body), URL).text
    assert_kept(text, "OBSERVABLE INTERFACES", LOREM)


def test_a_comment_under_a_posts_code_still_goes() -> None:
    # (fails with `_doccomment:under_entry_title=true`: a reader's short comment after a
    # post's line of code, which declares no name of the post's title)
    post = ("<html><head><title>Notes on streams</title></head><body><article>"
            "<h1>Notes on streams</h1>" + f"<p>{LOREM}</p><p>{DESCRIPTION}</p>"
            "<div class='signature'><span>pipe</span>(<a href='/docs/map.html'>map</a>"
            "(<span>f</span>))</div><div class='comment'><p>Thanks, nice one!</p></div>"
            "</article></body></html>")
    text = extract(post, URL).text
    assert_kept(text, LOREM, DESCRIPTION)
    assert "nice one" not in text, text


# -- a description's tag block of names -------------------------------------------------

def see(names: str) -> str:
    return ("<div class='comment typography'><div class='tag-see'><h4 id='see'>See<a "
            "href='#see' class='anchor-icon'><svg></svg></a></h4>" + names + "</div></div>")


def entry(after: str) -> str:
    return ("<section class='panel'><ul class='signatures'><li>"
            "<div class='signature' id='scheduled'><span>scheduled</span>&lt;T&gt;("
            "<span>input</span>: <a href='../types/ObservableInput.html'>ObservableInput"
            "</a>&lt;T&gt;): <a href='../classes/Observable.html'>Observable</a>&lt;T&gt;"
            "</div><div class='description'><div class='comment typography'>"
            f"<p>{DESCRIPTION}</p><p>{LOREM}</p><pre><code>scheduled(of(1), asap)</code>"
            "<button type='button'>Copy</button></pre></div>"
            f"{after}</div></li></ul></section>")


def test_a_see_tag_of_one_unlinked_name_is_kept() -> None:
    # (fails with `_doccomment:_description_tag=false`: "See operators/single", short, went
    # as a comment thread's line)
    text = extract(page("Variable NotFoundError", entry(see("<p>operators/single</p>"))),
                   URL).text
    assert_kept(text, DESCRIPTION, "See operators/single")


def test_a_see_tag_of_plain_words_linked_to_their_pages_is_kept() -> None:
    # (fails with `_doccomment:in_description_tag=false`: "from", "of", plain words, went
    # as a list of links)
    names = "<ul><li><a href='from.html'>from</a></li><li><a href='of.html'>of</a></li></ul>"
    text = extract(page("Function scheduled", entry(see(names))), URL).text
    assert_kept(text, DESCRIPTION, "See from of")


def test_a_see_tag_of_one_name_ending_the_page_is_kept() -> None:
    # (fails with `_doccomment:in_description_tag=false`: the last line "min" read as a
    # trailing meta line, as "5 min" is)
    text = extract(page("Function max", entry(see("<p><a href='min.html'>min</a></p>"))),
                   URL).text
    assert_kept(text, DESCRIPTION, "See min")


def test_a_reply_under_its_authors_name_still_goes() -> None:
    # (fails with `_doccomment:_description_tag=true`: a reader's reply after a comment,
    # under the reader's name, not a tag's)
    reply = "<div class='comment typography'><h4>Bob</h4><p>Agreed</p></div>"
    text = extract(page("Function scheduled", entry(reply)), URL).text
    assert_kept(text, DESCRIPTION)
    assert "Agreed" not in text, text


# -- a parameter typed by one name linked to its page ------------------------------------

def parameters(second: str) -> str:
    return ("<div class='parameters'><h4>Parameters</h4><ul class='parameter-list'>"
            "<li><span><span>input</span>: <a href='../types/ObservableInput.html'>"
            "ObservableInput</a>&lt;T&gt;</span><div class='comment typography'><p>The "
            "observable, array, promise or iterable you would like to schedule.</p></div>"
            f"</li><li><span>{second}</span><div class='comment typography'><p>The "
            "scheduler to use to schedule the subscription and the emissions.</p></div>"
            "</li></ul></div>")


def test_a_parameter_typed_by_one_name_linked_to_its_page_is_kept() -> None:
    # (fails with `_decl:_typed_by_its_page=false`: "scheduler: SchedulerLike", nothing
    # glued as code, went as a line of links)
    second = ("<span>scheduler</span>: <a href='../interfaces/SchedulerLike.html'>"
              "SchedulerLike</a>")
    text = extract(page("Function scheduled", entry(parameters(second))), URL).text
    assert_kept(text, DESCRIPTION, "scheduler: SchedulerLike")


def test_a_labelled_link_to_a_site_still_goes() -> None:
    # (fails with `_decl:_typed_by_its_page=true`: "via: Reuters", the link to a site,
    # no page named after its word)
    second = "via: <a href='https://www.reuters.com/world'>Reuters</a>"
    text = extract(page("Function scheduled", entry(parameters(second))), URL).text
    assert_kept(text, DESCRIPTION)
    assert "Reuters" not in text, text


# -- an overload's short descriptions: under its signature, and its parameters' ---------

def overload(signature: str, description: str, parameter: str, said: str) -> str:
    return ("<section class='panel member'><h3 id='constructor'><span class='deprecated'>"
            "constructor</span></h3><ul class='signatures'><li>"
            f"<div class='signature' id='constructornotification'>{signature}</div>"
            f"<div class='description'><div class='comment typography'><p>{description}</p>"
            "</div><div class='parameters'><h4>Parameters</h4><ul class='parameter-list'>"
            f"<li><span>{parameter}</span><div class='comment typography'><p>{said}</p>"
            "</div></li></ul></div></div></li></ul></section>")


NEW = ("<span>new</span> <span>Notification</span>&lt;<a href='#t'>T</a>&gt;(<span>kind</span>: "
       "\"N\", <span>value</span>?: <a href='#t'>T</a>): <a href=''>Notification</a>&lt;"
       "<a href='#t'>T</a>&gt;")


def notification(description: str, parameter: str, said: str) -> str:
    body = (f"<div class='comment typography'><p>{DESCRIPTION}</p><p>{LOREM}</p></div>"
            + overload(NEW, description, parameter, said))
    return page("Class Notification&lt;T&gt;", body)


def test_an_overloads_short_description_under_its_signature_is_kept() -> None:
    # (fails with `_doccomment:_signature_lead=false`: under 40 characters, and its
    # member's anchored heading three levels up, it went as a thread's line)
    html = notification("Creates a \"Next\" notification object.", "kind: \"N\"",
                        "The kind of the notification to create.")
    text = extract(html, URL).text
    assert_kept(text, DESCRIPTION, "Creates a \"Next\" notification object.")


def test_a_parameter_of_a_function_type_keeps_its_short_description() -> None:
    # (fails with `_doccomment:_FUNCTION_TYPE_RE` matching nothing: "next: (value: T) =>
    # void", spaced, read as a reader's words)
    html = notification("Executes the notification on the handler its kind names.",
                        "next: (value: T) =&gt; void", "A next handler")
    text = extract(html, URL).text
    assert_kept(text, DESCRIPTION, "A next handler")


def test_a_readers_item_of_words_keeps_its_thread_out() -> None:
    # (fails with `_doccomment:_signature_lead=true`: a thread's item, its reader's name
    # first, and the reader's short line after it)
    thread = ("<ul class='thread'><li><div class='meta'>anna wrote on Monday</div>"
              "<div class='comment typography'><p>Short and sweet, thanks.</p></div></li></ul>")
    body = f"<div class='comment typography'><p>{DESCRIPTION}</p><p>{LOREM}</p></div>{thread}"
    text = extract(page("Class Notification&lt;T&gt;", body), URL).text
    assert_kept(text, DESCRIPTION)
    assert "sweet" not in text, text
