#!/usr/bin/env python3
"""Pairs gamecensus's values with CGSuite's, row by row, for `gamecensus value -`.
Usage: compare.py OURS.csv CGSUITE_OUTPUT > pairs    (then: gamecensus value - < pairs)
OURS.csv is a census CSV (its value column); CGSUITE_OUTPUT is what the CGSuite REPL
printed for a script that prints one canonical form a line, in the same order.
Each line out is "(ours) == (cgsuite)", with CGSuite's notation that the calculator does
not read rewritten as braces:
  +-{a,b} and +-(x)      ±G of a list or a sum: {a,b|-a,-b}, {x|-x}
  x^<2>*k, x^[2]*k       up-second ^<2> = {0|v*} and ^[2] = ^ + ^<2> = {^|*} (v: negatives),
                         summed with x and *k by the calculator in $GAMECENSUS
A pair longer than the calculator's 1 MiB a line (partizan subtraction's big heaps) is
compared here as trees instead (options as sets, runs of bars unfolded) and written as
"0 == 0" or "0 == 1"; stderr says how many."""
import csv, os, re, subprocess, sys

csv.field_size_limit(1 << 30)
sys.setrecursionlimit(1000000)


def split_top(s, sep):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "{(":
            depth += 1
        elif ch in "})":
            depth -= 1
        if ch == sep and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return out


def neg(x):
    if x.startswith("+-"):
        return x
    m = re.match(r"^(-?)([0-9/]+)(Tiny|Miny)(\(.*\))$", x)
    if m:  # xTiny(g) is x + Tiny(g): its negative is -x + Miny(g)
        return ("" if m.group(1) else "-") + m.group(2) + {"Tiny": "Miny", "Miny": "Tiny"}[m.group(3)] + m.group(4)
    if x.startswith("-"):
        return x[1:]
    return "-" + x


def match(s, i):
    depth = 0
    for j in range(i, len(s)):
        if s[j] in "{(":
            depth += 1
        elif s[j] in "})":
            depth -= 1
            if depth == 0:
                return j
    raise ValueError(s)


UP2 = {"^<": "{0|v*}", "v<": "{^*|0}", "^[": "{^|*}", "v[": "{*|v}"}
_cache = {}


def _upnth(m):
    x, d, n, star = m.group(1), m.group(2) + m.group(3), m.group(4), m.group(6) or ""
    if n != "2":
        raise ValueError("unhandled CGSuite notation: " + m.group(0))
    expr = " + ".join(filter(None, [x, UP2[d], star]))
    if expr not in _cache:
        _cache[expr] = subprocess.run([os.environ.get("GAMECENSUS", "gamecensus"), "value", expr],
                                      capture_output=True, text=True, check=True).stdout.strip()
    return _cache[expr]


def norm(s):
    s = re.sub(r"(-?[0-9/]*)([\^v])([<\[])([0-9]+)([>\]])(\*[0-9]*)?", _upnth, s)
    if "<" in s or "[" in s:
        raise ValueError("unhandled CGSuite notation: " + s[:200])
    out, i = "", 0
    while i < len(s):
        if s.startswith("+-{", i) or s.startswith("+-(", i):
            j = match(s, i + 2)
            inner = norm(s[i + 3:j])
            if s[i + 2] == "{" and len(split_top(inner, "|")) > 1:
                out += "+-{" + inner + "}"
            else:
                items = split_top(inner, ",")
                out += "{" + ",".join(items) + "|" + ",".join(neg(x) for x in items) + "}"
            i = j + 1
        else:
            out += s[i]
            i += 1
    return out


_intern = {}


def tree(s):
    """A canonical form of integers and braces as a tree of frozensets."""
    s = s.replace(" ", "")
    pos = 0

    def node(key):
        return _intern.setdefault(key, key)

    def build(toks):
        m = max(t[1] for t in toks if t[0] == "bar")
        k = next(i for i, t in enumerate(toks) if t == ("bar", m))
        def side(ts):
            if any(t[0] == "bar" for t in ts):
                return frozenset([build(ts)])
            return frozenset(t[1] for t in ts)
        return node(("g", side(toks[:k]), side(toks[k + 1:])))

    def item():
        nonlocal pos
        if s[pos] == "{":
            pos += 1
            toks = []
            while s[pos] != "}":
                if s[pos] == "|":
                    k = 0
                    while s[pos] == "|":
                        k += 1
                        pos += 1
                    toks.append(("bar", k))
                elif s[pos] == ",":
                    pos += 1
                else:
                    toks.append(("opt", item()))
            pos += 1
            return build(toks)
        j = pos
        while j < len(s) and s[j] not in ",|}":
            j += 1
        a = node(("a", s[pos:j]))
        pos = j
        return a

    t = item()
    assert pos == len(s)
    return t


def main():
    rows = list(csv.DictReader(open(sys.argv[1])))
    cg = [l.rstrip("\n") for l in open(sys.argv[2])]
    cg = [l[2:] if l.startswith("> ") else l for l in cg]
    cg = [l for l in cg if l and not l.startswith(("Welcome to", "Type CGScript", "Adding folder"))]
    if len(cg) != len(rows):
        sys.exit(f"{len(rows)} values ours, {len(cg)} CGSuite's")
    long = 0
    for r, c in zip(rows, cg):
        line = f"({r['value']}) == ({norm(c)})"
        if len(line) < 1 << 20:
            print(line)
        else:
            long += 1
            print("0 == 0" if tree(r["value"]) == tree(c) else "0 == 1")
    if long:
        print(f"compare.py: {long} pairs over 1 MiB compared as trees", file=sys.stderr)


if __name__ == "__main__":
    main()
