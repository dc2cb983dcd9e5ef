#!/usr/bin/env bash
# Puts the jars that build.sh needs into a folder, from PyPI's pyspark (whose sdist ships
# Spark's jars, Scala 2.13's compiler among them), for a machine that reaches PyPI but
# not Maven Central. Also installs Debian's antlr3, its runtime, logback and slf4j.
# Usage: jars.sh [DIR]   (default /tmp/cgsuite-jars)
set -euo pipefail
dir=${1:-/tmp/cgsuite-jars}
mkdir -p "$dir"
if ! dpkg -s antlr3 libantlr3-runtime-java liblogback-java libslf4j-java > /dev/null 2>&1; then
  apt-get install -y -qq antlr3 libantlr3-runtime-java liblogback-java libslf4j-java > /dev/null
fi
dl=$(mktemp -d)
trap 'rm -rf "$dl"' EXIT
pip download --quiet --no-deps --no-binary :all: -d "$dl" pyspark==4.0.1
tar -xzf "$dl"/pyspark-4.0.1.tar.gz -C "$dl" --wildcards --no-anchored \
  '*/jars/scala-compiler-2.13.16.jar' '*/jars/scala-library-2.13.16.jar' \
  '*/jars/scala-reflect-2.13.16.jar' '*/jars/scala-collection-compat_2.13-2.7.0.jar' \
  '*/jars/jline-3.27.1-jdk8.jar' '*/jars/commons-lang3-3.17.0.jar' '*/jars/commons-text-1.13.0.jar'
find "$dl" -name '*.jar' -exec mv {} "$dir"/ \;
ls "$dir"
