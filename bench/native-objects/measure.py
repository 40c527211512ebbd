"""The measurement of bench/native-objects.sh: a million calls made as native PyO3 objects
and as pbnfmt.games makes them (JSON decoded, then the frozen dataclass), and the time to read a
field of each."""
import json, time, gc
import nativebench
import pbnfmt
from pbnfmt._games import Call, _made
N = 1_000_000
seats = ["N", "E", "S", "W"]; words = ["1C", "Pass", "1NT", "X", "2H", "Pass"]
text = "[" + ",".join(json.dumps({"seat": seats[i % 4], "call": words[i % 6]}) for i in range(N)) + "]"
def best(f, k=3):
    r = []
    for _ in range(k):
        gc.collect(); gc.disable(); t = time.perf_counter(); x = f(); r.append(time.perf_counter() - t); gc.enable(); del x
    return min(r)
native = best(lambda: nativebench.calls(N))
def dataclass_path():
    out = []
    for c in json.loads(text):
        out.append(_made(Call, {"seat": c["seat"], "call": c["call"], "nags": (), "note": c.get("note"),
            "insufficient": bool(c.get("insufficient")), "after_end": bool(c.get("after_end")), "_where": None}))
    return out
dc = best(dataclass_path)
js = best(lambda: json.loads(text))
acc_n = nativebench.calls(N); acc_d = dataclass_path()
t = time.perf_counter(); s = sum(len(c.call) for c in acc_n); tn = time.perf_counter() - t
t = time.perf_counter(); s = sum(len(c.call) for c in acc_d); td = time.perf_counter() - t
print(f"1,000,000 calls made: native pyclass {native:.2f} s; JSON + frozen dataclass {dc:.2f} s (of which json.loads {js:.2f} s)")
print(f"reading .call of each: native {tn:.2f} s, dataclass {td:.2f} s")
