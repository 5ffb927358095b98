"""The server's publishing of a check's findings (mayhem/lsp/diagnostics.publish_all): the
edited file's go out first, and a file whose findings are the same as at its last publish
is not sent (nor converted) again."""
from __future__ import annotations

import shutil

from mayhem.lsp import diagnostics
from mayhem.lsp.project import Project

from conftest import CONTENT

ROBIN = "teen-titans-go/robin.mh"
STARFIRE = "teen-titans-go/starfire.mh"


class Recorder:
    def __init__(self) -> None:
        self.sent = []

    def text_document_publish_diagnostics(self, params) -> None:
        self.sent.append(params)


def test_the_edited_files_findings_go_out_first_and_unchanged_ones_not_again(tmp_path, monkeypatch):
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    robin, starfire = root / ROBIN, root / STARFIRE
    robin.write_text(robin.read_text(encoding="utf-8").replace("melee-attack", "melee-atack", 1), encoding="utf-8")
    body = starfire.read_text(encoding="utf-8")
    starfire.write_text(body.replace("ranged-attack", "ranged-atack", 1), encoding="utf-8")
    project = Project(root)
    project.check()
    server = Recorder()
    edited = project.uri_of(STARFIRE)
    diagnostics.publish_all(server, project, [edited], {edited: 2})
    # starfire.mh is edited: its findings first, although robin.mh comes before it by name
    assert [p.uri for p in server.sent] == [edited, project.uri_of(ROBIN)]
    assert all(any(d.code == "E301" for d in p.diagnostics) for p in server.sent)

    # the next edit of starfire.mh: robin.mh's findings are the same objects, neither sent nor converted
    starfire.write_text(body.replace("ranged-attack", "ranged-atak", 1), encoding="utf-8")
    project.check()
    converted = []
    plain = diagnostics.to_lsp
    monkeypatch.setattr(diagnostics, "to_lsp", lambda d, p: converted.append(d.span.file) or plain(d, p))
    server.sent.clear()
    diagnostics.publish_all(server, project, [edited], {edited: 3})
    assert [p.uri for p in server.sent] == [edited] and set(converted) == {STARFIRE}
    assert "ranged-atak" in server.sent[0].diagnostics[0].message
