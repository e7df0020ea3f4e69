"""The front page and the documentation site (issue 27): the README stays a short front page
whose two first commands are the ones CI runs, and the references the site generates from
the code (scripts/docs_hooks.py) cover every command, setting, route and tool. The site
itself is built, strictly, by .ci/run (`mkdocs build --strict`)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"
MAX_README_LINES = 250
SETUP_AND_CRAWL = "bash scripts/setup && .venv/bin/trawl crawl "
SETUP_AND_TEST = "bash scripts/setup --dev && .venv/bin/pytest -q"
BUILD_DOCS = ".venv/bin/mkdocs build --strict"


@pytest.fixture(scope="module")
def hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "scripts/docs_hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def commands(path: Path) -> list[str]:
    """The command lines of a shell script or a bash block: no comments, no blank lines."""
    lines = [line.split(" #")[0].strip() for line in path.read_text().splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


def first_block(text: str) -> list[str]:
    found = re.search(r"^```bash\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)
    assert found, "the README has no bash block"
    lines = [line.strip() for line in found.group(1).splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


def test_readme_is_a_short_front_page() -> None:
    lines = README.read_text().splitlines()
    assert len(lines) < MAX_README_LINES, (
        f"README.md has {len(lines)} lines; keep it under {MAX_README_LINES}: the reference "
        "goes into docs/ (see docs/project/development.md)")


def test_readme_first_commands_are_the_documented_ones() -> None:
    """The first screen's two commands, exactly: set up and crawl, set up and test; the test
    command is the one CI runs last."""
    block = first_block(README.read_text())
    assert block[0].startswith(SETUP_AND_CRAWL), block[0]
    assert SETUP_AND_TEST in block, block
    ci = commands(CI_RUN)
    assert ci[-1] == SETUP_AND_TEST.split(" && ")[1], "the README's test command ends .ci/run"
    assert "bash scripts/setup --dev" in ci


def test_ci_builds_the_docs_strictly_before_the_tests() -> None:
    ci = [line.removeprefix("NO_MKDOCS_2_WARNING=1 ") for line in commands(CI_RUN)]
    assert BUILD_DOCS in ci
    assert ci.index(BUILD_DOCS) > ci.index(".venv/bin/lint-imports")
    assert ci.index(BUILD_DOCS) < ci.index(".venv/bin/pytest -q")


def nav_pages(nav: list) -> list[str]:
    pages = []
    for entry in nav:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        pages += nav_pages(value) if isinstance(value, list) else [value]
    return pages


def test_every_nav_page_and_marker_exists(hooks: ModuleType) -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)
    docs = ROOT / config["docs_dir"]
    assert all((ROOT / hook).is_file() for hook in config["hooks"])
    for page in nav_pages(config["nav"]):
        assert (docs / page).is_file(), page
    for page in docs.rglob("*.md"):
        for marker in hooks.MARKER.finditer(page.read_text()):
            name, arg = marker["name"], marker["arg"]
            assert (name == "include" and arg in hooks.INCLUDED) or (
                name in hooks.GENERATORS and arg is None), (page, marker.group(0))


def test_every_setting_is_described(hooks: ModuleType) -> None:
    """The settings table is generated from these descriptions: a setting without one would
    be a blank row."""
    from trawl.config import Settings

    table = hooks.settings_reference()
    for name, field in Settings.model_fields.items():
        assert field.description, f"Settings.{name} has no docstring"
        assert f"`TRAWL_{name.upper()}`" in table


def test_cli_reference_has_every_command(hooks: ModuleType) -> None:
    import typer

    from trawl.api.cli import app

    reference = hooks.cli_reference()
    root = typer.main.get_command(app)
    ctx = root.context_class(root, info_name="trawl")

    def walk(command, path: list[str]) -> None:  # type: ignore[no-untyped-def]
        assert f"## `{' '.join(path)}`" in reference, path
        for param in command.params:
            for opt in param.opts:
                if opt != "--help" and not param.hidden and param.param_type_name == "option":
                    assert f"`{opt}" in reference or f", {opt}" in reference, (path, opt)
        for name in getattr(command, "list_commands", lambda _ctx: [])(ctx):
            walk(command.get_command(ctx, name), [*path, name])

    for name in root.list_commands(ctx):
        walk(root.get_command(ctx, name), ["trawl", name])
    assert "`trawl crawl`" in reference and "| `--max-pages` | integer | 1000 |" in reference


def test_http_reference_has_every_route_and_schema(hooks: ModuleType) -> None:
    reference = hooks.http_api_reference()
    schema = hooks.openapi_schema()
    for path, operations in schema["paths"].items():
        for method in operations:
            assert f"### `{method.upper()} {path}`" in reference, (method, path)
    assert "### CrawlSpec {#schema-crawlspec}" in reference
    assert "| `max_pages` | integer |" in reference
    errors = hooks.http_errors_reference()
    assert "| `404` | `CrawlNotFound` |" in errors


def test_python_and_mcp_references(hooks: ModuleType) -> None:
    import trawl

    names = hooks.python_api_reference()
    assert all(f"`trawl.{name}`" in names for name in trawl.__all__)
    assert "| `trawl.extract` | function |" in names  # the function, not its subpackage
    tools = hooks.mcp_tools_reference()
    for tool in ("look", "act", "go", "start_crawl", "search_pages"):
        assert f"| `{tool}` |" in tools


def test_included_files_keep_their_links_working(hooks: ModuleType, tmp_path: Path) -> None:
    """A root file shown as a docs page: its links to docs/, to the other included files and
    to the README point at their pages; links elsewhere stay as they are."""
    assert hooks.include("SECURITY.md", "operations/security.md").startswith("# Security")
    (tmp_path / "sample.md").write_text(
        "[a](docs/concepts/failures.md#x) [b](ARCHITECTURE.md) [c](README.md) "
        "[d](https://example.com/docs/x.md)")
    original_root = hooks.ROOT
    hooks.ROOT = tmp_path
    hooks.INCLUDED["sample.md"] = "operations/sample.md"
    try:
        out = hooks.include("sample.md", "operations/security.md")
    finally:
        hooks.ROOT = original_root
        del hooks.INCLUDED["sample.md"]
    assert out == ("[a](../concepts/failures.md#x) [b](../project/architecture.md) "
                   "[c](../index.md) [d](https://example.com/docs/x.md)")
