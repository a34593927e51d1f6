#!/usr/bin/env python3
"""Copy tagged example regions into the user guide, or check that the guide is up to date.

A region in an example source is marked

    // tag::name[]
    ...code...
    // end::name[]

(a tag may open and close several times in one file: its regions are joined). The guide includes
it as

    <!-- snippet: ArbiterExamples#choice -->
    ...anything; replaced by a ```java block...
    <!-- /snippet -->

where ArbiterExamples is the file name without .java. Lines are dedented by their common
indentation. Each guide has its own examples folder (GUIDES below). ccr-core's and ccr-mpi's
DocsSnippetsTest perform the same check in Java, so keep the three in step.

Usage: sync-snippets.py [--check]   (from anywhere; paths are relative to the repository)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
# A guide is one page or the chapters of one (every tagged region is included in one of them).
CCR_CORE_CHAPTERS = ["getting-started", "threading-model", "arbiters", "tasks", "reference"]
CCR_MPI_CHAPTERS = ["getting-started", "collectives", "one-sided", "errors-and-patterns", "apis-and-reference"]
DSS_SERVICES_CHAPTERS = ["getting-started", "writing-services", "in-your-program", "running-the-host", "reference"]
GUIDES = [
    (ROOT / "ccr-core/src/test/java/io/ccrj/core/examples", [ROOT / f"docs/ccr-core/{c}.md" for c in CCR_CORE_CHAPTERS]),
    (ROOT / "ccr-mpi/src/test/java/io/ccrj/mpi/examples", [ROOT / f"docs/ccr-mpi/{c}.md" for c in CCR_MPI_CHAPTERS]),
    (ROOT / "dss-services/src/test/java/io/ccrj/dss/examples", [ROOT / f"docs/dss-services/{c}.md" for c in DSS_SERVICES_CHAPTERS]),
]

TAG = re.compile(r"^\s*// (tag|end)::([A-Za-z0-9_.-]+)\[\]\s*$")
SNIPPET = re.compile(r"(<!-- snippet: (\S+) -->\n)(.*?)(<!-- /snippet -->)", re.DOTALL)


def snippets(examples):
    """Every tagged region of the example sources, keyed "Class#tag"."""
    found = {}
    for source in sorted(examples.glob("*.java")):
        open_tags = []
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
            marker = TAG.match(line)
            if marker:
                kind, name = marker.groups()
                if kind == "tag":
                    if name in open_tags:
                        sys.exit(f"{source.name}:{number}: tag '{name}' opened twice")
                    open_tags.append(name)
                    found.setdefault(f"{source.stem}#{name}", [])
                elif name in open_tags:
                    open_tags.remove(name)
                else:
                    sys.exit(f"{source.name}:{number}: end of tag '{name}' that is not open")
                continue
            for name in open_tags:
                found[f"{source.stem}#{name}"].append(line)
        if open_tags:
            sys.exit(f"{source.name}: tag(s) never closed: {', '.join(open_tags)}")
    return {key: render(lines) for key, lines in found.items()}


def render(lines):
    lines = [line.rstrip() for line in lines]
    indents = [len(line) - len(line.lstrip(" ")) for line in lines if line]
    cut = min(indents, default=0)
    body = "\n".join(line[cut:] for line in lines)
    return "```java\n" + body + "\n```\n"


def synced(guide, text, regions):
    """The guide with every snippet block replaced by its region; fails on an unknown key."""
    missing = []

    def replace(match):
        key = match.group(2)
        if key not in regions:
            missing.append(key)
            return match.group(0)
        return match.group(1) + regions[key] + match.group(4)

    result = SNIPPET.sub(replace, text)
    if missing:
        sys.exit(f"{guide.relative_to(ROOT)}: no tagged region for snippet(s): {', '.join(missing)}")
    return result


def main(argv):
    check = argv[1:] == ["--check"]
    if argv[1:] and not check:
        sys.exit(__doc__)
    for examples, guide in GUIDES:
        sync(examples, guide, check)


def sync(examples, pages, check):
    regions = snippets(examples)
    texts = {page: page.read_text(encoding="utf-8") for page in pages}
    used = {match[1] for text in texts.values() for match in SNIPPET.findall(text)}
    unused = sorted(set(regions) - used)
    if unused:
        names = ", ".join(str(page.relative_to(ROOT)) for page in pages)
        sys.exit(f"tagged regions not included in {names}: {', '.join(unused)}")
    for guide, text in texts.items():
        updated = synced(guide, text, regions)
        count = len(SNIPPET.findall(text))
        if check:
            if updated != text:
                sys.exit(f"{guide.relative_to(ROOT)} is out of date: run python3 docs/tools/sync-snippets.py")
            print(f"{guide.relative_to(ROOT)}: {count} snippet(s) up to date")
        elif updated != text:
            guide.write_text(updated, encoding="utf-8")
            print(f"{guide.relative_to(ROOT)}: updated")
        else:
            print(f"{guide.relative_to(ROOT)}: already up to date")

if __name__ == "__main__":
    main(sys.argv)
