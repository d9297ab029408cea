#!/usr/bin/env python3
"""The generator's rooms point one way: a file in Sources/ThumbgenKit may use the types of its own
folder and of the folders below it in LAYERS, never of one above. Swift checks the arrows between
modules (ThumbgenKit cannot see ThumbgenCLI); this checks them between the folders of one module.

usage: layers.py [SOURCES]     exit 1 and one line per arrow pointing up (From -> To: Type (file))
       layers.py --graph       every arrow between folders, up or down
       layers.py --self-test   shows that an arrow pointing up is found

A type belongs to the folder whose file declares it at top level (struct, enum, class, protocol,
actor, typealias); a use is its name in code (comments and string literals left out). Members
added by an extension in another folder are not followed: the type's own folder is the owner.
"""
import collections
import os
import re
import sys
import tempfile

# Lowest first. docs/ARCHITECTURE.md says what each room holds.
LAYERS = ["Support", "Model", "FileSystem", "Plan", "Site", "Manifest", "Stages", "Cache", "Build", "Outputs"]

DECLARATION = re.compile(
    r'^(?:@\w+(?:\([^)]*\))?\s+)*'
    r'(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated)\s+)*'
    r'(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)', re.M)


def code_only(text):
    """The source without comments and string literals, so a type named in a doc comment or a
    message is not a use."""
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r'/\*[\s\S]*?\*/', '', text)
    text = re.sub(r'//[^\n]*', '', text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def read_sources(root):
    sources = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith('.swift'):
                path = os.path.join(folder, name)
                with open(path, encoding='utf-8') as f:
                    sources[os.path.relpath(path, root)] = code_only(f.read())
    return sources


def room(relative):
    parts = relative.split(os.sep)
    return parts[0] if len(parts) > 1 else '.'


def arrows(sources):
    """{(from, to): {(type, file)}} for every use of a type declared in another room."""
    owner = {}
    for relative, code in sorted(sources.items()):
        for match in DECLARATION.finditer(code):
            owner.setdefault(match.group(1), room(relative))
    found = collections.defaultdict(set)
    for relative, code in sources.items():
        here = room(relative)
        for name in set(re.findall(r'\b[A-Z]\w*\b', code)):
            there = owner.get(name)
            if there and there != here:
                found[(here, there)].add((name, os.path.basename(relative)))
    return found


def upward(found):
    """The arrows that point up, and the rooms LAYERS does not place (each a failure)."""
    problems = []
    for (here, there), uses in sorted(found.items()):
        listed = ", ".join(f"{name} ({file})" for name, file in sorted(uses))
        if here not in LAYERS or there not in LAYERS:
            unplaced = here if here not in LAYERS else there
            problems.append(f"{unplaced}/ is not placed in LAYERS: {here} -> {there}: {listed}")
        elif LAYERS.index(there) > LAYERS.index(here):
            problems.append(f"{here} -> {there}: {listed}")
    return problems


def self_test():
    """An arrow up (Plan using a Build type) is found; the same use downward is not."""
    with tempfile.TemporaryDirectory() as root:
        def write(relative, text):
            os.makedirs(os.path.dirname(os.path.join(root, relative)), exist_ok=True)
            with open(os.path.join(root, relative), 'w', encoding='utf-8') as f:
                f.write(text)
        write('Build/Job.swift', 'struct Job {\n    let plan: Geometry\n}\n')
        write('Plan/Geometry.swift', '/// Not a use: Job in a comment.\nstruct Geometry {\n    let name = "Job"\n}\n')
        if upward(arrows(read_sources(root))):
            return "a downward arrow (or a name in a comment or string) was reported"
        write('Plan/Reach.swift', 'extension Geometry {\n    func job() -> Job? { nil }\n}\n')
        problems = upward(arrows(read_sources(root)))
        if problems != ["Plan -> Build: Job (Reach.swift)"]:
            return f"the upward arrow was not reported as it is: {problems}"
    return None


def main(arguments):
    if arguments[:1] == ['--self-test']:
        failure = self_test()
        print(f"layers.py: self-test {'failed: ' + failure if failure else 'passed'}")
        return 1 if failure else 0
    graph = arguments[:1] == ['--graph']
    rest = arguments[1:] if graph else arguments
    root = rest[0] if rest else os.path.join(os.path.dirname(__file__), '..', 'Sources', 'ThumbgenKit')
    found = arrows(read_sources(root))
    if graph:
        for (here, there), uses in sorted(found.items()):
            print(f"{here} -> {there}: {len(uses)} use(s)")
        return 0
    problems = upward(found)
    for problem in problems:
        print(f"layers.py: {problem}")
    if not problems:
        print(f"layers.py: {len(found)} arrows between {len({r for pair in found for r in pair})} rooms, all pointing down")
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
