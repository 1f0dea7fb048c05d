#!/usr/bin/env bash
# Runs the CPU-time test (ScaleTests#timeLinearInWaitingTasks) N times, each in a new JVM started
# as the grader starts a student JVM, on the reference solution or on a wrong (or right) solution
# laid over it, and prints each run's figures.
# Usage, from the instructor repository after `mvn -B -q package -DskipTests`:
#   bash grading/cost/linear-time.sh [N=20] [grading/right/deque-waiters | grading/wrong/quadratic-scan.patch]
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-20}"
overlay="${2:-}"
jar=grading/target/grader.jar
[ -f "$jar" ] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/src"
cp homework/src/main/java/homework/*.java "$work/src/"
if [ -n "$overlay" ] && [ "${overlay%.patch}" != "$overlay" ]; then
  # a planted patch of the reference (grading/wrong/NAME.patch): laid over the copy
  mkdir -p "$work/homework/src/main/java" && cp -r homework/src/main/java/homework "$work/homework/src/main/java/"
  patch -s -p1 -d "$work/homework" < "$overlay" && cp "$work"/homework/src/main/java/homework/*.java "$work/src/"
elif [ -n "$overlay" ]; then
  cp "$overlay"/homework/src/main/java/homework/*.java "$work/src/"
fi
javac -d "$work/classes" -cp "$jar" "$work"/src/*.java

for i in $(seq 1 "$n"); do
  printf '%2d  load %s  ' "$i" "$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
  # the grader's student JVM options (grading/src/main/java/grading/grade/ChildRunner.java)
  java --add-exports java.base/jdk.internal.vm=ALL-UNNAMED -Xmx256m -Xss1m -XX:+UseSerialGC \
    -XX:TieredStopAtLevel=1 -cp "$jar:$work/classes" grading/cost/LinearTime.java
done
