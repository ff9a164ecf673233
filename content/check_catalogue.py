#!/usr/bin/env python3
"""Validate the Quizroom question catalogue in content/categories/.

Usage: python3 content/check_catalogue.py [CATEGORIES_DIR]

Checks every NN-slug.json file: well-formed JSON, required fields and types,
at least 20 questions, exactly four distinct non-empty options, answer letter
A-D, unique keys and question texts within a file, kebab-case keys and slugs,
file name matching the slug, unique slugs and names across files, at least 24
files, and a balanced spread of answer letters (no letter above 40%).
Prints a summary and the answer-letter distribution of every file, and exits
with status 1 if any problem was found.
"""
import json
import pathlib
import re
import sys
from collections import Counter

MIN_FILES = 24
MIN_QUESTIONS = 20
MAX_LETTER_SHARE = 0.40
LETTERS = ("A", "B", "C", "D")
FILE_RE = re.compile(r"^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.json$")
KEBAB_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
CATEGORY_FIELDS = {"slug": str, "name": str, "description": str, "time_limit": int, "questions": list}
QUESTION_FIELDS = {"key": str, "text": str, "options": list, "answer": str, "explanation": str}
BANNED_OPTIONS = ("all of the above", "none of the above", "both a and b", "all of these", "none of these")


def norm(s):
    return " ".join(s.split()).casefold()


def check_file(path, problems):
    """Return (category dict or None, letter Counter)."""
    def bad(msg):
        problems.append(f"{path.name}: {msg}")

    letters = Counter()
    m = FILE_RE.match(path.name)
    if not m:
        bad("file name must look like NN-slug.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        bad(f"invalid JSON: {e}")
        return None, letters
    if not isinstance(data, dict):
        bad("top level must be a JSON object")
        return None, letters

    for field, typ in CATEGORY_FIELDS.items():
        val = data.get(field)
        if field not in data:
            bad(f"missing field '{field}'")
        elif not isinstance(val, typ) or (typ is int and isinstance(val, bool)):
            bad(f"field '{field}' must be of type {typ.__name__}")
        elif typ is str and not val.strip():
            bad(f"field '{field}' is empty")
    extra = set(data) - set(CATEGORY_FIELDS)
    if extra:
        bad(f"unexpected fields: {sorted(extra)}")
    slug = data.get("slug")
    if isinstance(slug, str):
        if not KEBAB_RE.match(slug):
            bad(f"slug '{slug}' is not kebab-case")
        if m and m.group(2) != slug:
            bad(f"file name slug '{m.group(2)}' does not match slug '{slug}'")
    tl = data.get("time_limit")
    if isinstance(tl, int) and not isinstance(tl, bool) and not (1 <= tl <= 120):
        bad(f"time_limit {tl} is outside 1..120 minutes")

    questions = data.get("questions")
    if not isinstance(questions, list):
        return data, letters
    if len(questions) < MIN_QUESTIONS:
        bad(f"only {len(questions)} questions (need at least {MIN_QUESTIONS})")

    keys, texts = Counter(), Counter()
    for i, q in enumerate(questions, 1):
        where = f"question {i}"
        if not isinstance(q, dict):
            bad(f"{where}: must be an object")
            continue
        if isinstance(q.get("key"), str):
            where = f"question {i} ({q['key']})"
        ok = True
        for field, typ in QUESTION_FIELDS.items():
            if field not in q:
                bad(f"{where}: missing field '{field}'")
                ok = False
            elif not isinstance(q[field], typ):
                bad(f"{where}: field '{field}' must be of type {typ.__name__}")
                ok = False
            elif typ is str and not q[field].strip():
                bad(f"{where}: field '{field}' is empty")
                ok = False
        extra = set(q) - set(QUESTION_FIELDS)
        if extra:
            bad(f"{where}: unexpected fields: {sorted(extra)}")
        if isinstance(q.get("key"), str):
            keys[q["key"]] += 1
            if not KEBAB_RE.match(q["key"]):
                bad(f"{where}: key is not kebab-case")
        if isinstance(q.get("text"), str):
            texts[norm(q["text"])] += 1
        opts = q.get("options")
        if isinstance(opts, list):
            if len(opts) != 4:
                bad(f"{where}: has {len(opts)} options (need exactly 4)")
            if not all(isinstance(o, str) and o.strip() for o in opts):
                bad(f"{where}: every option must be a non-empty string")
            else:
                if len({norm(o) for o in opts}) != len(opts):
                    bad(f"{where}: options are not all distinct")
                for o in opts:
                    if any(b in norm(o) for b in BANNED_OPTIONS):
                        bad(f"{where}: option '{o}' is not allowed")
                    if o != o.strip():
                        bad(f"{where}: option '{o}' has leading/trailing whitespace")
        ans = q.get("answer")
        if isinstance(ans, str):
            if ans not in LETTERS:
                bad(f"{where}: answer '{ans}' is not one of A, B, C, D")
            else:
                letters[ans] += 1
                if isinstance(opts, list) and LETTERS.index(ans) >= len(opts):
                    bad(f"{where}: answer '{ans}' points past the options")
        elif ok:
            bad(f"{where}: answer missing")
    for k, n in keys.items():
        if n > 1:
            bad(f"duplicate key '{k}' ({n} times)")
    for t, n in texts.items():
        if n > 1:
            bad(f"duplicate question text '{t}' ({n} times)")

    total = sum(letters.values())
    if total:
        for letter, n in letters.items():
            if n / total > MAX_LETTER_SHARE:
                bad(f"answer '{letter}' is used for {n}/{total} questions (> {MAX_LETTER_SHARE:.0%}); rebalance")
    return data, letters


def main():
    root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent / "categories"
    problems = []
    if not root.is_dir():
        print(f"ERROR: {root} is not a directory")
        return 1
    files = sorted(p for p in root.iterdir() if p.is_file())
    json_files = [p for p in files if p.suffix == ".json"]
    for p in files:
        if p.suffix != ".json":
            problems.append(f"{p.name}: unexpected non-JSON file")

    slugs, names, numbers = {}, {}, {}
    total_q = 0
    all_letters = Counter()
    print(f"{'file':<40} {'qs':>3}   A   B   C   D")
    for path in json_files:
        data, letters = check_file(path, problems)
        m = FILE_RE.match(path.name)
        if m:
            numbers.setdefault(m.group(1), []).append(path.name)
        if data is None:
            continue
        nq = len(data["questions"]) if isinstance(data.get("questions"), list) else 0
        total_q += nq
        all_letters.update(letters)
        dist = "".join(f"{letters.get(l, 0):>4}" for l in LETTERS)
        print(f"{path.name:<40} {nq:>3}{dist}")
        for field, seen in (("slug", slugs), ("name", names)):
            val = data.get(field)
            if isinstance(val, str):
                key = norm(val)
                if key in seen:
                    problems.append(f"{path.name}: {field} '{val}' already used by {seen[key]}")
                else:
                    seen[key] = path.name
    for num, fnames in numbers.items():
        if len(fnames) > 1:
            problems.append(f"number prefix {num} used by several files: {', '.join(fnames)}")
    if len(json_files) < MIN_FILES:
        problems.append(f"only {len(json_files)} category files (need at least {MIN_FILES})")

    dist = "".join(f"{all_letters.get(l, 0):>4}" for l in LETTERS)
    print(f"{'TOTAL':<40} {total_q:>3}{dist}")
    print(f"\n{len(json_files)} category files, {total_q} questions.")
    if problems:
        print(f"\n{len(problems)} problem(s):")
        for p in problems:
            print(f"  - {p}")
        return 1
    print("All checks passed.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
