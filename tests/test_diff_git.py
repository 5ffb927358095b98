"""`mayhem diff` on git revisions, in a temporary repository the test makes: a revision
against another, against the working tree, against itself; an unknown revision; and the
temporary checkouts removed afterwards."""
from __future__ import annotations

import tempfile

import pytest

from mayhem.compiler.diff.sources import commits_touching, describe

from cli_helpers import invoke
from diff_helpers import git, make_repo

@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    return make_repo(tmp_path_factory.mktemp("repo"))


@pytest.fixture
def private_tmp(tmp_path, monkeypatch):
    """Temporary folders go here, so the test sees what is left behind."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    return scratch


def test_a_revision_against_another(repo, monkeypatch, private_tmp):
    monkeypatch.chdir(repo)
    result = invoke("diff", "v1.0", "HEAD")
    assert result.exit_code == 1, result.output
    assert "  Robin › Staff Meeting (ability) [teen-titans-go]\n    Special: +2 Damage -> +1 Damage\n" in result.output
    # the scenario files come from the revision: the errata breaks the rulebook's example
    assert "Scenarios: 1 run on both sides, 1 with another outcome" in result.output
    assert "  staff-meeting.toml: pass -> fail" in result.output
    # the checkouts are gone (Lark's cache of the grammar's tables may be written there: the
    # parser of a thread that parsed nothing yet, when this test runs first; not a checkout)
    assert [p for p in private_tmp.iterdir() if not p.name.startswith(".lark_cache_")] == []


def test_a_revision_against_the_working_tree(repo, monkeypatch):
    monkeypatch.chdir(repo / "content" / "teen-titans-go")  # anywhere inside the repository
    result = invoke("diff", "v1.0", repo)
    assert result.exit_code == 1
    assert "Special: +2 Damage -> +1 Damage" in result.output


def test_a_revision_against_itself_is_empty(repo, monkeypatch):
    monkeypatch.chdir(repo)
    result = invoke("diff", "HEAD", "HEAD")
    assert result.exit_code == 0
    assert result.output.startswith("no changes between HEAD and HEAD\n")
    same = invoke("diff", "HEAD~1", "HEAD", "--format", "json")  # the last commit left content alone
    assert same.exit_code == 0 and '"semantic": false' in same.output and '"components": []' in same.output


def test_an_unknown_revision_is_a_clear_error(repo, monkeypatch, private_tmp):
    monkeypatch.chdir(repo)
    result = invoke("diff", "v9.9", "HEAD")
    assert result.exit_code == 2
    assert "error: v9.9: no such folder, and not a revision of the git repository" in result.output
    missing = invoke("diff", "HEAD", "HEAD", "--content-path", "nowhere")
    assert missing.exit_code == 2 and "has no content root at 'nowhere'" in missing.output
    assert list(private_tmp.iterdir()) == []


def test_a_revision_that_does_not_compile(repo, monkeypatch):
    monkeypatch.chdir(repo)
    git(repo, "checkout", "-q", "-b", "broken")
    (repo / "content" / "teen-titans-go" / "robin.mh").write_text("in box teen-titans-go\ncharacter {\n",
                                                                 encoding="utf-8")
    git(repo, "commit", "-q", "-am", "a broken file")
    git(repo, "checkout", "-q", "main")
    result = invoke("diff", "HEAD", "broken")
    assert result.exit_code == 2
    # named as git names a file of a revision, not by the temporary checkout
    assert "broken:content/teen-titans-go/robin.mh:2:" in result.output
    assert "error: broken: the content does not compile\n" in result.output


def test_outside_a_repository(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("diff", "HEAD~1", "HEAD")
    assert result.exit_code == 2 and "is not in a git repository" in result.output


def test_the_commits_that_changed_the_content(repo):
    commits = commits_touching(repo)
    assert len(commits) == 2  # the README commit left content/ alone
    assert describe(repo, commits[0]) == "v1.0"
    assert describe(repo, commits[1]) == "v2.0"
