#!/usr/bin/env bash
# Your tests in seconds: compiles only the files you changed and runs the module's tests in one
# JVM, then prints the same summary as `mvn -q test -Dstudent`.
#   ./test.sh                        the homework's tests
#   ./test.sh homework HomeworkTest  one test class
#   ./test.sh exercises [CLASS]      the exercises' tests (one step: exercises/check-step.sh N)
#   ./test.sh ... --step-through     also each failing test's run, as a page to open in a browser:
#                                    MODULE/target/step-through/Class.method.html (the summary names it)
# The first run builds the kit with Maven once (a minute or two); later runs need no Maven. It
# runs on the JDK 21+ that build picked (any default java will do). What the tests printed and
# every stack trace: MODULE/target/student-tests.log.
set -uo pipefail
repo="$(cd "$(dirname "$0")" && pwd)"
usage="usage: ./test.sh [homework|exercises] [TEST_CLASS] [--step-through]"
# --step-through may come anywhere; the rest is MODULE [TEST_CLASS].
names=()
options=()
for arg in "$@"; do
  case "$arg" in
    --step-through)
      if [ ${#options[@]} -gt 0 ]; then
        echo "./test.sh: --step-through is given twice; $usage" >&2
        exit 2
      fi
      options+=("$arg") ;;
    --step-through=*)
      echo "./test.sh: --step-through takes no value (the pages go to MODULE/target/step-through/); $usage" >&2
      exit 2 ;;
    -*)
      echo "./test.sh: unknown option '$arg'; $usage" >&2
      exit 2 ;;
    *) names+=("$arg") ;;
  esac
done
module="${names[0]:-homework}"
if [ ! -f "$repo/$module/pom.xml" ] || [ ! -d "$repo/$module/src/test/java" ]; then
  echo "$usage   ('$module' is not a module with tests)" >&2
  exit 2
fi
if [ ${#names[@]} -gt 2 ]; then
  echo "./test.sh: '${names[2]}' after the test class; $usage" >&2
  exit 2
fi
classpath="$repo/$module/target/student-classpath.txt"
javahome="$repo/$module/target/student-java.txt"
if [ ! -f "$classpath" ] || [ ! -f "$javahome" ] || [ ! -x "$(head -n1 "$javahome")/bin/java" ]; then
  # The first build: the kit and this module, with Maven (it says which module it is building).
  (cd "$repo" && mvn -q -B -pl "$module" -am test -Dstudent=build) || exit $?
fi
exec "$(head -n1 "$javahome")/bin/java" --add-exports java.base/jdk.internal.vm=ALL-UNNAMED \
  -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$(head -n1 "$classpath")" \
  miniasyncio.cli.QuickTest "$repo/$module" ${names[@]+"${names[@]:1}"} ${options[@]+"${options[@]}"}
