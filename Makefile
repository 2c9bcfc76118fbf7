# Two entry points: `make play` and `make test`; both set up .venv when it is missing or stale.
# `make play` installs what playing needs and nothing else; the developers' tools (pytest, mypy,
# hypothesis, build, the plot and cluster extras) come with `make test` and the other targets.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip install --quiet --disable-pip-version-check
PLAY_STAMP := $(VENV)/.play-stamp
STAMP := $(VENV)/.dev-stamp

.PHONY: play test typecheck bench dist bundle clean

$(PLAY_STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) -e .
	touch $(PLAY_STAMP)

# The developers' venv holds the player's too: `make play` after `make test` installs nothing.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) -e '.[dev]'
	touch $(STAMP) $(PLAY_STAMP)

play: $(PLAY_STAMP)
	$(PY) -m game

typecheck: $(STAMP)
	$(PY) -m mypy --strict game editor

test: typecheck
	$(PY) -m pytest -n 2 --dist worksteal

bench: $(STAMP)
	$(PY) bench/core.py

# The wheel and the sdist in dist/, built offline in .venv: the sdist carries levels/ and assets/
# (MANIFEST.in), and setup.py puts them in the wheel as package data: `pipx install dist/gridfall-*.whl`.
dist: $(STAMP)
	rm -f dist/gridfall-*.whl dist/gridfall-*.tar.gz
	$(PY) -m build --no-isolation --outdir dist .

# The one-folder build for players without Python (PyInstaller) in dist/bundle/gridfall/, then
# started headless from another folder (packaging/bundle.py). Slow: never part of `make test`.
bundle: $(STAMP)
	$(PIP) -e '.[dev,bundle]'
	$(PY) packaging/bundle.py

clean:
	rm -rf $(VENV) build dist *.egg-info
