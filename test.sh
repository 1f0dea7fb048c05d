#!/usr/bin/env bash
# Your tests in seconds: compiles only the files you changed and runs the module's tests in one
# JVM, then prints the same summary as `mvn -q test -Dstudent`.
#   ./test.sh                        the homework's tests
#   ./test.sh homework HomeworkTest  one test class
#   ./test.sh exercises [CLASS]      the exercises' tests (one step: exercises/check-step.sh N)
# The first run builds the kit with Maven once (a minute or two); later runs need no Maven. It
# runs on the JDK 21+ that build picked (any default java will do). What the tests printed and
# every stack trace: MODULE/target/student-tests.log.
set -uo pipefail
repo="$(cd "$(dirname "$0")" && pwd)"
module="${1:-homework}"
[ $# -gt 0 ] && shift
if [ ! -f "$repo/$module/pom.xml" ] || [ ! -d "$repo/$module/src/test/java" ]; then
  echo "usage: ./test.sh [homework|exercises] [TEST_CLASS]   ('$module' is not a module with tests)" >&2
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
  miniasyncio.cli.QuickTest "$repo/$module" "$@"
