"""The game's arcade views: shell, screens, play view, board renderer, HUD and sounds.

Importing this package prepares arcade first (game.ui.boot), so every module here, and the
editor, can `import arcade` as usual.
"""

from . import boot

boot.prepare()
