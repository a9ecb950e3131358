"""Developer tool: rebuilds the engine's data package (py/tashkalar/data/*.json) from the project's shared
Tash-Kalar content (../shared/tashkalar/*.yaml).

Nothing imports this module at run time: the engine reads only its own JSON files (tashkalar.content), so
the browser needs neither PyYAML nor the shared folder. Run it after the shared files change, then run
tests/tashkalar/test_data.py, which compares every fact of both copies.

    python -m tashkalar.datasync [/path/to/shared/tashkalar]
"""
from __future__ import annotations

from pathlib import Path

from gamecore import datafiles

DATA = Path(__file__).resolve().parent / "data"
DEFAULT_SHARED = Path(__file__).resolve().parents[3] / "shared" / "tashkalar"
SCHOOLS = ("imperial", "highland", "sylvan", "everfrost", "nethervoid", "etherweave")
CARD_KEYS = ("id", "name", "rank", "copies", "picture", "requires", "marked", "orientations", "orientations_note",
             "effect", "frozen", "warp")


def _expansion_texts() -> tuple[dict, dict, dict]:
    """The expansion schools' texts, in our own words, kept beside their programs (effects/<school>.py):
    (effect texts, frozen texts, warp texts) by card id. They fill the shared files' `effect: null`."""
    from .effects import etherweave, everfrost, nethervoid

    return {**everfrost.TEXTS, **nethervoid.TEXTS, **etherweave.TEXTS}, dict(everfrost.FROZEN), dict(etherweave.WARP)


def _card(c: dict) -> dict:
    out = {k: c[k] for k in CARD_KEYS if k in c}
    out["requires"] = [list(r) for r in c["requires"]]
    out["marked"] = [list(m) for m in c["marked"]]
    return out


def build(shared: Path) -> dict[str, object]:
    """The JSON documents (file name -> content) made from the shared YAML files."""
    import yaml  # a developer dependency only

    def load(name: str) -> dict:
        return yaml.safe_load((shared / name).read_text(encoding="utf-8"))

    docs: dict[str, object] = {}
    texts, frozen, warp = _expansion_texts()
    board = load("board.yaml")
    docs["board.json"] = {
        "source": "shared/tashkalar/board.yaml",
        "coordinates": board["coordinates"],
        "squares": board["squares"],
        "red": board["high_form_side"]["red"],
        "green": board["high_form_side"]["green"],
        "central_square": board["high_form_side"]["central_square"],
        "central_nine": board["high_form_side"]["central_nine"],
        "duel_start_squares": board["duel_start_squares"]["squares"],
        "melee_start_pairs": board["melee_start_marks"]["pairs"],
        "two_sided": board["pieces_per_colour"]["two_sided"],
        "legendary": board["pieces_per_colour"]["legendary"],
    }
    schools = {}
    for s in SCHOOLS:
        d = load(f"decks/{s}.yaml")
        cards = []
        for c in d["cards"]:
            if c.get("effect") is None and c["id"] in texts:
                c = {**c, "effect": texts[c["id"]]}
            if c["id"] in frozen:
                c = {**c, "frozen": frozen[c["id"]]}
            if c["id"] in warp:
                c = {**c, "warp": warp[c["id"]]}
            cards.append(_card(c))
        entry = {"school": d["school"], "expansion": bool(d.get("expansion")), "cards": cards}
        if "played_as" in d:
            entry["played_as"] = {k: {"colour": v["colour"]} for k, v in d["played_as"].items()}
        else:
            entry["colour"] = d["colour"]
        schools[s] = entry
    docs["schools.json"] = {"source": "shared/tashkalar/decks/*.yaml", "schools": schools}
    docs["legends.json"] = {"source": "shared/tashkalar/legends.yaml",
                            "cards": [_card(c) for c in load("legends.yaml")["cards"]]}
    flares = []
    for f in load("flares.yaml")["cards"]:
        flares.append({"id": f["id"],
                       "top": {"upgraded_more": f["top"]["opponent_has_more_upgraded"], "effect": f["top"]["effect"]},
                       "bottom": {"pieces_more": f["bottom"]["opponent_has_more_pieces"],
                                  "effect": f["bottom"]["effect"]}})
    docs["flares.json"] = {"source": "shared/tashkalar/flares.yaml", "cards": flares}
    docs["tasks.json"] = {"source": "shared/tashkalar/tasks.yaml", "cards": [
        {k: t[k] for k in ("id", "name", "category", "level", "points", "condition")}
        for t in load("tasks.yaml")["cards"]]}
    return docs


if __name__ == "__main__":
    datafiles.rebuild(build, DATA, DEFAULT_SHARED, datafiles.NESTED)
