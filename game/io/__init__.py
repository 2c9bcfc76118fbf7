"""Files: level and pack YAML (checked, safe, stable), saves, progress and settings."""

from .levels import check_level_file, level_to_yaml, load_level, save_level
from .packs import (
    Pack, PackNotFoundError, check_pack, find_pack, install_pack, is_pack_path, list_packs,
    load_pack, PackOrigin, pack_origin, pack_to_yaml, save_pack,
)
from .problems import FileProblem, LevelFileError

__all__ = [
    "FileProblem", "LevelFileError", "Pack", "PackNotFoundError", "check_level_file",
    "check_pack", "find_pack", "install_pack", "is_pack_path", "level_to_yaml", "list_packs", "load_level",
    "load_pack", "PackOrigin", "pack_origin", "pack_to_yaml", "save_level", "save_pack",
]
