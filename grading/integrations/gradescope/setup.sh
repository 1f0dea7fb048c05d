#!/usr/bin/env bash
# Gradescope autograder setup: runs once, as root, when Gradescope builds the autograder image.
#
# Base images it is written for (Gradescope's "Ubuntu" base image, "Base" variant):
#   Ubuntu 24.04 (noble) and Ubuntu 22.04 (jammy): both have openjdk-21-jdk-headless and
#   bubblewrap in their own package archives. Ubuntu 20.04 and older have no JDK 21 package:
#   the script stops there with a message saying so.
#
# The zip (make-autograder-zip.sh) holds the prebuilt grader.jar (the runtime and the hidden
# tests, never the reference solution): no Maven and no instructor sources in the image.
# This script installs the JDK 21, bubblewrap (the sandbox student code runs in) and python3,
# and puts grader.jar where run_autograder looks for it.
#
# AUTOGRADER_ROOT (default /autograder) lets it be tried outside Gradescope; apt is skipped
# when a java 21+, bwrap and python3 are already on the PATH.
set -euo pipefail

ROOT="${AUTOGRADER_ROOT:-/autograder}"
SOURCE="$ROOT/source"

java_feature() { # the feature version of the java on the PATH, or 0
  java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p' | head -n1
}

have_all() {
  command -v java >/dev/null && [ "$(java_feature)" -ge 21 ] 2>/dev/null \
    && command -v bwrap >/dev/null && command -v python3 >/dev/null
}

if have_all; then
  echo "setup: java $(java_feature), bwrap and python3 are present: no packages to install"
else
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  if ! apt-cache show openjdk-21-jdk-headless >/dev/null 2>&1; then
    . /etc/os-release 2>/dev/null || true
    echo "setup: this image (${PRETTY_NAME:-unknown}) has no openjdk-21-jdk-headless package." >&2
    echo "setup: choose Gradescope's Ubuntu 24.04 or 22.04 base image in the autograder settings." >&2
    exit 1
  fi
  apt-get install -y -q --no-install-recommends openjdk-21-jdk-headless bubblewrap python3 ca-certificates
fi
have_all || { echo "setup: java 21+, bwrap or python3 still missing after the install" >&2; exit 1; }

install -m 0644 "$SOURCE/grader.jar" "$ROOT/grader.jar"
install -m 0755 "$SOURCE/check_results.py" "$ROOT/check_results.py"
echo "setup: grader.jar is at $ROOT/grader.jar ($(java -version 2>&1 | head -n1); $(bwrap --version))"
