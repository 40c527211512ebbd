#!/usr/bin/env python3
"""An independent reading of PBN ScoreTables (PBN 5.9), for pbnfmt's results rules (issue 66).

Written from the standard and the Laws alone, sharing no code with pbnfmt: a few regular
expressions find each game's Vulnerable and ScoreTable, the table's rows are its whitespace-
separated elements (quoted strings kept whole), each score is endplay's (Law 77, `Contract.score`),
and matchpoints are counted here (Law 78A: 2 for each score beaten and 1 for each tie, or 1 and
a half, the scale the table's own total shows), with percentages (matchpoints over the top) and
ranks (PBN 5.9: ties sharing the best rank; a rank within its tie's places passes), a row of
Multiplicity m counted m times. Where the Scoring tag names a Butler modifier (PBN 3.4.12:
`Butler` the average of all scores, `Butler-2` without the two extremes, `Median` in place of
the mean), each row's ButlerDatum is judged against that datum: as it is, rounded to a whole
number or to 10 (a half either way); the first wrong row of a board is reported.

    travellers.py FILE...

Prints one JSON object: the counts (rows, rows whose score is judged and agrees, boards whose
matchpoints are judged and agree) and every disagreement as [file, line, column], where line is
the 1-based line of the row's element and column the table column (Score_NS, MP_EW...).
"""

import json
import math
import re
import statistics
import sys

from endplay.types import Contract, Denom, Penalty, Player, Vul

TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]', re.M)
ELEMENT = re.compile(r'"(?:[^"\\]|\\.)*"|[^\s"]+')
DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades,
          "N": Denom.nt, "NT": Denom.nt}
PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
VULS = {"None": Vul.none, "Love": Vul.none, "-": Vul.none, "NS": Vul.ns, "EW": Vul.ew,
        "All": Vul.both, "Both": Vul.both}


def games(text):
    """Each game's text: games are separated by an empty line (PBN 3.1)."""
    start = 0
    for separator in re.finditer(r"\r?\n[ \t]*\r?\n", text):
        yield start, text[start:separator.start()]
        start = separator.end()
    yield start, text[start:]


def ns_score(contract, declarer, result, vul):
    """North-South's score of a row, or None when the row does not say it plainly."""
    contract = contract.strip('"').upper()
    if contract in ("PASS", "P"):
        return 0
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(XX|X|R)?", contract)
    player = PLAYERS.get(declarer.strip('"').upper())
    if not m or player is None:
        return None
    level = int(m.group(1))
    penalty = {None: Penalty.passed, "X": Penalty.doubled, "XX": Penalty.redoubled,
               "R": Penalty.redoubled}[m.group(3)]
    result = result.strip('"')
    if result == "=":
        made = 0
    elif re.fullmatch(r"[+-]\d+", result):
        made = int(result)
    elif re.fullmatch(r"\d+", result):
        made = int(result) - level - 6
    else:
        return None
    if not 0 <= level + 6 + made <= 13:
        return None
    c = Contract(level=level, denom=DENOMS[m.group(2)], declarer=player, penalty=penalty,
                 result=made)
    points = c.score(vul)
    return points if player in (Player.north, Player.south) else -points


# The WBF IMP scale (Law 78B) as printed: each row is (the lowest difference, the IMPs).
WBF = [(0, 0), (20, 1), (50, 2), (90, 3), (130, 4), (170, 5), (220, 6), (270, 7), (320, 8),
       (370, 9), (430, 10), (500, 11), (600, 12), (750, 13), (900, 14), (1100, 15), (1300, 16),
       (1500, 17), (1750, 18), (2000, 19), (2250, 20), (2500, 21), (3000, 22), (3500, 23),
       (4000, 24)]


def wbf_imps(difference):
    imps = max(i for low, i in WBF if abs(difference) >= low)
    return imps if difference >= 0 else -imps


def number(element, kind):
    element = element.strip('"')
    if element in ("", "-", "?"):
        return None
    try:
        return kind(element)
    except ValueError:
        return "artificial"


