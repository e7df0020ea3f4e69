"""Reading a worker's metrics endpoint, and the metric names a Grafana dashboard's PromQL
selects (tests/test_metrics.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
from prometheus_client.parser import text_string_to_metric_families


@dataclass
class Scrape:
    text: str
    samples: list[tuple[str, dict[str, str], float]] = field(default_factory=list)

    @classmethod
    def parse(cls, body: str) -> Scrape:
        scrape = cls(body)
        for family in text_string_to_metric_families(body):
            for sample in family.samples:
                scrape.samples.append((sample.name, dict(sample.labels), sample.value))
        return scrape

    def value(self, name: str, **labels: str) -> float:
        """The sum of the samples of ``name`` whose labels include ``labels``."""
        return sum(v for n, lab, v in self.samples
                   if n == name and all(lab.get(k) == want for k, want in labels.items()))

    def has(self, name: str, **labels: str) -> bool:
        return any(n == name and all(lab.get(k) == want for k, want in labels.items())
                   for n, lab, _v in self.samples)

    def exposed_names(self) -> set[str]:
        """Every series name a PromQL query can select from this scrape: the samples', and
        those a declared family has even before its first sample (a labelled counter no
        model call has used yet)."""
        names = {n for n, _lab, _v in self.samples}
        suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_sum", "_count"),
                    "gauge": ("",), "summary": ("", "_sum", "_count")}
        for declared, kind in re.findall(r"^# TYPE (\S+) (\S+)$", self.text, re.MULTILINE):
            base = declared.removesuffix("_total") if kind == "counter" else declared
            names |= {base + suffix for suffix in suffixes.get(kind, ("",))}
        return names


async def scrape(url: str) -> Scrape:
    async with httpx.AsyncClient(timeout=10) as client:
        answer = await client.get(url)
    answer.raise_for_status()
    return Scrape.parse(answer.text)


# --- the dashboard's PromQL ---------------------------------------------------------------

PROMQL_KEYWORDS = {"by", "without", "on", "ignoring", "group_left", "group_right", "bool",
                   "and", "or", "unless", "offset", "inf", "nan"}


def promql_metric_names(expr: str) -> set[str]:
    """The metric names a PromQL expression (with Grafana's $variables) selects: what is
    left once strings, label matchers, ranges, grouping clauses, variables, numbers,
    functions and keywords are taken out."""
    expr = re.sub(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'', '""', expr)
    expr = re.sub(r"\{[^}]*\}", " ", expr)
    expr = re.sub(r"\[[^\]]*\]", " ", expr)
    expr = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", " ", expr)
    expr = re.sub(r"\$\{?\w+\}?", " ", expr)
    expr = re.sub(r"\boffset\s+\w+", " ", expr)
    expr = re.sub(r"(?<![\w:])\d+(\.\d+)?([eE][+-]?\d+)?", " ", expr)
    names = set()
    for match in re.finditer(r"[A-Za-z_:][A-Za-z0-9_:]*", expr):
        if expr[match.end():].lstrip().startswith("("):
            continue  # a function or an aggregation
        if match.group(0).lower() not in PROMQL_KEYWORDS:
            names.add(match.group(0))
    return names


def dashboard_queries(dashboard: dict[str, Any]) -> list[str]:
    """Every PromQL expression of a dashboard: panel targets (rows' nested panels too) and
    the templating variables' label_values(metric, label) queries (their metric)."""
    exprs: list[str] = []

    def panels(items: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        for panel in items:
            yield panel
            yield from panels(panel.get("panels") or [])

    for panel in panels(dashboard.get("panels") or []):
        exprs += [t["expr"] for t in panel.get("targets") or [] if t.get("expr")]
    for variable in (dashboard.get("templating") or {}).get("list") or []:
        query = variable.get("query")
        query = query.get("query", "") if isinstance(query, dict) else str(query or "")
        found = re.fullmatch(r"\s*label_values\((.*),\s*\w+\s*\)\s*", query)
        if variable.get("type") == "query" and found:
            exprs.append(found.group(1))
    return exprs


def unknown_dashboard_names(dashboard: dict[str, Any], exposed: set[str]) -> dict[str, set[str]]:
    """Expression -> the metric names it uses that the endpoint does not expose."""
    unknown = {}
    for expr in dashboard_queries(dashboard):
        missing = promql_metric_names(expr) - exposed
        if missing:
            unknown[expr] = missing
    return unknown
