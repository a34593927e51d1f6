#!/usr/bin/env python3
"""Check that every relative link and every docs/results path named in the docs resolves.

Checks, in docs/*.md, the guides' chapters (docs/*/*.md) and jmh-bench/README.md: Markdown links and images to files in the
repository (and their #anchors, against the target's headings as GitHub makes them), and every
path under docs/results/ or docs/tools/ quoted in backticks. Prints one line per broken
reference and exits 1 if there is any.

Usage: check-links.py [FILE...]   (default: the files above; paths are relative to the repository)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
QUOTED = re.compile(r"`((?:docs/)?(?:results|tools)/[^`\s*]+)`")


def anchors(md):
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    out = set()
    for line in md.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#+\s+(.*)", line)
        if m:
            text = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower())
            out.add(text.replace(" ", "-"))
    return out


def check(doc):
    bad = []
    text = doc.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # http:, https:, mailto:
        path, _, anchor = target.partition("#")
        file = (doc.parent / path).resolve() if path else doc
        if not file.exists():
            bad.append(f"{doc.relative_to(ROOT)}: link to missing {target}")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            bad.append(f"{doc.relative_to(ROOT)}: no heading for #{anchor} in {file.relative_to(ROOT)}")
    for quoted in QUOTED.findall(text):
        rel = quoted if quoted.startswith("docs/") else "docs/" + quoted
        if "..." in rel or "FILE" in rel or "<" in rel:
            continue  # an abbreviated or placeholder path in a command line, not a file name
        if not any(ROOT.glob(rel)) and not (ROOT / rel).exists():
            bad.append(f"{doc.relative_to(ROOT)}: quoted path {quoted} does not exist")
    return bad


def main():
    docs = [ROOT / a for a in sys.argv[1:]] or sorted((ROOT / "docs").glob("*.md")) + sorted(
        p for p in (ROOT / "docs").glob("*/*.md") if not p.is_relative_to(ROOT / "docs/results")) + [ROOT / "jmh-bench/README.md"]
    bad = [line for doc in docs for line in check(doc)]
    print("\n".join(bad) if bad else f"check-links: {len(docs)} files, every link and results path resolves")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
