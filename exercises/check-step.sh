#!/usr/bin/env bash
# Checks one step of the exercises: its tests and its examples' transcripts.
# Usage (from anywhere): exercises/check-step.sh N        (N = 1..10; needs a JDK 21+ and Maven)
#                        exercises/check-step.sh N --step-through
#   also writes each failing test's run as a page to open in a browser,
#   exercises/target/step-through/Class.method.html, and names it under the failure.
# Prints "step N: X tests passed", or what failed with the first line of each reason; when tests
# fail on a method of an earlier step that is not written yet, the first line says which step to
# finish first. The full reasons and stack traces are in exercises/target/surefire-reports/ and
# what the tests printed in exercises/target/student-tests.log; the run's own output (a compile
# error) in exercises/target/check-step.log. Beside a failing test whose rule changed in a release,
# and beside a compile error naming a given member that changed, it prints the change and where to
# read it (exercises/CHANGES.md).
# The first run builds the kit with Maven once; later runs compile only the exercises' files you
# changed and run the step's tests in one JVM, on the JDK 21+ that build picked (whatever `java`
# is first on PATH).
set -uo pipefail
step="${1:-}"
usage="usage: exercises/check-step.sh N [--step-through]   (N is a step number, 1 to 10)"
if ! [[ "$step" =~ ^([1-9]|10)$ ]]; then
  echo "$usage" >&2
  exit 2
fi
pages=()
for arg in "${@:2}"; do
  if [[ "$arg" == --step-through=* ]]; then
    echo "exercises/check-step.sh: --step-through takes no value (the pages go to exercises/target/step-through/); $usage" >&2
    exit 2
  elif [ "$arg" != "--step-through" ]; then
    echo "exercises/check-step.sh: unknown argument '$arg'; $usage" >&2
    exit 2
  fi
  if [ ${#pages[@]} -gt 0 ]; then
    echo "exercises/check-step.sh: --step-through is given twice; $usage" >&2
    exit 2
  fi
  pages=(--step-through)
done
module="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$module")"
log="$module/target/check-step.log"
classpath="$module/target/student-classpath.txt"
javahome="$module/target/student-java.txt"
mkdir -p "$module/target"
rm -rf "$module/target/surefire-reports" # only this run's reports are counted
: > "$log"
if [ ! -f "$classpath" ] || [ ! -f "$javahome" ] || [ ! -x "$(head -n1 "$javahome")/bin/java" ]; then
  # The first build, with Maven: the kit and the exercises (one line per module it builds).
  (cd "$repo" && mvn -q -B -pl exercises -am test -Dstudent=build 2>&1 | tee -a "$log" | grep '^building ' >&2)
  if [ ! -f "$classpath" ] || [ ! -f "$javahome" ]; then
    echo "step $step: the build failed; it says:"
    grep -E '^\[ERROR\]' "$log" | grep -vE '\[Help|Re-run|To see|For more|After correcting|^\[ERROR\] *$' | head -20 | sed 's/^/  /'
    # A given member the errors name that CHANGES.md lists as changed, with the change. No JDK was
    # picked yet: the java first on PATH runs it from source (Java 11+), if there is one.
    java_on_path="${JAVA_HOME:+$JAVA_HOME/bin/}java"
    "$java_on_path" "$module/check/Changes.java" "$log" "$module/CHANGES.md" 2>/dev/null
    echo "(the whole output: $log)"
    exit 1
  fi
fi
java="$(head -n1 "$javahome")/bin/java"
# On a terminal, a progress line that the report then overwrites: the report's first line is the answer.
[ -t 2 ] && printf 'checking step %s (tests and example transcripts) ...' "$step" >&2
"$java" --add-exports java.base/jdk.internal.vm=ALL-UNNAMED -XX:TieredStopAtLevel=1 -XX:+UseSerialGC \
  -cp "$(head -n1 "$classpath")" miniasyncio.cli.QuickTest "$module" --step "$step" \
  --reports "$module/target/surefire-reports" ${pages[@]+"${pages[@]}"} >> "$log" 2>&1
build=$?
[ -t 2 ] && printf '\r\033[K' >&2
# The report, compiled once (the source launcher would compile it again on every run, seconds on a busy machine).
report="$module/target/check-report"
stale=0
for source in "$module"/check/*.java; do
  [ "$source" -nt "$report/StepReport.class" ] && stale=1
done
if [ ! -f "$report/StepReport.class" ] || [ "$stale" = 1 ]; then
  "$(head -n1 "$javahome")/bin/javac" -nowarn -d "$report" "$module"/check/*.java >> "$log" 2>&1
fi
"$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$report" StepReport \
  "$step" "$module/target/surefire-reports" "$log" "$build" "$module"
