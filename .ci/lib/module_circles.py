#!/usr/bin/env python3
"""Prints the import circles between sibling modules of Rust crates.

usage: module_circles.py ROOT...   (a crate's src directory, or a binary's)

Two modules are siblings when they are children of the same module: the
top-level modules of a crate, or the files and folders inside one folder.
A module imports a sibling when one of its files names it by a path that
leaves the module, outside the file's `#[cfg(test)]` part and comments:
`crate::a::b`, `super::b`, `super::super::b`, `self::b` (in a `use` tree
or in code; `use` trees with nested braces are flattened). A path that
stops at a parent module and names an item it re-exports
(`pub use child::Item;` in that module's file) counts as that child.
Submodules of a module are part of it, and a binary's directory under
`src/bin` is its own root. A circle is a strongly connected set of two or
more siblings. Exit status 1 when any root has a circle.

It reads the source text, not the compiler's resolution: a `use` through a
local alias is not seen. What it finds is real; a circle hidden behind an
alias is not found.
"""
import os
import re
import sys


def module_path(root, path):
    """A file's module path: src/a/b.rs and src/a/b/mod.rs -> ['a', 'b']."""
    rel = os.path.relpath(path, root)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return rel


def flatten_use_tree(tree):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e']."""
    tree = re.sub(r"\s+", "", tree)
    out = []

    def walk(prefix, text):
        i = text.find("{")
        if i < 0:
            out.append(prefix + text)
            return
        head = text[:i]
        body = text[i + 1 : text.rfind("}")]
        depth, item = 0, ""
        for c in body + ",":
            depth += c == "{"
            depth -= c == "}"
            if c == "," and depth == 0:
                if item:
                    walk(prefix + head, item)
                item = ""
            else:
                item += c

    walk("", tree)
    return out


PATH = r"(?:crate|super|self)(?:::\w+)+"


def named_paths(text):
    """Every module path a file names: in `use` trees and in code."""
    paths = []
    for m in re.finditer(r"\buse\s+((?:crate|super|self)::[^;]*);", text, re.S):
        paths.extend(flatten_use_tree(m.group(1)))
    text = re.sub(r"\buse\s+(?:crate|super|self)::[^;]*;", "", text, flags=re.S)
    paths.extend(m.group(0) for m in re.finditer(r"\b" + PATH, text))
    return [p.split("::") for p in paths]


def absolute(me, segments):
    """Resolves `crate::`/`super::`/`self::` against the file's module."""
    if segments[0] == "crate":
        return segments[1:]
    base = list(me)
    i = 0
    while i < len(segments) and segments[i] in ("self", "super"):
        if segments[i] == "super":
            if not base:
                return None
            base.pop()
        i += 1
    return base + segments[i:]


def exists(root, parts):
    p = os.path.join(root, *parts) if parts else root
    return os.path.exists(p + ".rs") or os.path.isdir(p)


def reexports_of(root, module):
    """Items `module` re-exports from its children: name -> child."""
    if module:
        base = os.path.join(root, *module)
        files = [base + ".rs", os.path.join(base, "mod.rs")]
    else:
        files = [os.path.join(root, "lib.rs"), os.path.join(root, "main.rs")]
    out = {}
    for path in files:
        if os.path.exists(path):
            text = open(path, encoding="utf-8").read()
            for m in re.finditer(r"^\s*pub(?:\([^)]*\))? use (?:self::)?(\w+)::(\{[^;]*\}|\w+);", text, re.M):
                for item in re.findall(r"\w+", m.group(2)):
                    out[item] = m.group(1)
    return out


def target_module(root, parts, cache):
    """The longest prefix of `parts` that is a module (items dropped),
    with a re-exported item mapped to the child that defines it."""
    n = len(parts)
    while n > 0 and not exists(root, parts[:n]):
        n -= 1
    module = parts[:n]
    if n < len(parts):
        key = tuple(module)
        if key not in cache:
            cache[key] = reexports_of(root, module)
        child = cache[key].get(parts[n])
        if child and exists(root, module + [child]):
            module = module + [child]
    return module


def edges_of(root):
    """Edges between siblings: {parent: {a: {b: files}}}."""
    edges, cache = {}, {}
    for directory, dirs, files in os.walk(root):
        if os.path.relpath(directory, root) == ".":
            dirs[:] = [d for d in dirs if d != "bin"]
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(directory, name)
            me = module_path(root, path)
            text = open(path, encoding="utf-8").read()
            text = re.split(r"#\[cfg\((?:all\()?test", text)[0]
            text = re.sub(r"//.*", "", text)
            for segments in named_paths(text):
                parts = absolute(me, segments)
                if parts is None:
                    continue
                target = target_module(root, parts, cache)
                common = 0
                while common < min(len(me), len(target)) and me[common] == target[common]:
                    common += 1
                if common < len(me) and common < len(target):
                    parent = "/".join(me[:common])
                    a, b = me[common], target[common]
                    edges.setdefault(parent, {}).setdefault(a, {}).setdefault(b, set()).add(
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
        for parent, edges in sorted(edges_of(root).items()):
            where = os.path.join(root, parent) if parent else root
            for component in circles(edges):
                status = 1
                print(f"{where}: circle: {' '.join(component)}")
                for a in component:
                    for b, files in sorted(edges.get(a, {}).items()):
                        if b in component:
                            print(f"    {a} -> {b} in {', '.join(sorted(files))}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
