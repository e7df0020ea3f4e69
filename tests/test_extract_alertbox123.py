"""Brief 123 (generators of other families): an alert box is a note of the text
(``_alertbox.alert_box``), and an alert that says it is boilerplate is not (its guard).

Hugo's Doks theme (and any Bootstrap-based documentation theme) writes its notes as
Bootstrap alerts: ``div.alert`` with ``role="alert"``, an icon and a short sentence that is
mostly links, which prune dropped as a link block. Each fixture is written here (no bench
page)."""

from __future__ import annotations

import importlib

import pytest

from trawl.extract import extract

from .test_extract_whole import assert_kept

alertbox = importlib.import_module("trawl.extract._alertbox")

URL = "https://docs.example.test/help/updating/"
PARAS = (
    "Regularly update the packages your site depends on to keep it stable and secure, "
    "and read their release notes before a major version: they say what changed.",
    "The outdated command checks the registry for newer versions of the packages you "
    "installed, and lists each with the version you have and the latest one.",
    "The update command installs the latest version each package's range allows, and "
    "writes the versions it chose to the lock file, which you then commit.",
)
NOTE = "Learn more about semantic versioning and advanced range syntax."


def _alert(cls: str, role: str = "alert") -> str:
    return (f"<div class='{cls}' role='{role}'><div class='alert-icon'>💡</div>"
            "<div class='w-100'>Learn more about <a href='https://example.test/semver'>semantic "
            "versioning</a> and <a href='https://example.test/ranges'>advanced range syntax</a>."
            "</div></div>")


def docs_page(box: str) -> str:
    return ("<html><head><title>Updating - Docs</title></head><body>"
            "<nav class='sidebar'><ul><li><a href='/a/'>Install</a></li>"
            "<li><a href='/b/'>Configure</a></li><li><a href='/c/'>Update</a></li></ul></nav>"
            "<main><h1>Updating</h1>"
            f"<p>{PARAS[0]}</p>{box}<h2>Check for outdated packages</h2><p>{PARAS[1]}</p>"
            f"<h2>Update packages</h2><p>{PARAS[2]}</p></main>"
            "<footer><p>Built with a static site generator.</p></footer></body></html>")


def test_an_alert_note_of_links_stays() -> None:
    # the shape: fails with `_alertbox.ALERT_BOXES = False` (the next test)
    e = extract(docs_page(_alert("alert alert-info d-flex")), URL)
    assert_kept(e.full_text, *PARAS, NOTE)


def test_an_alert_note_goes_without_the_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(alertbox, "ALERT_BOXES", False)
    e = extract(docs_page(_alert("alert alert-info d-flex")), URL)
    assert "advanced range syntax" not in e.full_text


def test_a_role_alert_box_stays() -> None:
    # the ARIA role alone marks it (a theme's own class, no Bootstrap's)
    e = extract(docs_page(_alert("callbox", role="alert")), URL)
    assert_kept(e.full_text, *PARAS, NOTE)


def test_an_unmarked_box_of_links_still_goes() -> None:
    # hostile: the same box of links with no alert's mark (no ``alert`` class, no role) is
    # a link block, and goes as before (fails with `alert_box` loosened to any box: the
    # next test)
    e = extract(docs_page(_alert("callbox", role="presentation")), URL)
    assert_kept(e.full_text, *PARAS)
    assert "advanced range syntax" not in e.full_text


def test_the_mark_is_what_keeps_the_box(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(alertbox, "_tokens_of", lambda raw: frozenset(("alert",)))
    e = extract(docs_page(_alert("callbox", role="presentation")), URL)
    assert "advanced range syntax" in e.full_text


@pytest.mark.parametrize("cls", ["alert alert-warning cookie-alert", "alert newsletter-alert",
                                 "alert promo-alert"])
def test_a_boilerplate_alert_is_no_note(cls: str) -> None:
    # hostile: an alert that says it is boilerplate (a cookie notice, a newsletter's,
    # a promotion) goes. In this page the boilerplate pass drops it before prune asks, so
    # loosening alert_box's own guard (its boilerplate words) does not fail this test: the
    # guard is for a box the boilerplate pass leaves to prune; this test fails if the rule
    # is ever asked earlier than prune without it
    e = extract(docs_page(_alert(cls)), URL)
    assert_kept(e.full_text, *PARAS)
    assert "advanced range syntax" not in e.full_text
