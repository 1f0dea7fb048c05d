#!/usr/bin/env python3
"""Checks a results.json against Gradescope's autograder schema before Gradescope reads it.

Gradescope shows "The autograder failed to execute correctly" for a results.json it cannot read,
and silently ignores misspelt fields; this check turns both into a clear message. It knows the
documented fields (gradescope-autograders.readthedocs.io, "Autograder Specifications"): their
types, the allowed visibility, status and output_format values. Fields it does not know are
allowed (Gradescope ignores them; the grader adds e.g. "sandbox").

Usage: check_results.py results.json     exit 0 when valid, else 1 with one line per problem.
"""
import json
import math
import sys

VISIBILITY = {"hidden", "after_due_date", "after_published", "visible"}
STATUS = {"passed", "failed"}
OUTPUT_FORMAT = {"text", "html", "simple_format", "md", "ansi"}


def is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def problems(results):
    found = []
    if not isinstance(results, dict):
        return ["the top level is not an object"]
    tests = results.get("tests")
    if "score" not in results and not (isinstance(tests, list) and tests
                                       and all(isinstance(t, dict) and "score" in t for t in tests)):
        found.append("no score: neither a top-level score nor a score on every test")
    for key in ("score", "execution_time"):
        if key in results and not is_number(results[key]):
            found.append(f"{key} is not a finite number: {results[key]!r}")
    for key in ("output",):
        if key in results and not isinstance(results[key], str):
            found.append(f"{key} is not a string")
    for key in ("output_format", "test_output_format"):
        if key in results and results[key] not in OUTPUT_FORMAT:
            found.append(f"{key} {results[key]!r} is not one of {sorted(OUTPUT_FORMAT)}")
    for key in ("visibility", "stdout_visibility"):
        if key in results and results[key] not in VISIBILITY:
            found.append(f"{key} {results[key]!r} is not one of {sorted(VISIBILITY)}")
    if "extra_data" in results and not isinstance(results["extra_data"], dict):
        found.append("extra_data is not an object")
    if tests is None:
        return found
    if not isinstance(tests, list):
        return found + ["tests is not a list"]
    for i, t in enumerate(tests):
        where = f"tests[{i}]"
        if not isinstance(t, dict):
            found.append(f"{where} is not an object")
            continue
        where = f"{where} ({t.get('name', 'no name')!r})"
        for key in ("score", "max_score"):
            if key in t and not is_number(t[key]):
                found.append(f"{where}: {key} is not a finite number")
        if is_number(t.get("score")) and is_number(t.get("max_score")) and not 0 <= t["score"] <= t["max_score"]:
            found.append(f"{where}: score {t['score']} is outside 0..{t['max_score']}")
        if "status" in t and t["status"] not in STATUS:
            found.append(f"{where}: status {t['status']!r} is not passed or failed")
        if "visibility" in t and t["visibility"] not in VISIBILITY:
            found.append(f"{where}: visibility {t['visibility']!r} is not one of {sorted(VISIBILITY)}")
        if "output_format" in t and t["output_format"] not in OUTPUT_FORMAT:
            found.append(f"{where}: output_format {t['output_format']!r} is not known")
        for key in ("name", "number", "output"):
            if key in t and not isinstance(t[key], str):
                found.append(f"{where}: {key} is not a string")
        if "tags" in t and not (isinstance(t["tags"], list) and all(isinstance(x, str) for x in t["tags"])):
            found.append(f"{where}: tags is not a list of strings")
    return found


def main(argv):
    if len(argv) != 2:
        print("usage: check_results.py results.json", file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            results = json.load(f)
    except (OSError, ValueError) as e:
        print(f"check_results.py: {argv[1]} is not readable JSON: {e}", file=sys.stderr)
        return 1
    found = problems(results)
    for p in found:
        print(f"check_results.py: {argv[1]}: {p}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
