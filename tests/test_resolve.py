"""Name resolution corners: keyword parameters are untyped, so their arguments may name
tokens, tags and icons as well as values."""
from mayhem.compiler import driver


def test_keyword_arguments_may_name_tags_and_tokens(tmp_path):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "rules.mh").write_text('''
tag burn "Burn" {
  source authored
}
token ember "Ember" {
  source authored
  text "Hot."
  placed-on character
}
keyword strike "Strike" (n, kind = [burn], what = ember) {
  source authored
  text "Deal N Damage."
  effect {
    damage(one opponent in here, n, tags: kind)
    place(what, 1, on: self)
  }
}
keyword hit "Hit" {
  source authored
  text "Strike."
  effect {
    strike(1, kind: [burn], what: ember)
    strike(2)
  }
}
''')
    result = driver.compile_paths([tmp_path])
    assert [d.code for d in result.diagnostics.items if d.severity == "error"] == []
    hit = next(c for c in result.ir["components"] if c["id"] == "hit")
    first = hit["effects"]["effect"]["body"][0]["args"]
    assert first["kind"]["items"][0] == {"e": "tag", "name": "rules:tag:burn", "span": first["kind"]["items"][0]["span"]}
    assert first["what"]["e"] == "token" and first["what"]["name"] == "rules:token:ember"


def test_an_unknown_argument_name_is_still_an_error(tmp_path):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "rules.mh").write_text('''
keyword strike "Strike" (n) {
  source authored
  text "Deal N Damage."
  effect {
    damage(one opponent in here, n)
  }
}
keyword hit "Hit" {
  source authored
  text "Strike."
  effect {
    strike(nothing-at-all)
  }
}
''')
    result = driver.compile_paths([tmp_path])
    assert [(d.code, d.message) for d in result.diagnostics.items] == [("E301", "unknown name 'nothing-at-all'")]
