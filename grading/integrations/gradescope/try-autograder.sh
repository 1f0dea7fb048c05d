#!/usr/bin/env bash
# Tries the Gradescope autograder as Gradescope runs it, on this machine: builds the zip, lays
# out a Gradescope-shaped /autograder in a scratch folder (AUTOGRADER_ROOT), runs setup.sh and
# run_autograder as root, with a submission (the reference solution) that also prints the uid it
# runs as and starts a detached writer: a process in a new session that tries to overwrite
# results/results.json after grading. It grades it twice:
#   a. as Gradescope will: the allowlist screen refuses the submission before it runs (score 0);
#   b. with the screen switched off (GRADER_JAVA_OPTS=-Dgrading.unscreened=true): the code runs,
#      and only the sandbox stands between it and the results.
# For each, it checks and says PASS or FAIL:
#   1. the results are intact: the grader's, valid for Gradescope, not the writer's;
#   2. student code did not run as root (b: the uid it printed must be there, and not 0);
#   3. no output names the hidden tests (results.json, Gradescope's stdout).
# Exit code: 0 when every check passed, 1 otherwise.
# Usage: bash grading/integrations/gradescope/try-autograder.sh [SCRATCH_DIR]
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
scratch="$(realpath -m "${1:-$(mktemp -d)}")"
export AUTOGRADER_ROOT="$scratch/autograder"
ROOT="$AUTOGRADER_ROOT"
probe="$scratch/probe"
WRITER_DELAY=1 # seconds the writer waits after the grader's results appear

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif sudo -n true 2>/dev/null; then sudo -n --preserve-env=AUTOGRADER_ROOT,PATH,JAVA_HOME "$@"
  else echo "try-autograder: not root and no sudo: running as $(id -un); check 2 cannot say much" >&2; "$@"
  fi
}

rm -rf "$ROOT" "$probe"
mkdir -p "$ROOT/source" "$ROOT/submission" "$ROOT/results" "$probe"
chmod 1777 "$probe" # any uid the sandbox gives student code may record itself here

echo "== building the autograder zip"
bash "$here/make-autograder-zip.sh" "$scratch/autograder.zip" || exit 1
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$scratch/autograder.zip" "$ROOT/source"
chmod +x "$ROOT/source/setup.sh" "$ROOT/source/run_autograder"
cp "$ROOT/source/run_autograder" "$ROOT/run_autograder" # as Gradescope's image build does

echo "== setup.sh"
(cd "$ROOT/source" && as_root bash ./setup.sh) || { echo "FAIL: setup.sh"; exit 1; }

echo "== the submission: the reference solution, plus a detached writer"
cp "$repo"/homework/src/main/java/homework/*.java "$ROOT/submission/"
python3 - "$ROOT/submission/HomeworkScheduler.java" "$probe" "$ROOT/results/results.json" "$WRITER_DELAY" <<'PY'
import sys
path, probe, results, delay = sys.argv[1:]
script = (
          # waits until the grader's results are in place (up to 2 minutes), then overwrites them
          f"setsid sh -c 'i=0; while ! grep -q Submission {results} 2>/dev/null && [ $i -lt 600 ]; do sleep 0.2; i=$((i+1)); done; "
          f"sleep {delay}; echo \"{{\\\"score\\\": 999, \\\"tests\\\": []}}\" > {results}; "
          f"echo wrote > {probe}/writer' >/dev/null 2>&1 < /dev/null &")
literal = '"' + script.replace("\\", "\\\\").replace('"', '\\"') + '"'  # as a Java string literal
block = ("\n    static { // hostile: a detached process that outlives grading and forges the results\n"
         "        try {\n"
         "            Process id = new ProcessBuilder(\"id\", \"-u\").start();\n"
         "            System.out.println(\"student-uid=\" + new String(id.getInputStream().readAllBytes()).strip());\n"
         f"            new ProcessBuilder(\"sh\", \"-c\", {literal}).start();\n"
         "        } catch (Exception | Error ignored) {\n"
         "        }\n"
         "    }\n")
text = open(path).read()
anchor = "public class HomeworkScheduler extends Scheduler {"
assert anchor in text, "HomeworkScheduler.java changed: update the anchor"
open(path, "w").write(text.replace(anchor, anchor + block, 1))
PY

failed=0
check() { # check NAME COMMAND...: PASS or FAIL
  local name="$1"; shift
  if "$@"; then echo "PASS: $name"; else echo "FAIL: $name"; failed=1; fi
}
results_intact() {
  python3 "$ROOT/check_results.py" "$ROOT/results/results.json" \
    && ! grep -q '"score": 999' "$ROOT/results/results.json" \
    && grep -q '"Submission check"' "$ROOT/results/results.json"
}
refused_before_running() {
  grep -q 'Everything the submission uses that the homework does not need' "$ROOT/results/results.json" \
    && ! grep -q 'student-uid=' "$ROOT/results/results.json"
}
not_root() {
  local uid
  uid="$(grep -o 'student-uid=[0-9]*' "$ROOT/results/results.json" | head -n1 | cut -d= -f2)"
  [ -n "$uid" ] || { echo "  (student code printed no uid: it did not run)"; return 1; }
  echo "  (student code ran as uid $uid)"
  [ "$uid" != 0 ]
}
no_hidden_names() {
  local names patterns=(-e 'grading\.hidden')
  names="$(python3 -c 'import sys, zipfile
for n in zipfile.ZipFile(sys.argv[1]).namelist():
    if n.startswith("grading/hidden/") and n.endswith("Tests.class"):
        print(n[len("grading/hidden/"):-len(".class")])' "$ROOT/grader.jar")"
  [ -n "$names" ] || { echo "  (no hidden test classes found in grader.jar)"; return 1; }
  for n in $names; do patterns+=(-e "$n"); done
  if grep -n "${patterns[@]}" "$ROOT/results/results.json" "$scratch/stdout" | head -5; then return 1; fi
  return 0
}
score() {
  python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
print("  score in results.json:", r.get("score"), "/", r.get("max_score"))' "$ROOT/results/results.json" 2>/dev/null
}
grade() { # grade LABEL [VAR=VALUE...]: one run of run_autograder as root, then the writer's chance
  local label="$1"; shift
  rm -f "$ROOT/results/results.json"
  echo "== run_autograder (as root): $label"
  (cd "$ROOT" && as_root env "$@" ./run_autograder) > "$scratch/stdout" 2>&1
  echo "run_autograder exit code $?; its output (Gradescope's stdout) is in $scratch/stdout"
  sleep $((WRITER_DELAY + 2)) # the writer's chance to strike
  score
}

grade "as on Gradescope"
check "a. results intact (valid for Gradescope, the grader's own)" results_intact
check "a. the submission was refused before it ran" refused_before_running
check "a. hidden tests not named in any output" no_hidden_names

grade "with the allowlist screen off" GRADER_JAVA_OPTS=-Dgrading.unscreened=true FEEDBACK=before=full,after=full
check "b. results intact: the detached writer did not outlive the sandbox" results_intact
check "b. student code not run as root" not_root
check "b. hidden tests not named in any output" no_hidden_names
exit $failed
