//! The boolean checks' loops over arrays and objects ([`every`] and its
//! kin), each compiled once, and [`count`], a required member seen.

use super::Value;

/// Whether `f` holds for every element of `a`: what a boolean check
/// calls instead of `a.iter().all(…)`. The loop is compiled once
/// (`every_dyn`), `f` called through a vtable: `Iterator::all` was
/// instantiated per call site (with its `try_fold` and closure, about 5 %
/// of the `mcpwire` library's LLVM IR for one revision; docs/benchmarks.md
/// "Build").
#[inline]
pub fn every<F: FnMut(&Value) -> bool>(a: &[Value], mut f: F) -> bool {
    every_dyn(a.iter(), &mut f)
}

/// Whether `f` holds for every member value of `m`, as [`every`].
#[inline]
pub fn every_value<F: FnMut(&Value) -> bool>(m: &Map, mut f: F) -> bool {
    every_dyn(m.values(), &mut f)
}

/// Whether `f` holds for every member (name, value) of `m`, as [`every`].
#[inline]
pub fn every_member<F: FnMut(&String, &Value) -> bool>(m: &Map, mut f: F) -> bool {
    every_member_dyn(m, &mut f)
}

/// Whether `f` holds for every member name of `m`, as [`every`].
#[inline]
pub fn every_key<F: FnMut(&String) -> bool>(m: &Map, mut f: F) -> bool {
    every_key_dyn(m, &mut f)
}

/// A JSON object, as generated code reads it.
type Map = serde_json::Map<String, Value>;

/// A test of one value, as [`every`]'s compiled loop calls it: a trait of
/// its own, not `dyn FnMut`, whose vtable would also carry a never-called
/// `call_once` shim per closure.
trait Holds<A: ?Sized> {
    fn holds(&mut self, a: &A) -> bool;
}

impl<A: ?Sized, F: FnMut(&A) -> bool> Holds<A> for F {
    #[inline]
    fn holds(&mut self, a: &A) -> bool {
        self(a)
    }
}

/// [`every`]'s and [`every_value`]'s loop.
#[inline(never)]
fn every_dyn<'v>(values: impl Iterator<Item = &'v Value>, f: &mut dyn Holds<Value>) -> bool {
    for v in values {
        if !f.holds(v) {
            return false;
        }
    }
    true
}

/// [`every_key`]'s loop.
#[inline(never)]
fn every_key_dyn(m: &Map, f: &mut dyn Holds<String>) -> bool {
    for k in m.keys() {
        if !f.holds(k) {
            return false;
        }
    }
    true
}

/// A test of one member, as `Holds` is of one value. The key is the map's
/// own `&String`, the type generated closures are written against.
#[allow(clippy::ptr_arg)]
trait HoldsMember {
    fn holds(&mut self, k: &String, v: &Value) -> bool;
}

impl<F: FnMut(&String, &Value) -> bool> HoldsMember for F {
    #[inline]
    fn holds(&mut self, k: &String, v: &Value) -> bool {
        self(k, v)
    }
}

/// [`every_member`]'s loop.
#[inline(never)]
fn every_member_dyn(m: &Map, f: &mut dyn HoldsMember) -> bool {
    for (k, v) in m {
        if !f.holds(k, v) {
            return false;
        }
    }
    true
}

/// Counts a required member in a boolean check's pass over an object's
/// members (`"name" => rt::count(&mut seen) && …`): adds one, holds.
#[inline(always)]
pub fn count(seen: &mut usize) -> bool {
    *seen += 1;
    true
}
