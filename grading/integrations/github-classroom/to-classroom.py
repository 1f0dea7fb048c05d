#!/usr/bin/env python3
"""Turns the grader's results.json (Gradescope schema) into GitHub Classroom's runner result.

GitHub Classroom's reporter (classroom-resources/autograding-grading-reporter) reads, for each
runner id, a base64 JSON {version, status, max_score, tests: [{name, status, score, message}]}
from the environment variable <ID>_RESULTS, adds up the tests' scores and posts "Points X/Y".
One grader run becomes one runner with one entry per graded test, so scoring is per test
(46 of 48 tests passing gives 46 tests' points, not 0).

Usage: to-classroom.py results.json
  Writes result=<base64> to $GITHUB_OUTPUT (or prints it when that is not set), prints
  "Points X/Y" and a table, and adds a Markdown table to $GITHUB_STEP_SUMMARY when set.
Exit code: 0, or 2 when results.json is missing or not the grader's.
"""
import base64
import json
import os
import sys

# What a student may read of a test before the grades are published.
SHOWN = {"visible"}


def number(x):
    return int(x) if float(x).is_integer() else round(float(x), 2)


def runner_result(results):
    tests = []
    for t in results.get("tests", []):
        shown = t.get("visibility", "visible") in SHOWN
        message = t.get("output", "") if shown else (
            "passed" if t.get("status") == "passed" else "failed (details are shown after grading)")
        tests.append({
            "name": t["name"],
            "status": "pass" if t.get("status") == "passed" else "fail",
            "score": number(t.get("score", 0)),
            "max_score": number(t.get("max_score", 0)),
            "message": message[:2000],
            "line_no": 0,
            "execution_time": "0ms",
        })
    max_score = sum(t["max_score"] for t in tests)
    passed = all(t["status"] == "pass" for t in tests)
    return {"version": 1, "status": "pass" if passed and tests else "fail",
            "max_score": number(max_score), "tests": tests}


def main(argv):
    if len(argv) != 2:
        print("usage: to-classroom.py results.json", file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            results = json.load(f)
        if "tests" not in results:
            raise ValueError("no tests in it")
    except (OSError, ValueError) as e:
        print(f"to-classroom.py: cannot read the grader's results {argv[1]}: {e}", file=sys.stderr)
        return 2
    result = runner_result(results)
    encoded = base64.b64encode(json.dumps(result).encode("utf-8")).decode("ascii")
    output = os.environ.get("GITHUB_OUTPUT")
    if output:
        with open(output, "a", encoding="utf-8") as f:
            f.write(f"result={encoded}\n")
    else:
        print(f"result={encoded}")
    score = sum(t["score"] for t in result["tests"])
    lines = [f"| {t['name']} | {t['score']}/{t['max_score']} | {t['status']} |" for t in result["tests"]]
    print(f"Points {number(score)}/{result['max_score']}")
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a", encoding="utf-8") as f:
            f.write(f"### Points {number(score)}/{result['max_score']}\n\n| test | points | status |\n|---|---|---|\n")
            f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
