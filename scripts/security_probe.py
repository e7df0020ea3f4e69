"""Attack a running trawl the way SECURITY.md says it is defended, and print pass/fail.

    .venv/bin/python scripts/security_probe.py            # everything, ~2 min
    .venv/bin/python scripts/security_probe.py --keep     # keep the data dir to look at

It starts trawl as a user would (embedded Temporal, Postgres, codec server and worker in a
fresh data directory, driven through the `trawl` CLI), serves an attacker's site on
127.0.0.1 and an "internal" service on 127.0.0.2, and runs each attack of issue 15.
Traffic goes to loopback only. Exit status 0 when every probe passes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trawl.services._process import free_port  # noqa: E402

INTERNAL_HOST = "127.0.0.2"
SECRET = f"probe-secret-{uuid.uuid4().hex[:12]}"
CLI_TIMEOUT_S = 300


# -- servers ---------------------------------------------------------------------------

@dataclass
class Hits:
    paths: list[str] = field(default_factory=list)
    cookies: list[tuple[str, str]] = field(default_factory=list)
    """(path, Cookie header) as the attacker's site saw them."""


@contextlib.contextmanager
def http_server(host: str, route: Callable[[BaseHTTPRequestHandler, Hits], None]
                ) -> Iterator[tuple[str, Hits]]:
    hits = Hits()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            hits.paths.append(self.path)
            hits.cookies.append((self.path, self.headers.get("Cookie") or ""))
            route(self, hits)

        do_POST = do_GET

    server = ThreadingHTTPServer((host, 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://{host}:{server.server_address[1]}", hits
    finally:
        server.shutdown()
        server.server_close()


def send(handler: BaseHTTPRequestHandler, status: int, body: str,
         headers: dict[str, str] | None = None, ctype: str = "text/html") -> None:
    raw = body.encode()
    handler.send_response(status)
    for name, value in (headers or {}).items():
        handler.send_header(name, value)
    handler.send_header("Content-Type", ctype)
    handler.send_header("Content-Length", str(len(raw)))
    handler.end_headers()
    handler.wfile.write(raw)


def internal_route(handler: BaseHTTPRequestHandler, hits: Hits) -> None:
    send(handler, 200, "<h1>Admin</h1><form method=post><input type=password name=p></form>"
                       "<p>internal only " + "secret " * 30 + "</p>")


def attacker_route(internal: str, other_port: int) -> Callable[[BaseHTTPRequestHandler, Hits],
                                                                 None]:
    inner = internal.split("//")[1]
    host, port = inner.split(":")
    # where each redirect of the attacker's site sends the crawler
    targets = {"internal": f"{internal}/after-redirect",
               "localhost": f"http://localhost:{other_port}/",
               "mapped": f"http://[::ffff:{host}]:{port}/mapped",
               "metadata": "http://169.254.169.254/latest/meta-data/",
               "ula": "http://[fd00::1]/ula", "cgnat": "http://100.64.0.1/cgnat",
               "decimal": f"http://2130706434:{port}/decimal"}  # 127.0.0.2 as one number
    links = "".join(f'<a href="/to/{name}">{name}</a> <a href="{url}">{name} direct</a> '
                    for name, url in targets.items())
    page = f"""<h1>Attacker</h1><p>{"words " * 60}</p>{links}
      <a href="file:///etc/passwd">file</a>
      <img src="{internal}/pixel.png"><script src="{internal}/tracker.js"></script>
      <iframe src="{internal}/frame"></iframe>
      <script>fetch("{internal}/xhr").catch(() => {{}});</script>"""

    def route(handler: BaseHTTPRequestHandler, hits: Hits) -> None:
        path = handler.path.split("?")[0]
        if path == "/robots.txt":
            send(handler, 200, f"User-agent: *\nAllow: /\nSitemap: {internal}/sitemap.xml\n",
                 ctype="text/plain")
        elif path.startswith("/to/") and path[4:] in targets:
            send(handler, 302, "", {"Location": targets[path[4:]]})
        elif path == "/":
            send(handler, 200, page, {"Set-Cookie": f"visitor={uuid.uuid4().hex}; Path=/"})
        elif path == "/private/":
            if "sid=" + SECRET in (handler.headers.get("Cookie") or ""):
                send(handler, 200, "<p>members " + "text " * 40 + "</p>")
            else:
                send(handler, 302, "", {"Location": "/login"})
        elif path == "/login":
            send(handler, 200, "<form method=post><input name=u><input type=password "
                               "name=p><button>Sign in</button></form>")
        elif path == "/account":
            send(handler, 200, "<h1>Your account</h1><p>" + "settings " * 40 + "</p><form "
                 'method="post" action="/account/delete"><button>Delete account</button></form>')
        elif path == "/account/delete":
            send(handler, 200, "<p>account deleted</p>")
        elif path == "/wall":
            send(handler, 200, '<p>start</p><a href="/private/">members</a>')
        elif path == "/long":
            links = "".join(f'<a href="/x/{"y" * 300}{i}">l</a>' for i in range(3))
            send(handler, 200, f'<p>{"text " * 40}</p>{links}<a href="/a?b=c">q</a>'
                               '<a href="/a_b=c">u</a>')
        else:
            send(handler, 200, f"<p>page {path} " + "text " * 40 + "</p>")
    return route


# -- trawl, as a user runs it ------------------------------------------------------------

@dataclass
class Trawl:
    env: dict[str, str]
    data_dir: Path

    def run(self, *args: str, timeout: float = CLI_TIMEOUT_S) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(ROOT / ".venv" / "bin" / "trawl"), *args], env=self.env,
                              text=True, capture_output=True, timeout=timeout, check=False)

    def sql(self, query: str) -> list[dict[str, object]]:
        done = self.run("sql", query, "--json")
        if done.returncode != 0:
            raise RuntimeError(done.stderr.strip())
        return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]

    def crawl(self, *args: str) -> str:
        done = self.run("crawl", *args)
        match = re.search(r"crawl ([0-9a-z-]{6,})", done.stdout + done.stderr)
        if done.returncode != 0 or match is None:
            raise RuntimeError(f"crawl failed: {done.stdout[-500:]} {done.stderr[-500:]}")
        return match.group(1)


