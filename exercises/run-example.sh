#!/usr/bin/env bash
# Runs an exercise's example from your sources as they are now: no Maven build after an edit.
# Usage (from anywhere): exercises/run-example.sh NAME [ARGS...]
#   e.g. exercises/run-example.sh Ex4Race, exercises/run-example.sh Ex3Futures --virtual-time
#   (ARGS are those of `java -jar mini-asyncio/target/mini-asyncio.jar run NAME ...`; `list` there names them all)
# It compiles only the exercises' files you changed (as check-step.sh does), then runs the example
# on the compiled classes, on the JDK 21+ the first build picked. The first run builds the kit
# with Maven once; `java -jar mini-asyncio/target/mini-asyncio.jar run NAME` still needs
# `mvn -q package` after each edit (it runs the jar, and refuses one older than your sources).
set -uo pipefail
usage="usage: exercises/run-example.sh NAME [ARGS...]   (the names: java -jar mini-asyncio/target/mini-asyncio.jar list)"
if [ $# -eq 0 ] || [[ "$1" == -* ]]; then
  echo "$usage" >&2
  exit 2
fi
module="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$module")"
classpath="$module/target/student-classpath.txt"
javahome="$module/target/student-java.txt"
if [ ! -f "$classpath" ] || [ ! -f "$javahome" ] || [ ! -x "$(head -n1 "$javahome")/bin/java" ]; then
  # The first build, with Maven, as check-step.sh's: the kit and the exercises (it says which module it builds).
  (cd "$repo" && mvn -q -B -pl exercises -am test -Dstudent=build 2>&1 | grep '^building \|ERROR' >&2)
  if [ ! -f "$classpath" ] || [ ! -f "$javahome" ]; then
    echo "exercises/run-example.sh: the first build failed; run 'mvn -q -pl exercises -am test -Dstudent=build' to see why" >&2
    exit 1
  fi
fi
# The examples run on the classes, not on the tests' (the first entry is the test classes folder).
cp="$(head -n1 "$classpath" | tr ':' '\n' | grep -vxF "$module/target/test-classes" | paste -sd: -)"
exec "$(head -n1 "$javahome")/bin/java" --add-exports java.base/jdk.internal.vm=ALL-UNNAMED \
  -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$cp" miniasyncio.cli.FreshRun "$module" "$@"
