#!/usr/bin/env python3
"""Prints the import circles between the top-level modules of Rust crates.

usage: module_circles.py ROOT...   (a crate's src directory, or a binary's)

A module `a` imports `b` when a file of `a` names `crate::b` (in a path or a
`use crate::{b, ...}` list) outside its `#[cfg(test)]` part and comments;
items re-exported at the crate root (`pub use b::Item;` in lib.rs or
main.rs) count as `b`. Submodules of a module are part of it, and a binary's
directory under `src/bin` is its own root. A circle is a strongly connected
set of two or more modules. Exit status 1 when any root has a circle.

It reads the source text, not the compiler's resolution: a `use` through a
local alias is not seen. What it finds is real; a circle hidden behind an
alias is not found.
"""
import os
import re
import sys


def module_of(root, path):
    rel = os.path.relpath(path, root)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return rel[0] if rel else None


def crate_root_reexports(root):
    """Items re-exported at the crate root: name -> module."""
    out = {}
    for name in ("lib.rs", "main.rs"):
        path = os.path.join(root, name)
        if os.path.exists(path):
            text = open(path, encoding="utf-8").read()
            for m in re.finditer(r"^pub use (\w+)::(\{[^;]*\}|\w+);", text, re.M):
                for item in re.findall(r"\w+", m.group(2)):
                    out[item] = m.group(1)
    return out


def named_modules(text):
    """The first segments after `crate::` that a file names."""
    names = set(re.findall(r"crate::(\w+)", text))
    for m in re.finditer(r"use crate::\{([^;]*)\};", text, re.S):
        depth, item = 0, ""
        for c in m.group(1) + ",":
            depth += c == "{"
            depth -= c == "}"
            if c == "," and depth == 0:
                head = item.strip().split("::")[0]
                if head:
                    names.add(head)
                item = ""
            else:
                item += c
    return names


def edges_of(root):
    reexports = crate_root_reexports(root)
    edges = {}
    for directory, dirs, files in os.walk(root):
        if os.path.relpath(directory, root) == ".":
            dirs[:] = [d for d in dirs if d != "bin"]
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(directory, name)
            me = module_of(root, path)
            if me is None:
                continue
            text = open(path, encoding="utf-8").read()
            text = re.split(r"#\[cfg\((?:all\()?test", text)[0]
            text = re.sub(r"//.*", "", text)
            for target in named_modules(text):
                target = reexports.get(target, target)
                exists = os.path.exists(os.path.join(root, target + ".rs")) or os.path.isdir(
                    os.path.join(root, target)
                )
                if exists and target != me:
                    edges.setdefault(me, {}).setdefault(target, set()).add(
                        os.path.relpath(path, root)
                    )
    return edges


def circles(edges):
    """Strongly connected components of two or more modules (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def main(roots):
    status = 0
    for root in roots:
        edges = edges_of(root)
        for component in circles(edges):
            status = 1
            print(f"{root}: circle: {' '.join(component)}")
            for a in component:
                for b, files in sorted(edges.get(a, {}).items()):
                    if b in component:
                        print(f"    {a} -> {b} in {', '.join(sorted(files))}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
