"""The GitHub workflows (.github/workflows/): they parse, the Test workflow runs
the README's test command on every push and pull request, and Pages deploys a
commit of main only after Test passed on that same commit."""

from __future__ import annotations

import re
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


def test_pages_deploys_only_a_tested_push_to_main() -> None:
    test_name = load("test.yml")["name"]
    workflow = load("pages.yml")
    assert set(workflow["on"]) == {"workflow_run", "workflow_dispatch"}, "no deploy on push"
    trigger = workflow["on"]["workflow_run"]
    assert trigger == {"workflows": [test_name], "types": ["completed"], "branches": ["main"]}
    build, deploy = workflow["jobs"]["build"], workflow["jobs"]["deploy"]
    condition = " ".join(build["if"].split())
    assert "github.event.workflow_run.conclusion == 'success'" in condition
    assert "github.event.workflow_run.event == 'push'" in condition
    checkout = uses(build, "actions/checkout")
    assert "github.event.workflow_run.head_sha" in checkout["with"]["ref"]
    assert "python build.py build" in run_lines(build)
    assert deploy["needs"] == "build"
    assert uses(deploy, "actions/deploy-pages")
