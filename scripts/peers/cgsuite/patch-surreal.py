#!/usr/bin/env python3
"""Drops CGSuite's one use of the `rings` polynomial library (not reachable from this
machine's registries): the reduction of transfinite surreal fractions such as
omega/(omega+1). Rationals never reach it; a benchmark of short games never does.
Usage: patch-surreal.py path/to/SurrealNumber.scala (edited in place, in the build copy)."""
import re, sys

path = sys.argv[1]
text = open(path).read()
text = re.sub(r"^import cc\.redberry\..*\n", "", text, flags=re.M)
start = text.index("  private val rings = ")
end = text.index("\ntrait SurrealNumber")
stub = '''  private def reduce(x: GeneralizedOrdinal, y: GeneralizedOrdinal): (GeneralizedOrdinal, GeneralizedOrdinal) =
    throw EvalException("This CGSuite build has no `rings` library: transfinite surreal fractions are not reduced.")

}
'''
text = text[:start] + stub + text[end:]
open(path, "w").write(text)
