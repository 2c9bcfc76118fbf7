"""Finding the game's files and putting it in a desktop's menu (issue 38): `gridfall where` names
the data folder, settings, log and packs; `gridfall desktop --install` writes a valid entry that
starts this game, with the icon the window shows too."""

from __future__ import annotations

import configparser
import os
import pathlib
import shutil
import subprocess
import sys


ROOT = pathlib.Path(__file__).resolve().parents[2]


def _gridfall(tmp_path: pathlib.Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ, GRIDFALL_DATA_DIR=str(tmp_path / "data"), XDG_DATA_HOME=str(tmp_path / "xdg"),
                PYTHONPATH=str(ROOT), ARCADE_HEADLESS="1", **(env or {}))
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=tmp_path, env=full,
                          capture_output=True, text=True, timeout=120)


def _exec_words(value: str) -> list[str]:
    """An Exec= value read as the Desktop Entry Specification says: the string's escapes first
    (a doubled backslash is one), then words split at spaces outside double quotes, inside which a
    backslash escapes " ` $ and itself; %% is a percent sign."""
    text, words, word, quoted, i = value.replace("\\\\", "\\"), [], "", False, 0
    while i < len(text):
        ch = text[i]
        if quoted and ch == "\\" and text[i + 1] in '"`$\\':
            word, i = word + text[i + 1], i + 2
            continue
        if ch == '"':
            quoted = not quoted
        elif ch == " " and not quoted:
            words.append(word)
            word = ""
        else:
            word += ch
        i += 1
    return [w.replace("%%", "%") for w in [*words, word] if w]


def test_where_names_each_folder_the_game_keeps_and_one_alone_for_a_script(tmp_path: pathlib.Path) -> None:
    data = tmp_path / "data"
    done = _gridfall(tmp_path, "where")
    assert done.returncode == 0, done.stderr
    lines = {line.split()[0]: line.split()[1] for line in done.stdout.splitlines()}
    assert lines["data"] == str(data)
    assert lines["settings"] == str(data / "settings.yaml")
    assert lines["log"] == str(data / "logs" / "gridfall.log")
    assert lines["packs"] == str(data / "packs") and lines["my-packs"] == str(data / "my-packs")
    alone = _gridfall(tmp_path, "where", "packs")
    assert alone.stdout == f"{data / 'packs'}\n" and (data / "packs").is_dir()   # made: cd "$(...)" works


def test_where_says_in_one_line_when_a_file_stands_where_the_data_folder_goes(tmp_path: pathlib.Path) -> None:
    (tmp_path / "data").write_text("not a folder")
    done = _gridfall(tmp_path, "where")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and str(tmp_path / "data") in done.stderr


def test_desktop_install_writes_an_entry_that_starts_this_game_and_its_icon(tmp_path: pathlib.Path) -> None:
    done = _gridfall(tmp_path, "desktop", "--install")
    assert done.returncode == 0, done.stderr
    entry = tmp_path / "xdg" / "applications" / "gridfall.desktop"
    icon = tmp_path / "xdg" / "icons" / "hicolor" / "256x256" / "apps" / "gridfall.png"
    from PIL import Image

    with Image.open(icon) as image:
        assert image.size == (256, 256)
    parsed = configparser.ConfigParser(interpolation=None)
    parsed.optionxform = str   # type: ignore[assignment,method-assign]  # keys keep their case
    parsed.read(entry, encoding="utf-8")
    section = parsed["Desktop Entry"]
    assert section["Type"] == "Application" and section["Icon"] == "gridfall" and section["Name"] == "Gridfall"
    if shutil.which("desktop-file-validate"):
        checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout
    # The Exec line starts this game: run with `where`, it names the same data folder.
    command = _exec_words(section["Exec"])
    env = dict(os.environ, GRIDFALL_DATA_DIR=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    started = subprocess.run([*command, "where", "data"], env=env, capture_output=True, text=True, timeout=60)
    assert started.stdout.strip() == str(tmp_path / "data"), started.stderr
    gone = _gridfall(tmp_path, "desktop", "--uninstall")
    assert gone.returncode == 0 and not entry.exists() and not icon.exists()


def test_a_path_with_spaces_and_quotes_is_one_word_of_exec() -> None:
    from game.cli.desktop import exec_word

    assert exec_word("/usr/bin/python3") == "/usr/bin/python3"
    word = exec_word('/home/a b/"x"$/100%')
    assert _exec_words(f"{word} -m game") == ['/home/a b/"x"$/100%', "-m", "game"]


def test_the_game_window_carries_the_icon_at_each_size(tmp_path: pathlib.Path) -> None:
    script = (
        "import arcade, pyglet.window, sys\n"   # arcade first: it makes pyglet headless

        "seen = []\n"
        "def spy(self, *images):\n"
        "    seen.extend((i.width, i.height) for i in images)\n"
        "pyglet.window.BaseWindow.set_icon = spy\n"
        "from game.cli import main\n"
        "code = main(['play', '--frames', '1'])\n"
        "print(sorted(set(seen)))\n"
        "sys.exit(code)\n")
    env = dict(os.environ, GRIDFALL_DATA_DIR=str(tmp_path / "data"), ARCADE_HEADLESS="1", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[(16, 16), (32, 32), (48, 48), (64, 64), (256, 256)]"