@dataclass
class Probe:
    name: str
    passed: bool
    detail: str


results: list[Probe] = []


def probe(name: str, passed: bool, detail: str = "") -> None:
    results.append(Probe(name, passed, detail))
    print(f"{'PASS' if passed else 'FAIL'}  {name}" + (f"  ({detail})" if detail else ""),
          flush=True)


def attempt(name: str, check: Callable[[], tuple[bool, str]]) -> None:
    try:
        passed, detail = check()
    except Exception as exc:  # a probe that crashes is a failed probe, with its reason
        passed, detail = False, f"{type(exc).__name__}: {exc}"
    probe(name, passed, detail)


# -- the probes ----------------------------------------------------------------------------

def ssrf_probes(t: Trawl, site: str, internal_hits: Hits, mode: str) -> None:
    crawl_id = t.crawl(site + "/", "--render", mode, "--max-pages", "30")
    rows = t.sql(f"select url, error_class from pages where crawl_id = '{crawl_id}'")

    def refused(name: str) -> tuple[bool, str]:
        row = [r for r in rows if str(r["url"]).endswith(f"/to/{name}")]
        return (bool(row) and row[0]["error_class"] == "blocked_address", str(row[:1]))

    for name, what in (("internal", "another loopback host"),
                       ("localhost", "another port of localhost"),
                       ("mapped", "an IPv4-mapped IPv6 address"),
                       ("decimal", "a loopback address written as one number"),
                       ("metadata", "cloud metadata 169.254.169.254"),
                       ("ula", "a unique-local IPv6 address"), ("cgnat", "CGNAT 100.64/10")):
        attempt(f"[{mode}] redirect to {what} refused (blocked_address)",
                lambda n=name: refused(n))
    direct = [r for r in rows if "/to/" not in str(r["url"]) and not str(r["url"]).startswith(
        site)]
    attempt(f"[{mode}] links to internal hosts never fetched",
            lambda: (all(r["error_class"] is not None for r in direct), str(direct[:2])))
    attempt(f"[{mode}] file:// link never fetched",
            lambda: (not any(str(r["url"]).startswith("file:") and r["error_class"] is None
                             for r in rows), ""))
    if mode == "browser":
        meta = t.sql(f"select metadata->>'blocked_requests' as n from pages where crawl_id = "
                     f"'{crawl_id}' and url = '{site}/'")
        attempt("[browser] subresources (img, script, iframe, fetch) refused and counted",
                lambda: (bool(meta) and int(str(meta[0]["n"] or 0)) >= 3, f"{meta}"))
    attempt(f"[{mode}] the internal service received nothing (links, robots sitemap, "
            "subresources)", lambda: (internal_hits.paths == [], str(internal_hits.paths[:5])))


