"""Session.observe on a transcript against the `jsonschema` package and
against json.loads alone, side by side in one run.

    python bench/observe.py TRANSCRIPT.jsonl SPEC_DIR [ROUNDS]

jsonschema checks each message against the same definitions mcpwire
reports it checked (`Report.definitions`), each validator compiled once
(Draft 2020-12 or Draft 7, as the revision's schema declares), each applied
to the value it describes: a definition with a `jsonrpc` member (the
envelope, a request, a notification) to the whole message, a result
definition to `result`, an error definition without the envelope to
`error`. Before timing, both engines' verdicts are counted over the
transcript (errors per engine), so a wrong application shows as errors a
clean transcript does not have. Times are per message, best of ROUNDS
passes over the transcript.
"""

import json
import sys
import time
from pathlib import Path

import jsonschema

import pymcpwire


def best(fn, rounds):
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    transcript, spec_dir = Path(sys.argv[1]), Path(sys.argv[2])
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    records = [json.loads(line) for line in transcript.read_text().splitlines() if line.strip()]
    texts = [(r["dir"], json.dumps(r["msg"]).encode()) for r in records]

    # The revision and the definitions mcpwire checks, from one session.
    s = pymcpwire.Session(keep_reports=1)
    plan = []
    for d, t in texts:
        s.observe(t, d)
        report = s.reports[-1]
        plan.append((t, report.kind, report.definitions))
    revision = s.revision
    schema = json.loads((spec_dir / revision / "schema.json").read_text())
    defs_key = "$defs" if "$defs" in schema else "definitions"
    cls = jsonschema.validators.validator_for(schema)
    validators = {}
    defs = schema[defs_key]
    for _, _, names in plan:
        for n in names:
            if n not in validators:
                sub = dict(schema)
                sub["$ref"] = f"#/{defs_key}/{n}"
                validators[n] = cls(sub)

    def part(v, kind, name):
        """The value definition ``name`` describes in message ``v``."""
        if "jsonrpc" in defs[name].get("properties", {}) or not isinstance(v, dict):
            return v
        if kind == "result" and "result" in v:
            return v["result"]
        if kind == "error" and "error" in v:
            return v["error"]
        return v

    checks = [(t, [(validators[n], n) for n in names], kind) for t, kind, names in plan]
    mcpwire_errors = s.summary().errors
    jsonschema_errors = 0
    for t, vs, kind in checks:
        v = json.loads(t)
        for validator, n in vs:
            jsonschema_errors += sum(1 for _ in validator.iter_errors(part(v, kind, n)))

    def run_mcpwire():
        session = pymcpwire.Session(keep_reports=0)
        for d, t in texts:
            session.observe(t, d)

    def run_jsonschema():
        for t, vs, kind in checks:
            v = json.loads(t)
            for validator, n in vs:
                for _ in validator.iter_errors(part(v, kind, n)):
                    pass

    def run_loads():
        for t, _, _ in plan:
            json.loads(t)

    n = len(texts)
    m = best(run_mcpwire, rounds) / n
    j = best(run_jsonschema, rounds) / n
    p = best(run_loads, rounds) / n
    print(f"{transcript.name}: {n} messages at {revision} ({cls.__name__})")
    print(f"  errors: mcpwire {mcpwire_errors}, jsonschema {jsonschema_errors}")
    print(f"  json.loads          {p * 1e6:8.2f} us/message")
    print(f"  mcpwire observe     {m * 1e6:8.2f} us/message  ({m / p:.1f}x json.loads)")
    print(f"  jsonschema          {j * 1e6:8.2f} us/message  ({j / p:.1f}x json.loads)")
    print(f"  jsonschema/mcpwire  {j / m:.1f}x")


if __name__ == "__main__":
    main()
