#!/usr/bin/env bash
# The grader's own peak memory (VmHWM of its JVM, not of the children it starts) while it runs
# `grade ARGS...`: javac and the tests run in sandboxed JVMs of their own, so this stays bounded
# whatever a submission's sources make the compiler do.
# Usage, from the instructor repository after `mvn -B -q package -DskipTests`:
#   bash grading/cost/peak-rss.sh grading/hostile/javac-memory-bomb        (one submission)
#   bash grading/cost/peak-rss.sh --submissions DIR --out OUT --jobs 2      (a class)
set -euo pipefail
cd "$(dirname "$0")/../.."
jar=grading/target/grader.jar
[ -f "$jar" ] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }
java -jar "$jar" grade "$@" >/dev/null 2>&1 &
pid=$!
peak=0
while kill -0 "$pid" 2>/dev/null; do
  hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
  [ -n "$hwm" ] && [ "$hwm" -gt "$peak" ] && peak=$hwm
  sleep 0.2
done
wait "$pid" || true
echo "grader peak RSS: $((peak / 1024)) MiB ($*)"
