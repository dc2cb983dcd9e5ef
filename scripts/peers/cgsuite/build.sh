#!/usr/bin/env bash
# Builds CGSuite's core library (lib/core: the CGScript language, its REPL and its game
# library) without Maven or sbt, for scripts/bench-cgsuite.sh. CGSuite is a peer program:
# built apart from gamecensus, never linked, none of its code kept in this repository.
# Its own build is `cd lib && mvn package`, which needs Maven Central; where that is out
# of reach, this script compiles the same sources with scalac/javac from jars at hand
# (see README.md here for where they come from).
# Usage: build.sh CGSUITE_SRC BETTER_FILES_SRC JARS [OUT]
#   CGSUITE_SRC       a checkout of github.com/aaron-siegel/cgsuite
#   BETTER_FILES_SRC  a checkout of github.com/pathikrit/better-files at tag v3.9.2 (the
#                     API CGSuite was written for), built here from source
#   JARS              a folder with scala-{compiler,library,reflect}-2.13.*.jar,
#                     scala-collection-compat_2.13-*.jar, jline-3.*.jar,
#                     commons-lang3-*.jar and commons-text-*.jar
#   OUT               where to build (default /tmp/cgsuite-build); the runner is OUT/cgsuite
# Also needs Debian's antlr3, libantlr3-runtime-java, liblogback-java and libslf4j-java.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$1" && pwd)
bf=$(cd "$2" && pwd)
jars=$(cd "$3" && pwd)
out=${4:-/tmp/cgsuite-build}
one() { local f; f=$(ls "$jars"/$1 2> /dev/null | head -1); [ -n "$f" ] || { echo "no $1 in $jars" >&2; exit 1; }; echo "$f"; }
scala_cp="$(one 'scala-library-2.13.*.jar'):$(one 'scala-reflect-2.13.*.jar')"
compiler_cp="$(one 'scala-compiler-2.13.*.jar'):$scala_cp"
deb=/usr/share/java
lib_cp="$scala_cp:$(one 'scala-collection-compat_2.13-*.jar'):$(one 'jline-3.*.jar'):$(one 'commons-lang3-*.jar'):$(one 'commons-text-*.jar')"
lib_cp="$lib_cp:$deb/antlr3-runtime.jar:$deb/slf4j-api.jar:$deb/logback-classic.jar:$deb/logback-core.jar"

rm -rf "$out"
mkdir -p "$out/src" "$out/gen" "$out/classes"
core=$src/lib/core/src/main
cp -r "$core/scala" "$out/src/cgsuite"
rm -rf "$out/src/cgsuite/org/cgsuite/tools" "$out/src/cgsuite/org/cgsuite/local"
python3 "$here/patch-surreal.py" "$out/src/cgsuite/org/cgsuite/core/SurrealNumber.scala"
mkdir -p "$out/src/better-files"
for d in core/src/main/scala core/src/main/scala-2 core/src/main/scala-2.13; do
  [ -d "$bf/$d" ] && cp -r "$bf/$d/." "$out/src/better-files/"
done
cp "$here"/shims/*.scala "$out/src/"

echo "cgsuite: generating the CGScript parser (antlr3)" >&2
antlr3 -o "$out/gen" -fo "$out/gen/org/cgsuite/lang/parser" "$core/antlr/org/cgsuite/lang/parser/Cgsuite.g" > "$out/antlr.log" 2>&1 \
  || { cat "$out/antlr.log" >&2; exit 1; }

find "$out/src" "$out/gen" -name '*.scala' -o -name '*.java' | grep -E '\.(scala|java)$' > "$out/sources"
echo "cgsuite: scalac on $(wc -l < "$out/sources") files (a few minutes)" >&2
java -Xss16m -Xmx3g -cp "$compiler_cp" scala.tools.nsc.Main -nowarn -release 11 -language:experimental.macros \
  -classpath "$lib_cp" -d "$out/classes" @"$out/sources"
echo "cgsuite: javac" >&2
grep '\.java$' "$out/sources" > "$out/java-sources"
javac -nowarn -encoding UTF-8 --release 11 -cp "$out/classes:$lib_cp" -d "$out/classes" @"$out/java-sources" 2>&1 \
  | grep -v '^Note:' >&2 || true
cp -r "$core/resources/." "$out/classes/"

cat > "$out/cgsuite" <<RUN
#!/bin/sh
# CGSuite's REPL; reads CGScript lines on standard input (end with :quit).
exec java \${CGSUITE_JAVA_OPTS:--Xss64m -Xmx4g} -cp "$out/classes:$lib_cp" org.cgsuite.lang.Repl "\$@"
RUN
chmod +x "$out/cgsuite"
echo "cgsuite: built; run $out/cgsuite < script" >&2
