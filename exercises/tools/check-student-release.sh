#!/usr/bin/env bash
# Checks what students get from the exercises: applies the solution markers to a copy of the
# repository (as the release does), builds it, and checks that
#   - every exercise test fails, and only with "not implemented yet";
#   - every exercise example exits with code 3 and one line naming the method to write.
# Usage: exercises/tools/check-student-release.sh [FROM_STEP]   (from anywhere; needs JDK 21+ and Maven)
# With FROM_STEP (2..10), only that step and the later ones are stubbed, as for a student who has
# done the steps before it: their tests must pass, and only the examples of stubbed steps are run.
set -euo pipefail
from="${1:-1}"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT

echo "copying the repository to $copy"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} cp --parents {} "$copy")
# What stays with the instructors (.releaseignore: globs relative to exercises/) is not released.
(cd "$copy/exercises" && shopt -s globstar nullglob && while read -r glob; do
  case "$glob" in ''|'#'*) continue ;; esac
  for f in $glob; do rm -rf "$f"; done
done < .releaseignore)
for kept in wrong right src/test/java/exercises/WrongSolutionsTest.java; do
  if [ -e "$copy/exercises/$kept" ]; then
    echo "FAIL: exercises/$kept would be released (it must stay in .releaseignore)" >&2
    exit 1
  fi
done
# The stripping is the release's own (instructor.SolutionRegions, grading/instructor): the
# exercises' build compiles it first, and the tool runs on the JDK 21+ that build picked
# (whatever `java` is first on PATH).
(cd "$copy" && mvn -B -q -pl exercises -am test -Dstudent=build -DnoProgress > "$copy/compile.log" 2>&1) || {
  echo "FAIL: the copy does not compile:" >&2
  tail -40 "$copy/compile.log" >&2
  exit 1
}
tool=("$(head -n1 "$copy/exercises/target/student-java.txt")/bin/java" -cp "$copy/grading/instructor/target/classes"
  "$repo/exercises/tools/StudentRelease.java")
"${tool[@]}" strip "$copy" "$from"
if [ "$from" -eq 1 ] && grep -rq "BEGIN SOLUTION" "$copy/exercises/src/main"; then
  echo "FAIL: solution markers left in the release" >&2
  exit 1
fi

echo "building the release copy and running the exercise tests (they are expected to fail)"
(cd "$copy" && mvn -B -q -pl exercises -am verify -Dmaven.test.failure.ignore=true > "$copy/build.log" 2>&1) || {
  echo "FAIL: the release copy does not build:" >&2
  tail -40 "$copy/build.log" >&2
  exit 1
}
status=0
"${tool[@]}" check-reports "$copy/exercises/target/surefire-reports" "$from" || status=1

echo "running each example of the release copy"
# "Name step" pairs: the step is taken from the description ("step 10: ...").
examples=$(sed -n 's/.*new ExampleInfo("\([A-Za-z0-9]*\)", "step \([0-9]*\):.*/\1 \2/p' "$repo/exercises/src/main/java/exercises/ExerciseExamples.java")
while read -r name step; do
  if [ "$name" = "EchoClients" ]; then
    continue # a plain blocking client with no exercise code in it; it needs EchoServer running
  fi
  if [ "$step" -lt "$from" ]; then
    continue # a solved step: its transcript is checked by the tests
  fi
  set +e
  java -jar "$copy/mini-asyncio/target/mini-asyncio.jar" run "$name" --virtual-time < /dev/null > "$copy/out.txt" 2> "$copy/err.txt"
  code=$?
  set -e
  # on a java older than 21 first on PATH, the jar says once that it runs again on a newer one
  err="$(grep -v ': this is Java [^;]*; running again on Java ' "$copy/err.txt" || true)"
  if [ "$code" -eq 3 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && grep -q "not implemented yet" <<<"$err"; then
    echo "  ok   $err"
  else
    echo "  FAIL $name: exit code $code, stderr: $err" >&2
    status=1
  fi
done <<< "$examples"
[ "$status" -eq 0 ] && echo "student release: OK"
exit "$status"
