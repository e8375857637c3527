"""``python -m widgets.lessons GAME``: store the steps' pictures in notebooks/tutorials/GAME.ipynb."""

import sys
from pathlib import Path

from . import store_static_pictures

if __name__ == "__main__":
    for game in sys.argv[1:] or ["nine_knights", "double_nine"]:
        path = Path(__file__).resolve().parents[2] / "notebooks" / "tutorials" / f"{game}.ipynb"
        print(f"{path}: {store_static_pictures(path, game)} step pictures stored")