def main(paths):
    counts = {"tables": 0, "rows": 0, "scores_judged": 0, "scores_agree": 0,
              "boards_matchpointed": 0, "boards_matchpoints_agree": 0,
              "rows_imps_judged": 0, "rows_imps_agree": 0, "percentages_judged": 0,
              "ranks_judged": 0, "datums_judged": 0}
    wrong = []
    for path in paths:
        with open(path, encoding="latin-1") as f:
            text = f.read()
        for start, game in games(text):
            tags = {m.group(1): (m, m.group(2)) for m in TAG.finditer(game)}
            if "ScoreTable" not in tags:
                continue
            m, spec = tags["ScoreTable"]
            columns = [c.split("\\")[0].lstrip("+-") for c in spec.split(";")]
            body_start = m.end()
            nxt = TAG.search(game, body_start)
            body = game[body_start: nxt.start() if nxt else len(game)]
            elements = [(e.group(0), start + body_start + e.start()) for e in ELEMENT.finditer(body)]
            width = len(columns)
            rows = [elements[i:i + width] for i in range(0, len(elements) - width + 1, width)]
            counts["tables"] += 1
            vul = VULS.get(tags.get("Vulnerable", (None, ""))[1].strip())
            col = {name: i for i, name in enumerate(columns)}
            line = lambda offset: text.count("\n", 0, offset) + 1
            written = []
            for row in rows:
                counts["rows"] += 1
                given = {}
                for side in ("Score_NS", "Score_EW"):
                    given[side] = number(row[col[side]][0], int) if side in col else None
                ns, ew = given["Score_NS"], given["Score_EW"]
                if "artificial" in (ns, ew):
                    written.append("artificial")
                else:
                    written.append(ns if ns is not None else (-ew if ew is not None else None))
                if vul is None or not all(k in col for k in ("Contract", "Declarer", "Result")):
                    continue
                score = ns_score(row[col["Contract"]][0], row[col["Declarer"]][0],
                                 row[col["Result"]][0], vul)
                if score is None or (ns is None and ew is None) or "artificial" in (ns, ew):
                    continue
                counts["scores_judged"] += 1
                bad = [(s, e) for s, g, e in (("Score_NS", ns, score), ("Score_EW", ew, -score))
                       if g is not None and g != e]
                if bad:
                    wrong.append([path, line(row[col[bad[0][0]]][1]), bad[0][0]])
                else:
                    counts["scores_agree"] += 1
            # Multiplicity (PBN 5.9): a row stands for that many tables.
            if "Multiplicity" in col:
                weights = [number(r[col["Multiplicity"]][0], int) for r in rows]
                if not all(isinstance(w, int) and w >= 1 for w in weights):
                    continue
            else:
                weights = [1] * len(rows)
            if ("IMP_NS" in col and "IMP_EW" in col
                    and all(isinstance(w, int) for w in written)):
                for i, row in enumerate(rows):
                    imp_ns = number(row[col["IMP_NS"]][0], float)
                    imp_ew = number(row[col["IMP_EW"]][0], float)
                    if "ButlerDatum" in col:
                        datum = number(row[col["ButlerDatum"]][0], float)
                        if not isinstance(datum, float):
                            continue
                        earned = wbf_imps(written[i] - datum)
                    else:
                        earned = sum(weights[j] * wbf_imps(written[i] - w)
                                     for j, w in enumerate(written) if j != i)
                    if not isinstance(imp_ns, float) and not isinstance(imp_ew, float):
                        continue
                    counts["rows_imps_judged"] += 1
                    if isinstance(imp_ns, float) and abs(imp_ns - earned) >= 0.051:
                        wrong.append([path, line(row[col["IMP_NS"]][1]), "IMP_NS"])
                    elif isinstance(imp_ew, float) and abs(imp_ew + earned) >= 0.051:
                        wrong.append([path, line(row[col["IMP_EW"]][1]), "IMP_EW"])
                    else:
                        counts["rows_imps_agree"] += 1
            scoring = [f.strip().lower() for f in tags.get("Scoring", (None, ""))[1].split(";")]
            butler = ("butler" in scoring or "butler-2" in scoring) and "experts" not in scoring \
                and not any(f.startswith("cross") for f in scoring)
            if (butler and "ButlerDatum" in col and "Multiplicity" not in col
                    and all(isinstance(w, int) for w in written)):
                used = sorted(written)
                if "butler-2" in scoring:
                    used = used[1:-1] if len(used) >= 3 else []
                if used:
                    exact = statistics.median(used) if "median" in scoring else statistics.mean(used)
                    tens = exact / 10
                    allowed = {round(exact, 1), float(math.floor(exact + 0.5)),
                               float(math.ceil(exact - 0.5))}
                    allowed |= {10.0 * math.floor(tens + 0.5), 10.0 * math.ceil(tens - 0.5)}
                    for row in rows:
                        datum = number(row[col["ButlerDatum"]][0], float)
                        if not isinstance(datum, float):
                            continue
                        counts["datums_judged"] += 1
                        if not any(abs(datum - a) < 0.051 for a in allowed):
                            wrong.append([path, line(row[col["ButlerDatum"]][1]), "ButlerDatum"])
                            break
            if len(rows) < 2 or any(not isinstance(w, int) for w in written):
                continue
            tables = sum(weights)

            def count(i, per):
                """Law 78A: per for each table beaten, half of it for each tie."""
                beaten = sum(weights[j] for j, w in enumerate(written) if j != i and w < written[i])
                tied = sum(weights[j] for j, w in enumerate(written) if j != i and w == written[i])
                return per * beaten + per / 2 * (tied + weights[i] - 1)

            scale = None
            has_mp = "MP_NS" in col and "MP_EW" in col
            if has_mp:
                mps = [(number(r[col["MP_NS"]][0], float), number(r[col["MP_EW"]][0], float))
                       for r in rows]
                if all(isinstance(v, float) for pair in mps for v in pair):
                    total = sum((a + b) * w for (a, b), w in zip(mps, weights))
                    scale = next((k for k in (2.0, 1.0)
                                  if abs(total - tables * k * (tables - 1)) < 0.051), None)
            if scale is not None:
                counts["boards_matchpointed"] += 1
                top = scale * (tables - 1)
                agree = True
                for i, (row, (mp_ns, mp_ew)) in enumerate(zip(rows, mps)):
                    earned = count(i, scale)
                    if abs(mp_ns - earned) >= 0.051:
                        wrong.append([path, line(row[col["MP_NS"]][1]), "MP_NS"])
                        agree = False
                    elif abs(mp_ew - (top - earned)) >= 0.051:
                        wrong.append([path, line(row[col["MP_EW"]][1]), "MP_EW"])
                        agree = False
                counts["boards_matchpoints_agree"] += agree
            if "Percentage_NS" in col and "Percentage_EW" in col and (scale or not has_mp):
                for i, row in enumerate(rows):
                    exact = 100 * count(i, 1.0) / (tables - 1)
                    for side, want in (("Percentage_NS", exact), ("Percentage_EW", 100 - exact)):
                        element = row[col[side]][0].strip('"').rstrip("%")
                        value = number(element, float)
                        if not isinstance(value, float):
                            continue
                        places = len(element.split(".")[1]) if "." in element else 0
                        counts["percentages_judged"] += 1
                        if abs(value - want) >= 10 ** -places - 1e-9:
                            wrong.append([path, line(row[col[side]][1]), side])
                            break
            if "Rank" in col:
                given = [number(r[col["Rank"]][0].strip('"').rstrip("="), int) for r in rows]

                def misses(east_west):
                    out = []
                    for i, row in enumerate(rows):
                        if not isinstance(given[i], int):
                            continue
                        better = sum(weights[j] for j, w in enumerate(written)
                                     if w != written[i] and ((w < written[i]) if east_west
                                                             else (w > written[i])))
                        tied = sum(weights[j] for j, w in enumerate(written) if w == written[i])
                        if not better + 1 <= given[i] <= better + tied:
                            out.append([path, line(row[col["Rank"]][1]), "Rank"])
                    return out

                counts["ranks_judged"] += sum(isinstance(g, int) for g in given)
                ns, ew = misses(False), misses(True)
                wrong.extend(ns if not ns or len(ew) >= len(ns) else ew)
    print(json.dumps({"counts": counts, "wrong": wrong}))


if __name__ == "__main__":
    main(sys.argv[1:])
