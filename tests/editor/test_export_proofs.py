"""The Pack dialog's Export carries the author's proofs and says how many (issue 34, item 8): the
exported one-file pack installs as proven as the folder it came from."""

from __future__ import annotations

from typing import Any

from driving import click, header, page_to
from editor.view import EditorView
from game.io.paths import exports_dir, user_packs_dir
from proven_pack import gridfall, proven_pack


def test_export_carries_every_proof_and_install_reports_them(window: Any, editor: EditorView) -> None:
    view = editor
    proven_pack(user_packs_dir() / "sharing", "sharing")
    header(window, view, "Pack")
    page_to(window, view, "open sharing")
    click(window, *view.dialog.button_center("open sharing"))
    assert view.dialog is not None and "sharing" in view.dialog.title
    click(window, *view.dialog.button_center("Export"))
    target = exports_dir() / "sharing.pack.yaml"
    assert view.dialog is None and view.status.text == f"exported {target} (6 levels, 6 proofs)", view.status.text
    installed = gridfall("pack", "install", str(target))
    assert installed.returncode == 0 and "6 of 6 levels proven" in installed.stdout, installed.stdout
