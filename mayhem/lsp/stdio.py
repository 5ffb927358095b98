"""The server's reading of stdin: one message per trip to the reading thread.

pygls's own reader (pygls.io_.StdinAsyncReader) hands each line to the event loop through a
thread of its pool: three trips per message (the Content-Length line, the blank line, the
body), each a wake-up of the loop, which a loaded machine delays (issue #15: an edit's
diagnostics in under 200 ms). `MessageReader` reads a whole message in one trip and gives
its lines to pygls's loop (pygls.io_.run_async) from memory, the same bytes in the same
order: pygls's loop parses them as before.
"""
from __future__ import annotations

import asyncio
from collections import deque
import re
from typing import BinaryIO

# pygls.io_.run_async's own rule: a header line of this form, then a blank line, then the body
CONTENT_LENGTH = re.compile(rb"^Content-Length: (\d+)\r\n$")


class MessageReader:
    """pygls's AsyncReader (`readline`, `readexactly`), one thread trip per message."""

    def __init__(self, stdin: BinaryIO, executor=None) -> None:
        self.stdin = stdin
        self.executor = executor
        self.pending: deque[bytes] = deque()  # the lines and body of the message read, not yet given

    def read_message(self) -> list[bytes]:
        """The header lines of one message, up to its blank line, then its body (in the thread;
        an empty bytes at the end of input, where pygls's loop stops)."""
        parts: list[bytes] = []
        length = 0
        while True:
            line = self.stdin.readline()
            parts.append(line)
            if not line:
                return parts
            if not length:
                m = CONTENT_LENGTH.fullmatch(line)
                if m:
                    length = int(m.group(1))
            if length and not line.strip():
                parts.append(self.stdin.read(length))
                return parts

    def _next(self):
        loop = asyncio.get_running_loop()
        if self.pending:
            done = loop.create_future()
            done.set_result(self.pending.popleft())
            return done  # awaited without a wake-up of the loop
        return loop.create_task(self._fetch(loop))

    async def _fetch(self, loop) -> bytes:
        parts = await loop.run_in_executor(self.executor, self.read_message)
        self.pending.extend(parts[1:])
        return parts[0]

    def readline(self):
        return self._next()

    def readexactly(self, n: int):
        return self._next()  # the body, read with its headers
