"""Running the `mayhem` command in-process, as the CLI tests do."""
from __future__ import annotations

from click.testing import CliRunner

from mayhem.cli import main


def invoke(*args, **kw):
    """`mayhem ARGS...` through click's runner; an exception other than the exit is raised,
    so a traceback fails the test instead of hiding in the result."""
    result = CliRunner().invoke(main, [str(a) for a in args], **kw)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result
