"""Token efficiency of ``Session.look()`` against Playwright's ``page.aria_snapshot()``.

For each page (the Python 3.11 docs served from a local directory, plus trawl's agent test
pages) this measures, in characters and tokens:

* ``look(viewport=False)`` -- the whole page's interactable elements, as the JSON payload an
  agent receives (``{url, title, tree, actions}``, compact separators);
* ``look()`` -- the default, viewport-only view;
* ``page.aria_snapshot()`` -- Playwright's YAML accessibility snapshot of the whole page
  (``mode="default"``; ``mode="ai"``, what Playwright's MCP server sends, as a second column).

and checks coverage: every interactable node of the aria snapshot (links, buttons,
textboxes, checkboxes, ...) must be present, by role and accessible name, in look()'s tree.

Tokens: OpenAI's ``o200k_base`` BPE via the ``bpe-openai`` package when it is importable
(its tables ship inside the wheel, so it works offline); otherwise an approximation, the
regex ``\\w+|[^\\w\\s]`` (one token per word or punctuation mark). The method is printed.

    python bench/look_tokens.py [--docs /usr/share/doc/python3.11/html] [--json out.json]

Exit status 1 if the median full-page ratio is above the target (0.25) or any aria
interactable element is missing from look().
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.sitesrv import serve  # noqa: E402
from trawl.browser.session import Session  # noqa: E402

DOCS = Path("/usr/share/doc/python3.11/html")
FIXTURES = ROOT / "tests" / "fixtures" / "agent"
DOC_PAGES = [
    "index.html", "contents.html", "library/index.html", "library/functions.html",
    "library/stdtypes.html", "library/asyncio-task.html", "library/os.html",
    "library/re.html", "tutorial/introduction.html", "reference/datamodel.html",
    "glossary.html", "whatsnew/3.11.html", "genindex-A.html", "search.html",
]
FIXTURE_PAGES = ["login.html", "dashboard.html", "roles.html", "shadow.html", "frames.html",
                 "slow.html"]
TARGET = 0.25
INTERACTIVE = {"link", "button", "textbox", "searchbox", "checkbox", "radio", "combobox",
               "listbox", "switch", "slider", "spinbutton", "tab", "menuitem",
               "menuitemcheckbox", "menuitemradio", "treeitem"}
ARIA_LINE = re.compile(r'^\s*- (?P<role>[a-z]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<rest>.*)$')
REF = re.compile(r"\[ref=(e\d+)\]")


def token_counter() -> tuple[str, Callable[[str], int]]:
    try:
        import bpe_openai

        enc = bpe_openai.get_encoding("o200k_base")

        def bpe_count(text: str) -> int:
            # the encoder caps one call; split at line/comma boundaries (a negligible error)
            total, start, step = 0, 0, 100_000
            while start < len(text):
                end = len(text) if start + step >= len(text) else max(
                    text.rfind("\n", start, start + step), text.rfind(",", start, start + step),
                    start + step // 2) + 1
                total += len(enc.encode(text[start:end]))
                start = end
            return total

        return "o200k_base BPE (bpe-openai, exact OpenAI tokens)", bpe_count
    except Exception:
        pattern = re.compile(r"\w+|[^\w\s]")
        return ("approximation: regex \\w+|[^\\w\\s] (one token per word or punctuation "
                "mark; install bpe-openai for exact o200k_base counts)",
                lambda s: len(pattern.findall(s)))


def norm(name: str) -> str:
    return re.sub(r"\s+", " ", name.replace('\\"', '"')).strip()


def aria_interactables(snapshot: str) -> list[tuple[str, str, str]]:
    """(role, name, aria ref) of each enabled interactable node of a mode="ai" snapshot."""
    found = []
    for line in snapshot.splitlines():
        m = ARIA_LINE.match(line)
        if not m or m.group("role") not in INTERACTIVE:
            continue
        if "[disabled]" in m.group("rest"):
            continue
        ref = REF.search(m.group("rest"))
        found.append((m.group("role"), norm(m.group("name") or ""), ref.group(1) if ref else ""))
    return found


def look_elements(tree: list[str]) -> Counter[tuple[str, str]]:
    out: Counter[tuple[str, str]] = Counter()
    for item in tree:
        role, rest = item.split(":", 1)
        out[(role, norm(rest.rsplit("[", 1)[0]))] += 1
    return out


def missing_from_look(aria: list[tuple[str, str, str]],
                      look: Counter[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """Aria interactables with no look() element of a compatible role and the same name
    (look clips names at 80 characters, so a prefix match counts; an unnamed one matches
    any element of its role that is left over)."""
    compatible = {"textbox": {"textbox", "searchbox", "combobox"},
                  "searchbox": {"searchbox", "textbox"}}
    pool = Counter(look)
    wanted: list[tuple[str, str, str]] = []
    # exact matches first, so a loose match cannot take an element another one needs
    for role, name, ref in aria:
        hit = next((k for k in [(r, name) for r in compatible.get(role, {role})]
                    if pool[k] > 0), None)
        if hit is None:
            wanted.append((role, name, ref))
        else:
            pool[hit] -= 1
    missing = []
    for role, name, ref in wanted:
        hit = None
        for (lrole, lname), n in pool.items():
            if n <= 0 or lrole not in compatible.get(role, {role}):
                continue
            clipped = lname.endswith("\u2026")
            if (clipped and name.startswith(lname[:-1])) or not name or not lname:
                hit = (lrole, lname)
                break
        if hit is None:
            missing.append((role, name, ref))
        else:
            pool[hit] -= 1
    return missing


async def measure(session: Session, url: str, count: Callable[[str], int]) -> dict[str, Any]:
    # each look on a freshly loaded page, so both number their refs from e1
    await session.go(url)
    view = await session.look()
    await session.go(url)
    page = session.page
    full = await session.look(viewport=False)
    aria = await page.aria_snapshot()
    aria_ai = await page.aria_snapshot(mode="ai")
    full_json = json.dumps(full, separators=(",", ":"), ensure_ascii=False)
    view_json = json.dumps(view, separators=(",", ":"), ensure_ascii=False)
    interactables = aria_interactables(aria_ai)
    missing, invisible = [], 0
    for role, name, ref in missing_from_look(interactables, look_elements(full["tree"])):
        # Playwright's own visibility test: mode="ai" gives refs only to visible nodes, and
        # an empty box (a zero-width <a href="">) is not something anyone can click
        if not ref or not await page.locator(f"aria-ref={ref}").is_visible(timeout=1000):
            invisible += 1
        else:
            missing.append((role, name))
    return {
        "url": url, "elements": len(full["tree"]), "viewport_elements": len(view["tree"]),
        "aria_interactables": len(interactables) - invisible, "aria_invisible": invisible,
        "look_chars": len(full_json), "look_tokens": count(full_json),
        "view_chars": len(view_json), "view_tokens": count(view_json),
        "aria_chars": len(aria), "aria_tokens": count(aria),
        "aria_ai_chars": len(aria_ai), "aria_ai_tokens": count(aria_ai),
        "ratio_tokens": count(full_json) / max(1, count(aria)),
        "ratio_chars": len(full_json) / max(1, len(aria)),
        "view_ratio_tokens": count(view_json) / max(1, count(aria)),
        "view_ratio_chars": len(view_json) / max(1, len(aria)),
        "missing": missing,
    }


async def run(docs: Path) -> list[dict[str, Any]]:
    method, count = token_counter()
    print(f"token method: {method}")
    rows: list[dict[str, Any]] = []
    async with Session.open(headless=True) as session:
        if docs.is_dir():
            with serve(docs) as site:
                for path in DOC_PAGES:
                    if (docs / path).exists():
                        row = await measure(session, site.url("/" + path), count)
                        rows.append(row | {"source": "docs"})
        else:
            print(f"(no Python docs at {docs}; install python3.11-doc)")
        with serve(FIXTURES) as site:
            for path in FIXTURE_PAGES:
                row = await measure(session, site.url("/" + path), count)
                rows.append(row | {"source": "test pages"})
    for r in rows:
        r["method"] = method
    return rows


def report(rows: list[dict[str, Any]]) -> bool:
    head = (f"{'page':28} {'elems':>5} {'view ch':>7} {'view tk':>7} {'full ch':>7} "
            f"{'full tk':>7} {'aria ch':>7} {'aria tk':>7} {'ai tk':>7} {'view/aria':>9} "
            f"{'full/aria':>9} {'coverage':>11}")
    print(head)
    print("-" * len(head))
    all_covered = True
    for r in rows:
        name = r["url"].split("/", 3)[3][:28]
        total = r["aria_interactables"]
        covered = total - len(r["missing"])
        all_covered &= not r["missing"]
        print(f"{name:28} {r['elements']:>5} {r['view_chars']:>7} {r['view_tokens']:>7} "
              f"{r['look_chars']:>7} {r['look_tokens']:>7} {r['aria_chars']:>7} "
              f"{r['aria_tokens']:>7} {r['aria_ai_tokens']:>7} {r['view_ratio_tokens']:>9.3f} "
              f"{r['ratio_tokens']:>9.3f} {covered:>5}/{total:<5}")
        for role, nm in r["missing"][:5]:
            print(f"    missing from look(): {role} {nm!r}")

    def med(key: str, subset: list[dict[str, Any]]) -> float:
        return statistics.median(r[key] for r in subset)

    docs = [r for r in rows if r["source"] == "docs"]
    print()
    for label, subset in (("all pages", rows), ("python docs only", docs)):
        if not subset:
            continue
        print(f"{label:17} median look()/aria_snapshot: tokens "
              f"{med('view_ratio_tokens', subset):.3f} chars {med('view_ratio_chars', subset):.3f}"
              f" | median look(viewport=False)/aria_snapshot: tokens "
              f"{med('ratio_tokens', subset):.3f} chars {med('ratio_chars', subset):.3f}")
    total = sum(r["aria_interactables"] for r in rows)
    missing = sum(len(r["missing"]) for r in rows)
    invisible = sum(r["aria_invisible"] for r in rows)
    print(f"coverage: {total - missing}/{total} visible aria interactable elements found in "
          f"look(viewport=False) ({invisible} zero-size ones that Playwright deems invisible "
          "left out)")
    ok = med("view_ratio_tokens", rows) <= TARGET and all_covered
    print(f"target (median look()/aria_snapshot tokens <= {TARGET}, full coverage): "
          f"{'PASS' if ok else 'FAIL'}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=Path, default=DOCS)
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    args = parser.parse_args()
    rows = asyncio.run(run(args.docs))
    ok = report(rows)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
