#!/usr/bin/env bash
# Gradescope autograder setup: runs once, when Gradescope builds the autograder image.
#
# The autograder zip (made by make-autograder-zip.sh) holds this file, run_autograder and the
# instructor repository under repo/; Gradescope unpacks it into /autograder/source. This script
# installs a JDK and Maven, builds the grading kit (grader.jar: the runtime and the hidden tests,
# without the reference solution) once, and then removes the instructor sources, so that student
# code, which runs in this same container, finds no reference solution to read.
#
# AUTOGRADER_ROOT (default /autograder), SKIP_INSTALL=1 (use the JDK 21+ and Maven already there)
# and KEEP_SOURCES=1 (keep repo/) exist so that the script can be tried on a developer machine.
set -euo pipefail

ROOT="${AUTOGRADER_ROOT:-/autograder}"
SOURCE="$ROOT/source"

if [ "${SKIP_INSTALL:-0}" != 1 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends openjdk-21-jdk-headless maven python3
fi

cd "$SOURCE/repo"
mvn -B -q -pl grading -am package -DskipTests
cp grading/target/grader.jar "$ROOT/grader.jar"

# The kit is built: nothing of the instructor repository needs to stay in the image.
cd "$ROOT"
if [ "${KEEP_SOURCES:-0}" != 1 ]; then
  rm -rf "$SOURCE/repo"
fi
echo "setup: grader.jar is at $ROOT/grader.jar"