def agent_probes(t: Trawl, internal: str) -> None:
    requests = [f"agent.go('{u}')" for u in ("file:///etc/passwd", "chrome://settings",
                                              internal + "/admin")]
    proc = subprocess.run([str(ROOT / ".venv" / "bin" / "trawl"), "agent"], env=t.env,
                          input="\n".join(json.dumps({"command": "eval", "payload": r})
                                          for r in requests) + "\n",
                          text=True, capture_output=True, timeout=120, check=False)
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    answers = [line for line in lines if line.get("command") in ("result", "error")]
    for request, answer in zip(requests, answers, strict=False):
        attempt(f"agent {request} refused",
                lambda a=answer: (a["command"] == "error", json.dumps(a["payload"])[:120]))
    if len(answers) != len(requests):
        probe("agent answered every request", False, proc.stderr[-300:])


def mcp_probe(t: Trawl, internal: str) -> None:
    script = f"""
import asyncio, json, sys
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
async def main():
    params = StdioServerParameters(command={str(ROOT / '.venv/bin/trawl')!r}, args=["mcp"],
                                   env=dict(__import__("os").environ))
    async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
        await s.initialize()
        out = await s.call_tool("start_crawl", {{"urls": [{internal + '/admin'!r}]}})
        print(json.dumps({{"error": out.is_error, "text": out.content[0].text}}))
asyncio.run(main())
"""
    done = subprocess.run([sys.executable, "-c", script], env=t.env, text=True,
                          capture_output=True, timeout=180, check=False)

    def check() -> tuple[bool, str]:
        if not done.stdout.strip():
            return False, done.stderr.strip()[-300:]
        answer = json.loads(done.stdout.strip().splitlines()[-1])
        return ("refused" in answer["text"] and bool(answer["error"])), answer["text"][:120]
    attempt("MCP start_crawl of an internal URL refused", check)


