#!/usr/bin/env bash
# Builds Obsequi, N. Bullock's Domineering solver (GPL-2.0-or-later; "Domineering: Solving
# Large Combinatorial Search Spaces", MSc thesis, U. Alberta, 2002), as a separate program
# for scripts/bench-domineering-rectangles.sh: cloned from OBSEQUI_GIT (default its GitHub
# repository; any clone or mirror of it will do) at a pinned commit into ./build, never
# linked into gamecensus, none of its code in this repository. Prints the binary's path.
set -euo pipefail
cd "$(dirname "$0")"
SRC=${OBSEQUI_GIT:-https://github.com/nathanbullock/obsequi}
COMMIT=c032190a187b3db5b356d1668744b5281b6cc802
BIN=$PWD/build/obsequi/Obsequi
if [ ! -x "$BIN" ]; then
  rm -rf build
  git clone --quiet "$SRC" build
  git -C build checkout --quiet "$COMMIT"
  cd build/obsequi
  # Build only the command-line solver, with today's g++: its score-board.cc also feeds
  # the HTML server's protobuf metrics (protoc not needed for solving), and a few files
  # miss C headers.
  sed -i '/#include "obsequi.pb.h"/d' score-board.cc
  sed -i '/^void score_board_get_metrics(const Board& board, proto::ScoreMetrics\* metrics) {/,/^}/d' score-board.cc
  mkdir -p objs
  make --quiet Obsequi \
    CPPFLAGS="-std=c++11 -O3 -march=native -include cstdio -include cstdlib -include cstring" \
    > /dev/null
fi
echo "$BIN"
