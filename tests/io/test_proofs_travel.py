"""The author's proofs travel with the pack (issue 34, item 8): `gridfall pack build`, `unpack` and
`install` carry every proof and say how many; a one-file pack holds them inline (`proofs:`), read
as strictly as the rest; a replay that does not prove its level is said and left out."""

from __future__ import annotations

import pathlib

import pytest

from game.io import LevelFileError, load_pack, save_pack
from game.io.pack_proofs import Verdict, prove_pack
from game.io.paths import installed_packs_dir
from game.io.yamldoc import parse, read_text
from proven_pack import LEVELS, gridfall, proven_pack
from schema_check import schema_errors



def test_build_install_and_unpack_carry_every_proof_and_say_how_many(tmp_path: pathlib.Path) -> None:
    folder = proven_pack(tmp_path / "travel", "travel")
    one_file = tmp_path / "travel.pack.yaml"
    built = gridfall("pack", "build", str(folder), "-o", str(one_file))
    assert built.returncode == 0 and f"built {one_file} (6 levels, 6 proofs)" in built.stdout, built.stderr
    assert schema_errors(parse(read_text(one_file)).value, "pack") == []
    checked = gridfall("validate", str(one_file))
    assert checked.returncode == 0 and "6 of 6 levels proven" in checked.stderr, checked.stderr
    installed = gridfall("pack", "install", str(one_file))
    assert installed.returncode == 0 and "6 of 6 levels proven" in installed.stdout, installed.stdout
    assert sorted(p.stem for p in (installed_packs_dir() / "travel" / "replays").iterdir()) == sorted(LEVELS)
    assert gridfall("validate", str(installed_packs_dir() / "travel")).stderr.count("6 of 6 levels proven") == 1
    unpacked = gridfall("pack", "unpack", str(one_file), "-o", str(tmp_path / "again"))
    assert unpacked.returncode == 0 and "(6 levels, 6 proofs)" in unpacked.stdout, unpacked.stderr
    assert [p.verdict for p in prove_pack(load_pack(tmp_path / "again"))] == [Verdict.PROVEN] * 6
    # Built again from the unpacked folder: the same bytes (nothing lost on the way round).
    gridfall("pack", "build", str(tmp_path / "again"), "-o", str(tmp_path / "again.pack.yaml"))
    assert (tmp_path / "again.pack.yaml").read_bytes() == one_file.read_bytes()


def test_a_replay_that_does_not_prove_its_level_is_said_and_left_out(tmp_path: pathlib.Path) -> None:
    folder = proven_pack(tmp_path / "shaky", "shaky")
    proof = folder / "replays" / "the-diamond.yaml"
    proof.write_text(proof.read_text().replace("seed: ", "seed: 1", 1), encoding="utf-8")
    built = gridfall("pack", "build", str(folder), "-o", str(tmp_path / "shaky.pack.yaml"))
    assert built.returncode == 0 and "(6 levels, 5 proofs)" in built.stdout
    assert "does not prove level 'the-diamond'" in built.stderr and "left out" in built.stderr
    proven = [p.level_id for p in prove_pack(load_pack(tmp_path / "shaky.pack.yaml")) if p.verdict == Verdict.PROVEN]
    assert proven == [i for i in LEVELS if i != "the-diamond"]


def _first_proof(proofs: str) -> str:
    """The first entry of a `proofs:` block, as written."""
    entries = proofs.split("\n  - ")
    return "  - " + entries[1].rstrip("\n") + "\n"


BREAKS = {
    "stray": lambda block: block + _first_proof(block).replace("level: first-swap", "level: nowhere"),
    "twice": lambda block: block + _first_proof(block),
    "not-a-list": lambda block: "proofs: 7\n",
    "bad-seed": lambda block: block.replace("    seed: ", "    seed: -", 1),
    "unknown-key": lambda block: block.replace("    seed: ", "    sed: 3\n    seed: ", 1),
}


@pytest.mark.parametrize("name", BREAKS)
def test_a_one_file_packs_proofs_are_read_as_strictly_as_its_levels(name: str, tmp_path: pathlib.Path) -> None:
    folder = proven_pack(tmp_path / "strict", "strict")
    path = tmp_path / "strict.pack.yaml"
    save_pack(load_pack(folder), path)   # no proofs carried: the plain pack, as before the field
    assert "proofs:" not in path.read_text()
    assert gridfall("pack", "build", str(folder), "-o", str(path)).returncode == 0
    head, block = path.read_text().split("proofs:\n", 1)
    path.write_text(head + BREAKS[name]("proofs:\n" + block), encoding="utf-8")
    with pytest.raises(LevelFileError) as caught:
        load_pack(path)
    assert all(p.field.startswith("proofs") for p in caught.value.problems), caught.value
    checked = gridfall("validate", str(path))
    assert checked.returncode == 1 and f"{path}:" in checked.stdout and "proofs" in checked.stdout, checked.stdout
