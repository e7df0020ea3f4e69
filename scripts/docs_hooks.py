"""MkDocs build hooks (``hooks:`` in mkdocs.yml): the references generated from the code.

A page asks for generated content with a marker line of its own::

    <!-- generated: cli -->               the command line, from the typer app
    <!-- generated: settings -->          the TRAWL_* settings, from trawl.config.Settings
    <!-- generated: http-api -->          the HTTP API, from the FastAPI app's OpenAPI schema
    <!-- generated: http-errors -->       which of trawl's errors is which HTTP status
    <!-- generated: mcp-tools -->         the tools of the MCP server
    <!-- generated: python-api -->        the names `import trawl` offers (trawl.__all__)
    <!-- generated: include SECURITY.md -->  a markdown file of the repository root, its
                                          relative links made to work from the page

The markers are replaced when the site is built (``mkdocs build``/``serve``), so nothing
generated is committed and nothing can drift: a command, setting or route added to the code
appears in the next build. The build also serves the raw schema as ``reference/openapi.json``.

Why not a plugin: mkdocs-click and mkdocs-typer2 read click's own classes, and typer (0.2x)
now carries its own copy of click, so both render no options (or crash); the OpenAPI
renderers either load Swagger UI from a CDN (the docs must build and read offline) or dump
every schema as raw JSON. The generators below use only the public introspection of typer
(``get_command``, ``get_help_record``), pydantic (``model_fields``) and FastAPI
(``app.openapi()``).
"""

from __future__ import annotations

import inspect
import json
import posixpath
import re
import types
import typing
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^<!-- generated: (?P<name>[a-z-]+)(?: (?P<arg>\S+))? -->[ \t]*$", re.M)
OPENAPI_FILE = "reference/openapi.json"
INCLUDED = {"SECURITY.md": "operations/security.md", "ARCHITECTURE.md": "project/architecture.md"}
"""Root markdown files the docs include, and the page each one is (for links between them)."""
ERROR_SCHEMAS = {"HTTPValidationError", "ValidationError"}
"""FastAPI's default 422 body; trawl answers every error with a problem object instead."""


class GenerationError(Exception):
    """A marker that cannot be filled (unknown name, missing file)."""


# -- markdown helpers ----------------------------------------------------------------------

_CODE_SPAN = re.compile(r"(``?)(.+?)\1")


def clean_doc(text: str | None) -> str:
    """A docstring as markdown: dedented, ``rst literals`` and :role:`x` as `code`."""
    if not text:
        return ""
    text = inspect.cleandoc(text)
    text = re.sub(r":[a-z]+:`~?([^`]+)`", r"`\1`", text)
    return re.sub(r"``(.+?)``", r"`\1`", text, flags=re.S)


def paragraphs(text: str) -> list[str]:
    """Blank-line separated paragraphs, each joined onto one line (as typer prints them)."""
    return [" ".join(line.strip() for line in block.splitlines())
            for block in re.split(r"\n\s*\n", text.strip()) if block.strip()]


