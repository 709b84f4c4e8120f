#!/usr/bin/env python3
"""Every module a target imports is one Package.swift gives it, and imports go the way DESIGN.md draws them.

SwiftPM lets a target import any module its dependencies bring along, so an import nobody declared builds today
and breaks when a dependency changes. This reads the package as SwiftPM does (`swift package dump-package`, with
the fuzzer's target included) and every Swift file's imports (not the Python inside the tests' strings), and
names each import its target does not declare, with the fix. It also checks the layers: a stage never imports a
stage after it (the order DESIGN.md gives), so data flows one way.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# What the toolchain and the operating system provide, imported without a declaration.
SYSTEM = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Darwin",
    "Dispatch", "XCTest", "Testing", "Synchronization", "_Concurrency", "PackagePlugin", "os", "Swift",
}

# Imports no declaration can cover, each with why it stands: a module another package keeps to itself. None now:
# GuideConfig reads YAML through libyaml's own headers (CLibYAML), not through the C module Yams keeps to itself.
EXCEPTIONS = set()

# DESIGN.md's stages, in the order data flows: a module may import those on its left (and GuideModel, the values
# they all share), never one on its right.
LAYERS = [
    ["GuideModel", "GuideFiles", "GuideMessages", "GuideEmbedded", "embed-files"],
    ["GuideConfig", "GuideOffline"],
    ["GuideOSM"],
    ["GuideFetch", "GuideHistory"],
    ["GuidePhotos"],
    ["GuideAnalysis"],
    ["GuideMaps"],
    ["GuideRender", "GuideExport", "GuideValidate", "GuideWrite"],
    ["GuideIncremental", "GuideShard", "GuideReport"],
    ["GuideBuild"],
    ["GuideServe"],
    ["GuideFuzzTargets", "cityguide", "cityguide-bench", "cityguide-fuzz", "CityguideTests"],
]
LAYER = {name: index for index, names in enumerate(LAYERS) for name in names}

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)")


def package():
    environment = dict(os.environ, CITYGUIDE_FUZZ="1")
    out = subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, env=environment, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def folder(target):
    if target.get("path"):
        return target["path"]
    kind = target["type"]
    if kind == "test":
        return os.path.join("Tests", target["name"])
    if kind == "plugin":
        return os.path.join("Plugins", target["name"])
    return os.path.join("Sources", target["name"])


def declared(target):
    names = set()
    for dependency in target.get("dependencies", []):
        for kind, value in dependency.items():
            # byName, target and product all start with the module's name.
            names.add(value[0])
    return names


def imports(path):
    """(line, module) for each import of a Swift file, outside multi-line string literals."""
    found = []
    in_string = False
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            # A line that opens or closes a multi-line literal has an odd count of `"""`.
            if not in_string:
                match = IMPORT.match(line)
                if match:
                    found.append((number, match.group(1)))
            if line.count('"""') % 2 == 1:
                in_string = not in_string
    return found


def main():
    problems = []
    spec = package()
    local = {target["name"] for target in spec["targets"]}
    for target in spec["targets"]:
        if target["type"] in ("system", "binary"):
            continue
        allowed = declared(target) | SYSTEM | {target["name"]} | {m for t, m in EXCEPTIONS if t == target["name"]}
        base = os.path.join(ROOT, folder(target))
        for directory, _, files in os.walk(base):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                shown = os.path.relpath(path, ROOT)
                for number, module in imports(path):
                    if module not in allowed:
                        problems.append(
                            f"{shown}:{number}: imports {module}, which Package.swift does not give "
                            f"{target['name']}; fix: add \"{module}\" to its dependencies (or its product, "
                            f"if it is another package's), or remove the import")
                    elif module in local and target["name"] in LAYER and module in LAYER \
                            and LAYER[module] > LAYER[target["name"]]:
                        problems.append(
                            f"{shown}:{number}: {target['name']} imports {module}, a later stage; fix: move what it "
                            f"needs into {target['name']} or an earlier module (DESIGN.md's order)")
        unknown = [name for name in declared(target) if name in local and name not in LAYER and has_swift(spec, name)]
        for name in unknown:
            problems.append(f"Package.swift: {name} has no place in Scripts/check_imports.py's LAYERS; fix: add it")
    for problem in sorted(set(problems)):
        print(problem)
    if problems:
        print(f"{len(set(problems))} import problem(s)", file=sys.stderr)
        return 1
    print("imports: every target imports only what Package.swift declares, in DESIGN.md's order")
    return 0


def has_swift(spec, name):
    """Whether a target of ours is Swift (a C module or a system library is a leaf, beneath every layer)."""
    for target in spec["targets"]:
        if target["name"] == name and target["type"] in ("regular", "executable", "test"):
            for _, _, files in os.walk(os.path.join(ROOT, folder(target))):
                if any(name.endswith(".swift") for name in files):
                    return True
    return False


if __name__ == "__main__":
    sys.exit(main())