def destructive_probes(t: Trawl, site: str, hits: Hits) -> None:
    spec = t.data_dir.parent / "delete-steps.yaml"
    spec.write_text("steps:\n  - match: /account\n    steps:\n"
                    "      - click: {role: button, name: Delete account}\n")
    crawl_id = t.crawl(site + "/account", "--render", "browser", "--max-pages", "1",
                       "--spec", str(spec))
    steps = t.sql(f"select steps::text as s from pages where crawl_id = '{crawl_id}'")
    attempt("a crawl step on 'Delete account' is refused and recorded; the page is stored",
            lambda: ("/account/delete" not in hits.paths and bool(steps)
                     and "refused" in str(steps[0]["s"]), str(steps)[:120]))
    env = {**t.env, "TRAWL_ALLOW_PRIVATE": "1"}  # the agent reaches the local site
    script = [f"agent.go('{site}/account')", "agent.look({viewport: false})"]
    proc = subprocess.Popen([str(ROOT / ".venv" / "bin" / "trawl"), "agent"], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None

    def ask(js: str) -> dict[str, object]:
        proc.stdin.write(json.dumps({"command": "eval", "payload": js}) + "\n")  # type: ignore[union-attr]
        proc.stdin.flush()  # type: ignore[union-attr]
        return json.loads(proc.stdout.readline())  # type: ignore[union-attr,no-any-return]

    try:
        json.loads(proc.stdout.readline())  # ready
        answers = [ask(js) for js in script]
        tree = answers[-1]["payload"]["tree"]  # type: ignore[index]
        ref = next(re.search(r"\[(e\d+)\]", line).group(1)  # type: ignore[union-attr]
                   for line in tree if "Delete account" in line and re.search(r"\[e\d+\]", line))
        refused = ask(f"agent.act('{ref}', 'click')")
        attempt("the agent's act() on 'Delete account' without confirm is refused",
                lambda: (refused["command"] == "error"
                         and refused["payload"]["code"] == "CONFIRM_REQUIRED"  # type: ignore[index]
                         and "/account/delete" not in hits.paths, str(refused)[:120]))
    except Exception as exc:
        probe("the agent's act() on 'Delete account' without confirm is refused", False,
              f"{type(exc).__name__}: {exc}")
    finally:
        proc.stdin.close()
        proc.wait(60)


def api_probe(t: Trawl, internal: str) -> None:
    """`trawl serve` started without --allow-host: a client holding the token cannot read
    an internal service through a crawl, a scrape or the MCP tools' go()."""
    import httpx

    port = free_port()
    token = uuid.uuid4().hex
    env = {**t.env, "TRAWL_API_TOKEN": token}
    with open(t.data_dir.parent / "serve.log", "ab") as log:
        server = subprocess.Popen([str(ROOT / ".venv" / "bin" / "trawl"), "serve", "--port",
                                   str(port), "--no-mcp"], env=env, stdout=log,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + CLI_TIMEOUT_S
        while server.poll() is None and time.monotonic() < deadline:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                    break
            time.sleep(0.3)
        auth = {"Authorization": f"Bearer {token}"}
        for what, path, body in (
                ("a crawl of an internal URL", "/v1/crawls", {"seeds": [internal + "/admin"]}),
                ("a crawl asking for allow_private", "/v1/crawls",
                 {"seeds": [internal + "/admin"], "allow_private": True}),
                ("a scrape of an internal URL", "/v1/scrape", {"url": internal + "/admin"})):
            def check(path: str = path, body: dict[str, object] = body) -> tuple[bool, str]:
                reply = httpx.post(base + path, json=body, headers=auth, timeout=60)
                return reply.status_code == 403, f"{reply.status_code} {reply.text[:120]}"
            attempt(f"HTTP API: {what} refused with 403", check)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, 9)
        server.wait(30)


def sandbox_probe() -> None:
    script = ROOT / "tests" / "test_sandbox.py"
    done = subprocess.run([str(ROOT / ".venv" / "bin" / "pytest"), "-q", str(script), "-k",
                           "non_root or root_runs"], cwd=ROOT, text=True, capture_output=True,
                          timeout=300, check=False)
    attempt("Chromium sandboxed as a non-root user; as root, said once in the log",
            lambda: (done.returncode == 0 and "passed" in done.stdout,
                     done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""))


def secrets_probes(t: Trawl, site: str) -> None:
    crawl_id = t.crawl(site + "/wall", "--render", "browser", "--max-pages", "10", "--detach")
    handoff: list[dict[str, object]] = []
    for _ in range(120):
        handoff = t.sql(f"select workflow_id, site from handoffs where crawl_id = '{crawl_id}'")
        if handoff:
            break
        time.sleep(1)
    if not handoff:
        probe("a login wall opened a handoff", False, "none within 120 s")
        return
    site_wf, origin = str(handoff[0]["workflow_id"]), str(handoff[0]["site"])
    codec = f"http://127.0.0.1:{t.env['TRAWL_CODEC_PORT']}"
    address = f"127.0.0.1:{t.env['TRAWL_TEMPORAL_PORT']}"
    state = {"cookies": [{"name": "sid", "value": SECRET, "domain": "127.0.0.1", "path": "/"}],
             "origins": []}
    temporal = str(ROOT / ".venv" / "bin" / "temporal")
    signal = subprocess.run([temporal, "workflow", "signal", "--address", address,
                             "--codec-endpoint", codec, "--workflow-id", site_wf,
                             "--name", "resume", "--input",
                             json.dumps({"note": "probe", "storage_state": state})],
                            text=True, capture_output=True, timeout=60, check=False)
    probe("resume with cookies from the stock temporal CLI (through the codec server)",
          signal.returncode == 0, signal.stderr.strip()[:120])
    for _ in range(120):
        status = t.sql(f"select status from crawls where id = '{crawl_id}'")
        if status and status[0]["status"] not in ("running", "queued"):
            break
        time.sleep(1)
    members = t.sql(f"select count(*) as n from pages where crawl_id = '{crawl_id}' and "
                    "url like '%/private/' and error_class is null")
    probe("the resumed session reached the members' page", members[0]["n"] == 1, str(members))
    history = subprocess.run([temporal, "workflow", "show", "--address", address,
                              "--workflow-id", site_wf, "--output", "json"],
                             text=True, capture_output=True, timeout=60, check=False)
    attempt("the cookie is not in Temporal's history (read without the key)",
            lambda: (history.returncode == 0 and "WorkflowExecutionSignaled" in history.stdout
                     and SECRET not in history.stdout, ""))
    db_bytes = b"".join(p.read_bytes() for p in t.data_dir.glob("temporal.db*"))
    attempt("the cookie is not in Temporal's database file",
            lambda: (SECRET.encode() not in db_bytes, f"{len(db_bytes)} bytes read"))
    admin = _admin_dsn(t)

    def sealed_at_rest() -> tuple[bool, str]:
        import psycopg
        with psycopg.connect(admin) as conn:
            row = conn.execute("select sealed, storage_state is null from session_profiles "
                               "where site = %s", (origin,)).fetchone()
        return (row is not None and row[1] and SECRET.encode() not in bytes(row[0]), "")
    attempt("the session profile is sealed at rest", sealed_at_rest)
    listing = t.run("profiles", "list")
    attempt("`trawl profiles` never shows the value",
            lambda: (SECRET not in listing.stdout + listing.stderr and listing.returncode == 0,
                     ""))
    deleted = t.run("profiles", "delete", origin)

    def gone() -> tuple[bool, str]:
        import psycopg
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("checkpoint")
            base = conn.execute("select current_setting('data_directory') || '/base/' || oid "
                                "from pg_database where datname = 'trawl'").fetchone()
        files = b"".join(p.read_bytes() for p in Path(str(base[0])).iterdir() if p.is_file())
        return (deleted.returncode == 0 and SECRET.encode() not in files, deleted.stdout[-80:])
    attempt("a deleted profile is gone from the database files", gone)
    logs = b"".join(p.read_bytes() for p in (t.data_dir / "logs").glob("*.log"))
    attempt("no log holds the cookie value", lambda: (SECRET.encode() not in logs, ""))


def _admin_dsn(t: Trawl) -> str:
    from sqlalchemy import make_url

    from trawl.services.postgres import ensure_embedded_postgres
    url = make_url(ensure_embedded_postgres(t.data_dir)).set(drivername="postgresql",
                                                             username="postgres")
    return url.render_as_string(hide_password=False)


def privilege_probes(t: Trawl) -> None:
    marker = Path(tempfile.gettempdir()) / f"trawl-probe-{uuid.uuid4().hex[:8]}"
    who = t.sql("select current_user as u, (select rolsuper from pg_roles where rolname = "
                "'trawl') as owner_super")
    attempt("`trawl sql` selects, as a read-only role",
            lambda: (who[0]["u"] == "trawl_reader", str(who)))
    attempt("the workers' role is no superuser",
            lambda: (who[0]["owner_super"] is False, str(who)))
    for statement in ("delete from pages", "drop table pages", "create table x (i int)",
                      f"copy (select 1) to program 'touch {marker}'",
                      "select 1; delete from pages", "select pg_read_file('/etc/passwd')"):
        done = t.run("sql", statement)
        attempt(f"`trawl sql \"{statement[:40]}\"` refused",
                lambda d=done: (d.returncode != 0 and "Traceback" not in d.stderr
                                and not marker.exists(), d.stderr.strip()[-90:]))


def isolation_probe(t: Trawl, site: str, hits: Hits) -> None:
    before = len(hits.cookies)
    t.crawl(site + "/", "--render", "http", "--max-pages", "3")
    t.crawl(site + "/", "--render", "http", "--max-pages", "3")
    homes = [cookie for path, cookie in hits.cookies[before:] if path == "/"]
    attempt("two crawls of one site share no cookies",
            lambda: (len(homes) == 2 and homes == ["", ""], str(homes)))


def export_probes(t: Trawl, site: str, work: Path) -> None:
    crawl_id = t.crawl(site + "/long", "--render", "http", "--max-pages", "10")
    target = work / "export"
    done = t.run("export", crawl_id, str(target), "--format", "markdown")
    files = [p for p in target.rglob("*") if p.is_file()] if target.exists() else []
    expected = t.sql(f"select count(*) as n from pages where crawl_id = '{crawl_id}' and "
                     "markdown is not null")[0]["n"]
    attempt("export of long and colliding URLs: every page, inside the directory",
            lambda: (done.returncode == 0 and len(files) == expected
                     and all(p.resolve().is_relative_to(target.resolve()) for p in files)
                     and all(len(p.name) <= 255 for p in files), f"{len(files)}/{expected}"))
    again = t.run("export", crawl_id, str(target), "--format", "markdown")
    attempt("export into a non-empty directory refused (never an overwrite)",
            lambda: (again.returncode != 0 and "not an empty directory" in again.stderr, ""))


def deployment_probes() -> None:
    import yaml
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    ports = [p for s in compose["services"].values() for p in s.get("ports", [])]
    attempt("docker-compose publishes ports on 127.0.0.1 only",
            lambda: (bool(ports) and all(str(p).startswith("127.0.0.1:") for p in ports),
                     str(ports)))
    literals = [f"{name}={value}" for s in compose["services"].values()
                for name, value in (s.get("environment") or {}).items()
                if "PASSWORD" in name or "PWD" in name
                if isinstance(value, str) and "${" not in value]
    attempt("docker-compose holds no literal passwords", lambda: (not literals, str(literals)))
    locks = sorted(ROOT.glob("requirements*.lock"))

    def hashed() -> tuple[bool, str]:
        text = "".join(p.read_text() for p in locks)
        pins = re.findall(r"^[A-Za-z0-9_.\-\[\]]+==", text, re.MULTILINE)
        return (bool(pins) and len(re.findall(r"--hash=sha256:", text)) >= len(pins)
                and "--require-hashes" in (ROOT / "scripts" / "setup").read_text(),
                f"{len(pins)} pinned packages in {[p.name for p in locks]}")
    attempt("dependencies locked with hashes, and setup installs from the lock", hashed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keep", action="store_true", help="keep the data directory")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="trawl-probe-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAWL_")}
    env.update(TRAWL_DATA_DIR=str(work / "data"), TRAWL_TEMPORAL_PORT=str(free_port()),
               TRAWL_TEMPORAL_UI_PORT=str(free_port()), TRAWL_CODEC_PORT=str(free_port()),
               PYTHONPATH=str(ROOT))
    t = Trawl(env, work / "data")
    started = time.monotonic()
    try:
        with http_server(INTERNAL_HOST, internal_route) as (internal, internal_hits), \
                http_server("127.0.0.1", lambda h, _: send(h, 200, "<p>other</p>")) as (other, _o):
            other_port = int(other.rsplit(":", 1)[1])
            with http_server("127.0.0.1", attacker_route(internal, other_port)) as (site, hits):
                print(f"attacker site {site}, internal service {internal}, data {work}\n")
                for mode in ("http", "browser"):
                    ssrf_probes(t, site, internal_hits, mode)
                agent_probes(t, internal)
                mcp_probe(t, internal)
                api_probe(t, internal)
                secrets_probes(t, site)
                privilege_probes(t)
                isolation_probe(t, site, hits)
                destructive_probes(t, site, hits)
                export_probes(t, site, work)
                attempt("the internal service received nothing, from any probe",
                        lambda: (internal_hits.paths == [], str(internal_hits.paths[:5])))
        sandbox_probe()
        deployment_probes()
    finally:
        t.run("down", timeout=120)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    failed = [r for r in results if not r.passed]
    print(f"\n{len(results) - len(failed)}/{len(results)} probes passed in "
          f"{time.monotonic() - started:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
