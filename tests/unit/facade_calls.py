"""Requests to the facade as the worker sends them (JSON text), for the facade's tests."""

from __future__ import annotations

import json
from typing import Any

from kugler_core.facade import Session


def call(s: Session, cmd: str, rid: Any = 1, **args: Any) -> dict[str, Any]:
    """Send one request as JSON text and parse the reply, like the worker does."""
    reply = json.loads(s.handle_json(json.dumps({"id": rid, "cmd": cmd, "args": args})))
    assert isinstance(reply, dict) and isinstance(reply["ok"], bool)
    return reply


def ok(s: Session, cmd: str, **args: Any) -> dict[str, Any]:
    """The result of a request that must succeed."""
    reply = call(s, cmd, **args)
    assert reply["ok"], reply
    result: dict[str, Any] = reply["result"]
    return result


def error(s: Session, cmd: str, **args: Any) -> tuple[str, str]:
    """The (code, message) of a request that must fail."""
    reply = call(s, cmd, **args)
    assert reply["ok"] is False, reply
    assert reply["error"]["message"]
    return str(reply["error"]["code"]), str(reply["error"]["message"])


def code(s: Session, cmd: str, **args: Any) -> str:
    """The error code of a request that must fail."""
    return error(s, cmd, **args)[0]
