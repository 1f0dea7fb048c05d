#!/usr/bin/env bash
# A student's files written for an earlier release, dropped into a fresh release of this tree
# (issue 50): does it compile, or does the build name the given API that changed and the
# exercises/CHANGES.md entry to read? And after the upgrade that entry asks for, does each step
# pass, or does each failing test name the rule that changed?
#
# Usage: .ci/old-student-files.sh [REV ...]   (default: 92b54b1, the release of 2026-12-03)
#   For each REV, the files students edit in steps 3 to 7 at REV, with their solutions (a student
#   who did those steps then), go into a new release, and exercises/check-step.sh 3 runs there. For
#   92b54b1 the one change CHANGES.md asks of those files follows (FutureScheduler.java: its given
#   members deleted, extends FutureSchedulerBase), then check-step.sh 3 to 7.
# Needs Maven and a JDK 21+ (the build picks one), and the Git history of REV. Leaves the releases
# in a temporary folder it names; exits 1 when a check fails, 2 on a usage error.
set -uo pipefail
cd "$(dirname "$0")/.."
revs=("$@")
[ ${#revs[@]} -gt 0 ] || revs=(92b54b1)
for rev in "${revs[@]}"; do
  if ! git rev-parse --quiet --verify "$rev^{commit}" >/dev/null; then
    echo "old-student-files: no commit $rev here (a shallow clone?)" >&2
    exit 2
  fi
done

work="$(mktemp -d "${TMPDIR:-/tmp}/old-student-files.XXXXXX")"
echo "== building the release tool"
if ! mvn -B -q package -Dmaven.test.skip -pl grading -am > "$work/build.log" 2>&1; then
  cat "$work/build.log" >&2
  echo "old-student-files: the build failed" >&2
  exit 1
fi
failed=0

# Deletes from a Java file the class members named (with their Javadoc and annotations), as a
# student does who follows CHANGES.md: a member is a declaration at the class body's indentation.
delete_members() { # FILE NAME...
  local names
  names="$(IFS=,; echo "${*:2}")"
  awk -v names="$names" '
    BEGIN { n = split(names, list, ","); for (i = 1; i <= n; i++) wanted[list[i]] = 1 }
    function name_of(line) {
      if (match(line, /[A-Za-z_][A-Za-z0-9_]*\(/)) return substr(line, RSTART, RLENGTH - 1)
      sub(/[ \t]*(=.*)?;.*$/, "", line)
      return match(line, /[A-Za-z_][A-Za-z0-9_]*$/) ? substr(line, RSTART) : ""
    }
    skipping { if ($0 ~ /^    }$/) skipping = 0; next }
    /^    \/\*\*/ { held = $0 "\n"; injavadoc = ($0 !~ /\*\//); next }
    injavadoc { held = held $0 "\n"; if ($0 ~ /\*\//) injavadoc = 0; next }
    /^    @/ { held = held $0 "\n"; next }
    /^    [A-Za-z]/ && (name_of($0) in wanted) { held = ""; if ($0 ~ /\{$/) skipping = 1; next }
    { printf "%s", held; held = ""; print }
  ' "$1" > "$1.new" && mv "$1.new" "$1"
}

# Runs check-step.sh N in release $1; prints its report and notes what it proves.
check() { # RELEASE STEP
  local out
  out="$(cd "$1" && exercises/check-step.sh "$2" 2>&1 | grep -v '^building ')"
  echo "$out" | sed 's/^/    /'
  if echo "$out" | grep -q '^step [0-9]*: the build failed\|no test ran'; then
    if echo "$out" | grep -q ', changed on .* (exercises/CHANGES.md)'; then
      echo "  -> does not compile; the build names the given API that changed and its CHANGES.md entry"
      return 3
    fi
    echo "  -> FAILED: does not compile, and names no changed given API"
    failed=1
    return 1
  fi
  # every failing test listed with its reason has a "see exercises/CHANGES.md" line under it
  local unnamed
  unnamed="$(echo "$out" | awk '/^  [A-Za-z]+Test\.[A-Za-z0-9_]+: / { if (t) print t; t = $1; next }
    /see exercises\/CHANGES.md/ { t = ""; next } /^  [^ ]/ { if (t) print t; t = "" } END { if (t) print t }')"
  if [ -n "$unnamed" ]; then
    echo "  -> compiles; FAILED: these failing tests name no changed rule: $(echo $unnamed)"
    failed=1
    return 1
  fi
  echo "  -> compiles; every failing test names the rule that changed (or none fails)"
}

for rev in "${revs[@]}"; do
  release="$work/release-$rev"
  echo "== a fresh release, with the files of steps 3 to 7 students edit at $rev, solved"
  java -jar grading/target/grader.jar release --out "$release" | tail -n1
  files="$(git grep -l "BEGIN SOLUTION" "$rev" -- 'exercises/src/main/java/exercises/step[3-7]_*/*.java' | sed "s/^$rev://")"
  for file in $files; do
    git show "$rev:$file" > "$release/$file"
    echo "  $file"
  done
  echo "== $rev: exercises/check-step.sh 3, the files as they were"
  check "$release" 3
  first=$?
  if [ "$rev" = 92b54b1 ] && [ "$first" = 3 ]; then
    scheduler="$release/exercises/src/main/java/exercises/step3_futures/FutureScheduler.java"
    echo "== $rev: FutureScheduler.java as CHANGES.md (2026-12-04, Scheduler.stepEagerly) asks:" \
      "its given members deleted, extends FutureSchedulerBase"
    delete_members "$scheduler" eagerTaskFactory setEagerTaskFactory createEagerTask cancel closeAll markRetrieved current
    sed -i 's/extends Scheduler {/extends FutureSchedulerBase {/' "$scheduler"
    for step in 3 4 5 6 7; do
      echo "== $rev, upgraded: exercises/check-step.sh $step"
      check "$release" "$step"
      [ $? = 3 ] && { echo "  -> FAILED: the upgrade CHANGES.md asks for does not compile"; failed=1; }
    done
  fi
done
echo "== the releases: $work"
exit $failed