def escape_text(text: str) -> str:
    """Prose for markdown: ``<``/``>`` outside code spans as entities (``<token>`` is no
    HTML tag); backticked spans kept as they are."""
    out, last = [], 0
    for m in _CODE_SPAN.finditer(text):
        out.append(_escape_plain(text[last:m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(_escape_plain(text[last:]))
    return "".join(out)


def _escape_plain(text: str) -> str:
    return text.replace("<", "&lt;").replace(">", "&gt;")


def cell(text: str) -> str:
    """A table cell: one line, pipes escaped."""
    return escape_text(" ".join(text.split())).replace("|", "\\|")


def code(text: str) -> str:
    """Inline code that may itself hold backticks or pipes (a table cell)."""
    text = text.replace("|", "\\|")
    fence = "``" if "`" in text else "`"
    pad = " " if "`" in text else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


# -- the command line ----------------------------------------------------------------------

_EXTRA = re.compile(r"\s*\[(?P<extra>[^\[\]]*)\]\s*$")
_TYPE_NAMES = {"<int>": "integer", "<float>": "number", "<str>": "text", "<path>": "path",
               "<bool>": "", "<list[str]>": "text", "<list[int]>": "integer"}


def _split_record(record: tuple[str, str]) -> tuple[str, str, str, str]:
    """typer's help record ('--max-pages <int>', 'Stop after ...  [default: 1000]') as
    (names, type, help, default)."""
    names, help_text = record
    default = ""
    found = _EXTRA.search(help_text)
    if found:
        extras = [e.strip() for e in found.group("extra").split(";")]
        kept = []
        for extra in extras:
            if extra.startswith("default: "):
                default = extra.removeprefix("default: ")
            elif extra != "required":
                kept.append(extra)
        help_text = help_text[:found.start()] + (f" ({'; '.join(kept)})" if kept else "")
    kind = ""
    typed = re.match(r"^(?P<names>.*?)\s+(?P<type><[^<>]+>|[A-Z][A-Z_]*(\.\.\.)?)$", names)
    if typed and " / " not in names:
        names, kind = typed.group("names"), typed.group("type")
        kind = _TYPE_NAMES.get(kind, kind)
    return names, kind, help_text.strip(), default


def _param_rows(command: Any, ctx: Any) -> list[list[str]]:
    rows = []
    for param in command.params:
        record = param.get_help_record(ctx)
        if record is None or param.name == "help":
            continue
        names, kind, help_text, default = _split_record(record)
        if param.param_type_name == "argument":
            names = param.name.upper() + ("..." if param.nargs == -1 else "")
            kind = "text" if kind in ("", "<list[str]>") else kind
        if getattr(param, "multiple", False) or (param.param_type_name == "argument"
                                                  and param.nargs == -1):
            kind = f"{kind}, repeatable" if kind else "repeatable"
        if getattr(param, "is_flag", False) and not param.secondary_opts:
            kind, default = "flag", ""
        if getattr(param, "count", False):
            kind, default = "flag, repeatable (-vv)", ""
        name = code(names) + (" (required)" if param.required else "")
        rows.append([name, cell(kind), cell(default) if default else "", cell(help_text)])
    return rows


def _command_section(command: Any, ctx: Any, path: list[str], level: int) -> list[str]:
    name = " ".join(path)
    anchor = "-".join(path[1:]) or "trawl"
    out = [f"{'#' * level} `{name}` {{#{anchor}}}", ""]
    out += [escape_text(p) + "\n" for p in paragraphs(clean_doc(command.help))]
    # typer writes arguments as {crawl_id} / [urls]...; --help's capitals read better
    pieces = [re.sub(r"^([\[{])([a-z_]+)([\]}])", lambda m: m[2].upper()
                     if m[1] == "{" else f"[{m[2].upper()}]", piece)
              for piece in command.collect_usage_pieces(ctx)]
    usage = " ".join([name, *pieces])
    out += ["```text", usage, "```", ""]
    rows = _param_rows(command, ctx)
    if rows:
        out += [table(["argument or option", "type", "default", "what it does"], rows), ""]
    if hasattr(command, "list_commands"):  # a group
        subcommands = sorted(command.list_commands(ctx))
        if level == 2:  # a sub-app such as `trawl db`: its commands next
            out += ["Commands: " + ", ".join(f"[`{name} {s}`](#{anchor}-{s})"
                                              for s in subcommands), ""]
        for sub in subcommands:
            child = command.get_command(ctx, sub)
            if child is None or child.hidden:
                continue
            child_ctx = child.context_class(child, info_name=sub, parent=ctx)
            out += _command_section(child, child_ctx, [*path, sub], min(level + 1, 4))
    return out


def cli_reference() -> str:
    """Every command of ``trawl``: summary table, then usage, arguments and options each."""
    import typer

    from trawl.api.cli import app

    # typer's own click objects (typer carries a copy of click): only their public API
    root = typer.main.get_command(app)
    ctx = root.context_class(root, info_name="trawl")
    names = sorted(root.list_commands(ctx))
    commands = {n: root.get_command(ctx, n) for n in names}
    summary = [[f"[`trawl {n}`](#{n})", cell(paragraphs(clean_doc(c.help))[0]
                                              if c.help else "")]
               for n, c in commands.items() if c is not None and not c.hidden]
    out = [table(["command", "what it does"], summary), ""]
    out += ["## Global options {#trawl}", "",
            "Given before the command (`trawl -q crawl ...`).", ""]
    out += [table(["option", "type", "default", "what it does"], _param_rows(root, ctx)), ""]
    for name, command in commands.items():
        if command is None or command.hidden:
            continue
        sub_ctx = command.context_class(command, info_name=name, parent=ctx)
        out += _command_section(command, sub_ctx, ["trawl", name], 2)
    return "\n".join(out)


# -- settings ------------------------------------------------------------------------------

def _type_name(annotation: Any) -> str:
    from pydantic import SecretStr

    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return " \\| ".join(code(str(a)) for a in typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType) and len(args) == 1:
        return _type_name(args[0])
    names = {str: "text", int: "integer", float: "number", bool: "boolean", Path: "path",
             SecretStr: "secret"}
    return names.get(annotation, getattr(annotation, "__name__", str(annotation)))


def _bounds(field: Any) -> str:
    low = high = None
    for item in field.metadata:
        low = getattr(item, "ge", None) if getattr(item, "ge", None) is not None else low
        low = f"> {item.gt}" if getattr(item, "gt", None) is not None else low
        high = getattr(item, "le", None) if getattr(item, "le", None) is not None else high
    if low is not None and high is not None:
        return f"{low} to {high}"
    return f"{low}" if isinstance(low, str) else (f"≥ {low}" if low is not None else "")


def _default(field: Any) -> str:
    if field.default_factory is not None:
        doc = clean_doc(field.default_factory.__doc__)
        return escape_text(doc.split("\n\n")[0].replace("\n", " ")) if doc else "(computed)"
    if field.default is None:
        return "unset"
    if isinstance(field.default, bool):
        return code("1" if field.default else "0")
    return code(str(field.default))


def settings_reference() -> str:
    """Every ``TRAWL_*`` variable: its type, default and what it does."""
    from trawl.config import Settings

    prefix = Settings.model_config.get("env_prefix", "")
    rows = []
    for name, field in Settings.model_fields.items():
        kind = _type_name(field.annotation)
        bounds = _bounds(field)
        rows.append([code(f"{prefix}{name}".upper()),
                     kind + (f" ({bounds})" if bounds else ""), _default(field),
                     cell(clean_doc(field.description))])
    return table(["variable", "type", "default", "what it sets"], rows)


# -- the HTTP API --------------------------------------------------------------------------

def openapi_schema() -> dict[str, Any]:
    """The schema ``trawl serve`` serves at /openapi.json (the app is only built, not run:
    its routes need a connection only when called)."""
    from trawl.api.http.app import create_app

    app = create_app(None, "documentation-build-token", mcp=False)  # type: ignore[arg-type]
    return app.openapi()


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def _schema_type(schema: dict[str, Any]) -> str:
    """A JSON schema as a short type: `string`, [Step](#schema-step), array of ..."""
    if "$ref" in schema:
        name = _ref_name(schema["$ref"])
        return f"[{name}](#schema-{name.lower()})"
    if "anyOf" in schema or "oneOf" in schema:
        options = schema.get("anyOf") or schema.get("oneOf")
        kinds = [_schema_type(o) for o in options if o.get("type") != "null"]
        nullable = any(o.get("type") == "null" for o in options)
        return " or ".join(kinds) + (" or null" if nullable else "")
    if "enum" in schema:
        return " \\| ".join(code(json.dumps(v)) for v in schema["enum"])
    if "const" in schema:
        return code(json.dumps(schema["const"]))
    kind = schema.get("type", "any")
    if kind == "array":
        return "array of " + _schema_type(schema.get("items", {}))
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return "object of " + _schema_type(schema["additionalProperties"])
    if "format" in schema:
        return f"{kind} ({schema['format']})"
    return str(kind)


def _limits(schema: dict[str, Any]) -> str:
    parts = [f"{word} {schema[key]}" for key, word in
             (("minimum", "≥"), ("exclusiveMinimum", ">"), ("maximum", "≤"),
              ("exclusiveMaximum", "<"), ("minLength", "length ≥"),
              ("maxLength", "length ≤")) if key in schema]
    return ", ".join(parts)


def _refs(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = {_ref_name(value["$ref"])} if "$ref" in value else set()
        for item in value.values():
            found |= _refs(item)
        return found
    if isinstance(value, list):
        return set().union(*(_refs(v) for v in value)) if value else set()
    return set()


def _first_sentence(text: str) -> str:
    """Up to the first '.', ':' or ';' that is not inside parentheses."""
    first = paragraphs(text)[0] if text.strip() else ""
    depth = 0
    for i, char in enumerate(first):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and char in ".:;" and (i + 1 == len(first) or first[i + 1] == " "):
            return first[:i + (char == ".")]
    return first


def _operation(method: str, path: str, op: dict[str, Any]) -> tuple[str, str, list[str]]:
    """(anchor, summary, the route's section)."""
    anchor = re.sub(r"[^a-z0-9]+", "-", f"{method} {path}".lower()).strip("-")
    description = clean_doc(op.get("description"))
    out = [f"### `{method.upper()} {path}` {{#{anchor}}}", ""]
    out += [escape_text(p) + "\n" for p in paragraphs(description)]
    if not op.get("security"):
        out += ["No token needed.", ""]
    params = op.get("parameters", [])
    if params:
        rows = []
        for p in params:
            schema = p.get("schema", {})
            limits = _limits(schema)
            default = code(json.dumps(schema["default"])) if "default" in schema else ""
            rows.append([code(p["name"]), p["in"], _schema_type(schema)
                         + (f" ({limits})" if limits else ""),
                         "yes" if p.get("required") else "", default,
                         cell(clean_doc(p.get("description") or schema.get("description")))])
        out += ["**Parameters**", "",
                table(["name", "in", "type", "required", "default", "description"], rows), ""]
    body = op.get("requestBody")
    if body:
        for media, content in body.get("content", {}).items():
            out += [f"**Request body** ({code(media)}): "
                    + _schema_type(content.get("schema", {})), ""]
    rows = []
    for status, response in op.get("responses", {}).items():
        if status.startswith(("4", "5")):
            rows.append([code(status), "[problem object](#errors)",
                         cell(response.get("description", ""))])
            continue
        contents = response.get("content") or {"": {}}
        for media, content in contents.items():
            schema = content.get("schema")
            shape = _schema_type(schema) if schema else ""
            if schema and shape == "object" and schema.get("additionalProperties"):
                shape = "JSON object"
            described = (code(media) + (": " + shape if shape else "")) if media else "empty"
            rows.append([code(status), described, cell(response.get("description", ""))])
    out += ["**Responses**", "", table(["status", "body", "description"], rows), ""]
    summary = _first_sentence(description) or op.get("summary", "")
    return anchor, summary, out


def _component(name: str, schema: dict[str, Any]) -> list[str]:
    out = [f"### {name} {{#schema-{name.lower()}}}", ""]
    out += [escape_text(p) + "\n" for p in paragraphs(clean_doc(schema.get("description")))]
    required = set(schema.get("required", []))
    rows = []
    for field, spec in schema.get("properties", {}).items():
        limits = _limits(spec)
        default = code(json.dumps(spec["default"])) if "default" in spec else ""
        rows.append([code(field), _schema_type(spec) + (f" ({limits})" if limits else ""),
                     "yes" if field in required else "", default,
                     cell(clean_doc(spec.get("description")))])
    if rows:
        out += [table(["field", "type", "required", "default", "description"], rows), ""]
    if schema.get("additionalProperties") is False:
        out += ["Other fields are refused.", ""]
    return out


def http_errors_reference() -> str:
    """Which of trawl's errors answers with which status (trawl.api.http.problems)."""
    from trawl.api.http.problems import STATUS_OF

    rows = []
    for kind, status in STATUS_OF:
        meaning = paragraphs(clean_doc(kind.__doc__))[0] if kind.__doc__ else ""
        if kind is STATUS_OF[-1][0]:  # the base class: whatever the rows above do not match
            meaning = f"Any other of trawl's errors ({meaning[0].lower()}{meaning[1:].rstrip('.')})"
        rows.append([code(str(status)), code(kind.__name__), cell(meaning)])
    return table(["status", "trawl's error (first match wins)", "what it means"], rows)


def http_api_reference() -> str:
    """Every route of the HTTP API by tag, then the schemas its bodies use."""
    schema = openapi_schema()
    by_tag: dict[str, list[tuple[str, str, list[str]]]] = {}
    summary = []
    for path, operations in schema["paths"].items():
        for method, op in operations.items():
            tag = (op.get("tags") or ["other"])[0]
            anchor, what, section = _operation(method, path, op)
            by_tag.setdefault(tag, []).append((anchor, what, section))
            summary.append([f"[`{method.upper()} {path}`](#{anchor})", cell(what)])
    out = [f"OpenAPI {schema['openapi']}, API version {schema['info']['version']}; the raw "
           f"schema: [openapi.json](openapi.json).", "",
           table(["route", "what it does"], summary), ""]
    for tag, operations in by_tag.items():
        out += [f"## {tag.capitalize()}", ""]
        for _anchor, _what, section in operations:
            out += section
    components = schema.get("components", {}).get("schemas", {})
    wanted = _refs(schema["paths"])
    while True:  # the schemas the routes use, and the ones those use
        more = set().union(*(_refs(components[n]) for n in wanted)) - wanted
        if not more:
            break
        wanted |= more
    out += ["## Schemas", ""]
    for name in sorted(wanted - ERROR_SCHEMAS):
        out += _component(name, components[name])
    return "\n".join(out)


# -- the MCP tools -------------------------------------------------------------------------

def mcp_tools_reference() -> str:
    """Every tool `trawl mcp` (and `trawl serve` at /mcp) offers, from the server itself (it
    is only built: no browser starts until a tool is called)."""
    import asyncio

    from trawl.api.mcp_server import build_server

    tools = asyncio.run(build_server().list_tools())
    rows = []
    for tool in tools:
        schema = tool.input_schema or {}
        required = set(schema.get("required") or [])
        args = [f"{code(name)}{'' if name in required else '?'}"
                for name in schema.get("properties", {})]
        rows.append([code(tool.name), ", ".join(args), cell(tool.description or "")])
    return table(["tool", "arguments (? optional)", "what it does"], rows)


# -- the Python API ------------------------------------------------------------------------

def python_api_reference() -> str:
    """Every name of ``trawl.__all__``: what it is and the first line of its docstring."""
    import trawl

    rows = []
    for name in trawl.__all__:
        if name == "__version__":
            rows.append([code("trawl.__version__"), "str", code("trawl"),
                         "The installed version."])
            continue
        obj = getattr(trawl, name)
        if inspect.ismodule(obj):  # a subpackage of the same name (trawl.extract)
            obj = getattr(obj, name)
        kind = "class" if inspect.isclass(obj) else "function"
        doc = paragraphs(clean_doc(inspect.getdoc(obj)))
        rows.append([code(f"trawl.{name}"), kind, code(obj.__module__),
                     cell(doc[0]) if doc else ""])
    return table(["name", "kind", "defined in", "what it is"], rows)


# -- root files included -------------------------------------------------------------------

_LINK = re.compile(r"(?P<pre>\]\()(?P<target>[^)\s#]+)(?P<rest>(#[^)\s]*)?\))")


def include(name: str, page_path: str) -> str:
    """A markdown file of the repository root (SECURITY.md...), with its relative links
    made relative to ``page_path`` (the docs page it is shown as)."""
    source = ROOT / name
    if name not in INCLUDED or not source.is_file():
        raise GenerationError(f"cannot include {name!r}: not one of {sorted(INCLUDED)}")
    here = posixpath.dirname(page_path)

    def relink(m: re.Match[str]) -> str:
        target = m["target"]
        if re.match(r"^[a-z]+:", target):  # http:, mailto:
            return m.group(0)
        if target.startswith("docs/"):
            target = posixpath.relpath(target.removeprefix("docs/"), here or ".")
        elif target in INCLUDED:
            target = posixpath.relpath(INCLUDED[target], here or ".")
        elif target == "README.md":
            target = posixpath.relpath("index.md", here or ".")
        return m["pre"] + target + m["rest"]

    return _LINK.sub(relink, source.read_text())


# -- the hooks -----------------------------------------------------------------------------

GENERATORS = {"cli": cli_reference, "settings": settings_reference,
              "http-api": http_api_reference, "http-errors": http_errors_reference,
              "mcp-tools": mcp_tools_reference, "python-api": python_api_reference}


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    def fill(m: re.Match[str]) -> str:
        name, arg = m["name"], m["arg"]
        if name == "include" and arg:
            return include(arg, page.file.src_uri)
        if name not in GENERATORS or arg:
            raise GenerationError(f"{page.file.src_uri}: unknown marker {m.group(0)!r}")
        return GENERATORS[name]()

    from mkdocs.exceptions import PluginError

    try:
        return MARKER.sub(fill, markdown)
    except GenerationError as exc:
        raise PluginError(str(exc)) from None


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    files.append(File.generated(config, OPENAPI_FILE,
                                content=json.dumps(openapi_schema(), indent=2) + "\n"))
    return files
