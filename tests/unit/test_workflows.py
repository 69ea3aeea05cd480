"""The GitHub workflows (.github/workflows/): they parse, the Test workflow runs
the README's test command on every push and pull request and keeps what a
failing browser test left, and Pages deploys a commit of main only after Test
passed on it: the very dist/ that Test built (strictly) and tested."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"


def load(name: str) -> dict[str, Any]:
    document: dict[Any, Any] = yaml.safe_load((WORKFLOWS / name).read_text())
    # YAML 1.1 reads the key `on` as the boolean true.
    if True in document:
        document["on"] = document.pop(True)
    return document


def readme_test_command() -> str:
    """The `… build.py test` line of the README's "Two commands" block, comment cut."""
    text = (ROOT / "README.md").read_text()
    section = text.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    lines = [line.split("#", 1)[0].strip() for line in section.splitlines()]
    commands = [line for line in lines if re.fullmatch(r"python3? build\.py test", line)]
    assert len(commands) == 1, "the README shows one test command"
    return commands[0]


def run_lines(job: dict[str, Any]) -> list[str]:
    return [line.strip() for step in job["steps"] for line in str(step.get("run", "")).splitlines()]


def uses(job: dict[str, Any], action: str) -> dict[str, Any]:
    found = [s for s in job["steps"] if str(s.get("uses", "")).startswith(action + "@")]
    assert len(found) == 1, f"one step uses {action}"
    step: dict[str, Any] = found[0]
    return step


@pytest.mark.parametrize("name", sorted(p.name for p in WORKFLOWS.glob("*.yml")))
def test_every_workflow_has_a_name_triggers_and_runnable_jobs(name: str) -> None:
    workflow = load(name)
    assert isinstance(workflow.get("name"), str) and workflow["on"]
    assert workflow["jobs"], name
    for job_id, job in workflow["jobs"].items():
        assert job.get("runs-on") == "ubuntu-latest", job_id
        assert job.get("steps"), job_id
        for need in [job["needs"]] if isinstance(job.get("needs"), str) else job.get("needs", []):
            assert need in workflow["jobs"], f"{job_id} needs a job that does not exist"


def test_the_test_workflow_runs_the_readme_command_on_every_push_and_pull_request() -> None:
    workflow = load("test.yml")
    assert {"push", "pull_request"} <= set(workflow["on"])
    assert workflow["on"]["push"] is None, "every branch, no filter"
    (job,) = workflow["jobs"].values()
    lines = run_lines(job)
    assert readme_test_command().replace("python3 ", "python ") in lines
    assert "python -m venv .venv" in lines and ". .venv/bin/activate" in lines
    assert lines.index(". .venv/bin/activate") < lines.index("python build.py test")
    python = str(uses(job, "actions/setup-python")["with"]["python-version"])
    assert python in ("3.11", "3.12", "3.13")
    assert int(uses(job, "actions/setup-node")["with"]["node-version"]) >= 18


def test_ci_script_runs_the_readme_command() -> None:
    lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert f"exec {readme_test_command().replace('python ', 'python3 ')}" in lines


def pytest_addopts() -> list[str]:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    return shlex.split(options["ini_options"]["addopts"])


def step_index(job: dict[str, Any], predicate: Any) -> int:
    found = [i for i, s in enumerate(job["steps"]) if predicate(s)]
    assert len(found) == 1, found
    return found[0]


def test_the_test_workflow_keeps_the_tested_site_and_the_traces_of_failures() -> None:
    (job,) = load("test.yml")["jobs"].values()
    tests = step_index(job, lambda s: "python build.py test" in str(s.get("run", "")))
    pages = step_index(job, lambda s: str(s.get("uses", "")).startswith(
        "actions/upload-pages-artifact@"))
    assert pages > tests, "the site is kept after its tests passed"
    step = job["steps"][pages]
    assert step["with"]["path"] == "dist"
    condition = " ".join(step["if"].split())
    assert "github.event_name == 'push'" in condition
    assert "github.ref == 'refs/heads/main'" in condition
    assert "failure()" not in condition and "always()" not in condition
    results = job["steps"][step_index(job, lambda s: str(s.get("uses", "")).startswith(
        "actions/upload-artifact@"))]
    assert results["if"] == "failure()"
    addopts = pytest_addopts()
    for option, value in (("--tracing", "retain-on-failure"),
                          ("--screenshot", "only-on-failure")):
        assert addopts[addopts.index(option) + 1] == value
    output = addopts[addopts.index("--output") + 1]
    assert results["with"]["path"].rstrip("/") == output


def test_pages_deploys_only_a_tested_push_to_main() -> None:
    test_name = load("test.yml")["name"]
    workflow = load("pages.yml")
    assert set(workflow["on"]) == {"workflow_run", "workflow_dispatch"}, "no deploy on push"
    trigger = workflow["on"]["workflow_run"]
    assert trigger == {"workflows": [test_name], "types": ["completed"], "branches": ["main"]}
    artifact, deploy = workflow["jobs"]["artifact"], workflow["jobs"]["deploy"]
    condition = " ".join(artifact["if"].split())
    assert "github.event.workflow_run.conclusion == 'success'" in condition
    assert "github.event.workflow_run.event == 'push'" in condition
    assert deploy["needs"] == "artifact"
    assert uses(deploy, "actions/deploy-pages")
    assert deploy["environment"]["name"] == "github-pages"
    assert workflow["permissions"]["actions"] == "read"
    assert workflow["permissions"]["pages"] == "write"
    assert workflow["permissions"]["id-token"] == "write"
    assert workflow["concurrency"]["group"] == "pages"


def test_pages_deploys_the_artifact_the_test_run_built_and_tested() -> None:
    artifact = load("pages.yml")["jobs"]["artifact"]
    pushed = [s for s in artifact["steps"]
              if s.get("if") != "github.event_name == 'workflow_dispatch'"]
    assert all(s.get("if") == "github.event_name == 'workflow_run'" for s in pushed)
    download = uses(artifact, "actions/download-artifact")
    assert download["with"]["name"] == "github-pages"  # upload-pages-artifact's name
    assert download["with"]["run-id"] == "${{ github.event.workflow_run.id }}"
    assert download["with"]["github-token"]
    upload = uses(artifact, "actions/upload-artifact")
    assert upload["with"]["name"] == "github-pages"
    assert upload["with"]["path"] == download["with"]["path"] + "/artifact.tar"
    assert pushed.index(download) < pushed.index(upload)
    # nothing of the repository is checked out or built for a tested push
    assert not any("run" in s or str(s.get("uses", "")).startswith("actions/checkout@")
                   for s in pushed)


def test_every_build_that_is_deployed_is_strict() -> None:
    artifact = load("pages.yml")["jobs"]["artifact"]
    builds = [line for line in run_lines(artifact) if "build.py" in line]
    assert builds == ["python build.py build --strict"]
    by_hand = [s for s in artifact["steps"] if "run" in s]
    assert all(s["if"] == "github.event_name == 'workflow_dispatch'" for s in by_hand)
    # The Test run's dist/ is the build of `build.py test`, which is strict
    # (tests/unit/test_strict_build.py).
