#!/usr/bin/env bash
# Checks one step of the exercises: its tests and its examples' transcripts.
# Usage (from anywhere): exercises/check-step.sh N        (N = 1..10; needs JDK 21+ and Maven)
# Prints "step N: X tests passed", or what failed with the first line of each reason; when tests
# fail on a method of an earlier step that is not written yet, the first line says which step to
# finish first. The full reasons and stack traces are in exercises/target/surefire-reports/ and
# the build's output in exercises/target/check-step.log.
set -uo pipefail
step="${1:-}"
if ! [[ "$step" =~ ^([1-9]|10)$ ]]; then
  echo "usage: exercises/check-step.sh N   (N is a step number, 1 to 10)" >&2
  exit 2
fi
module="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$module")"
log="$module/target/check-step.log"
mkdir -p "$module/target"
rm -rf "$module/target/surefire-reports" # only this run's reports are counted
# On a terminal, a progress line that the report then overwrites: the report's first line is the answer.
[ -t 2 ] && printf 'checking step %s (tests and example transcripts) ...' "$step" >&2
(cd "$repo" && mvn -B -pl exercises -am verify -Dquick \
    -Dtest="**/step${step}_*/*Test,**/ExamplesTest" -Dsurefire.failIfNoSpecifiedTests=false \
    -Dexercises.step="$step" -Dmaven.test.failure.ignore=true > "$log" 2>&1)
build=$?
[ -t 2 ] && printf '\r\033[K' >&2
java "$module/check/StepReport.java" "$step" "$module/target/surefire-reports" "$log" "$build" "$module"
