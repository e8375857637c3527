"""``python -m widgets.lessons [GAME...]``: store the steps' pictures in notebooks/tutorials/GAME.ipynb and
write the rules-to-steps table of docs/GAME.md from the lesson's data.

With no GAME, every game that has a tutorial notebook.
"""

import sys
from pathlib import Path

from . import store_static_pictures, write_rules_table

if __name__ == "__main__":
    tutorials = Path(__file__).resolve().parents[2] / "notebooks" / "tutorials"
    for game in sys.argv[1:] or sorted(p.stem for p in tutorials.glob("*.ipynb")):
        path = tutorials / f"{game}.ipynb"
        print(f"{path}: {store_static_pictures(path, game)} step pictures stored")
        docs = Path(__file__).resolve().parents[2] / "docs" / f"{game}.md"
        print(f"{docs}: {write_rules_table(docs, game)} rules in the rules-to-steps table")
