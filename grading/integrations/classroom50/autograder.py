#!/usr/bin/env python3
"""Classroom 50 autograder for the mini-asyncio homework.

Classroom 50 runs this in the student's checkout (the working directory), with the runner's
environment: CLASSROOM, ASSIGNMENT, SUBMISSION_TAG, COMMIT_URL, RELEASE_URL and, for reviewed
submissions, REVIEW_URL. It grades the checkout with grader.jar (the hidden tests, never the
reference solution), student code in the grader's OS sandbox (--require-sandbox), and writes
./result.json ("schema": "classroom50/result/v1") in one rename, after checking its fields.

What the job log shows (students read it) follows the FEEDBACK policy below, the same policy
result.json follows; the grader's own log, which has every test's message, is not printed.

Exit code: 0 whenever grading ran, whatever the score; 1 when grading itself broke (no
result.json is written: a broken grader must not look like a score of 0); 2 when the runner's
environment is missing.

Settings (environment variables override them):
  GRADER_JAR    grader.jar, by default beside this file
  FEEDBACK      before=LEVEL,after=LEVEL with LEVEL score, names or full
  DUE_DATE      the due date, ISO-8601 with an offset (2026-12-01T23:59:00+01:00); without
                it, the "before" feedback applies
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
GRADER_JAR = os.environ.get("GRADER_JAR") or str(HERE / "grader.jar")
FEEDBACK = os.environ.get("FEEDBACK") or "before=names,after=full"
DUE_DATE = os.environ.get("DUE_DATE") or ""
REQUIRED_ENV = ["CLASSROOM", "ASSIGNMENT", "SUBMISSION_TAG", "COMMIT_URL", "RELEASE_URL"]
FIELDS = ["schema", "classroom", "assignment", "submission", "commit", "release", "review", "datetime",
          "score", "max-score", "tests"]
TIME_LIMIT_SECONDS = 600


def problems(result):
    """What is wrong with a result.json, by the fields classroom50/result/v1 documents."""
    if not isinstance(result, dict):
        return ["not an object"]
    found = [f"missing field {f}" for f in FIELDS if f not in result]
    if result.get("schema") != "classroom50/result/v1":
        found.append(f"schema is {result.get('schema')!r}")
    for f in FIELDS[1:8]:
        if not (isinstance(result.get(f), str) and result.get(f)):
            found.append(f"{f} is not a non-empty string")
    if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", str(result.get("datetime", ""))):
        found.append("datetime is not UTC YYYY-MM-DDTHH:MM:SSZ")
    tests = result.get("tests")
    if not isinstance(tests, list):
        return found + ["tests is not a list"]
    for i, t in enumerate(tests):
        if not (isinstance(t, dict) and isinstance(t.get("test-name"), str) and isinstance(t.get("passed"), bool)
                and all(isinstance(t.get(k), (int, float)) and not isinstance(t.get(k), bool)
                        for k in ("score", "max-score"))):
            found.append(f"tests[{i}] lacks test-name, passed, score or max-score of the right type")
    if not found:
        if abs(sum(t["score"] for t in tests) - result["score"]) > 1e-9:
            found.append("score is not the sum of the tests' scores")
        if abs(sum(t["max-score"] for t in tests) - result["max-score"]) > 1e-9:
            found.append("max-score is not the sum of the tests' max-score")
    return found


def main():
    missing = [v for v in REQUIRED_ENV if not os.environ.get(v)]
    if missing:
        print(f"[INFRASTRUCTURE] autograder.py: the runner did not set {', '.join(missing)}", file=sys.stderr)
        return 2
    checkout = pathlib.Path.cwd()
    with tempfile.TemporaryDirectory(prefix="grading-") as scratch:
        scratch = pathlib.Path(scratch)
        command = ["java", "-jar", GRADER_JAR, "grade", str(checkout), "--require-sandbox",
                   "--format", "classroom50", "--feedback", FEEDBACK,
                   "--results", str(scratch / "result.json"), "--feedback-file", str(scratch / "feedback.md")]
        if DUE_DATE:
            command += ["--due-date", DUE_DATE]
        log = scratch / "grader.log"
        try:
            with open(log, "wb") as out:
                # The grader runs in the scratch folder: what the student JVM writes lands there.
                code = subprocess.run(command, cwd=scratch, stdout=out, stderr=subprocess.STDOUT,
                                      timeout=TIME_LIMIT_SECONDS).returncode
        except (OSError, subprocess.TimeoutExpired) as e:
            print(f"autograder.py: grading could not run: {e}", file=sys.stderr)
            return 1
        feedback = scratch / "feedback.md"
        if feedback.is_file():
            print(feedback.read_text(encoding="utf-8"))
        if code != 0:
            tail = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-1:]
            print(f"autograder.py: grading broke (grader exit code {code}): {' '.join(tail)}", file=sys.stderr)
            return 1
        try:
            result = json.loads((scratch / "result.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            print(f"autograder.py: the grader wrote no readable result: {e}", file=sys.stderr)
            return 1
        found = problems(result)
        if found:
            print("autograder.py: the grader's result.json is not classroom50/result/v1: " + "; ".join(found),
                  file=sys.stderr)
            return 1
        tmp = checkout / ".result.json.tmp"
        tmp.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(tmp, checkout / "result.json")
        print(f"{result['score']:g}/{result['max-score']:g} across {len(result['tests'])} test(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
