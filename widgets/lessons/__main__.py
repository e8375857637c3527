"""``python -m widgets.lessons [GAME...]``: store the steps' pictures in notebooks/tutorials/GAME.ipynb.

With no GAME, every game that has a tutorial notebook.
"""

import sys
from pathlib import Path

from . import store_static_pictures

if __name__ == "__main__":
    tutorials = Path(__file__).resolve().parents[2] / "notebooks" / "tutorials"
    for game in sys.argv[1:] or sorted(p.stem for p in tutorials.glob("*.ipynb")):
        path = tutorials / f"{game}.ipynb"
        print(f"{path}: {store_static_pictures(path, game)} step pictures stored")
