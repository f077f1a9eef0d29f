#!/usr/bin/env python3
"""Checks deploy/kubernetes/render-job.yaml against what the published batch/v1 Job schema
and Reel require (no cluster or kubectl here): two Jobs, the first Indexed with completions =
REEL_SEGMENTS >= parallelism, rendering `--segment auto` into the shared volume, the second
joining it; every field of the kinds and types the schema gives. Exits 1 naming each problem."""
import pathlib
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[1]
problems = []


def need(condition, text):
    if not condition:
        problems.append(text)


def check_pod(spec, where):
    need(spec.get("restartPolicy") in ("Never", "OnFailure"), f"{where}.restartPolicy must be Never or OnFailure for a Job")
    containers = spec.get("containers")
    need(isinstance(containers, list) and containers, f"{where}.containers must be a non-empty list")
    for i, c in enumerate(containers or []):
        need(isinstance(c.get("name"), str) and c["name"], f"{where}.containers[{i}].name must be a string")
        need(isinstance(c.get("image"), str) and c["image"], f"{where}.containers[{i}].image must be a string")
        need(isinstance(c.get("command"), list) and all(isinstance(x, str) for x in c["command"]),
             f"{where}.containers[{i}].command must be a list of strings")
        for e in c.get("env", []):
            need(isinstance(e.get("name"), str) and isinstance(e.get("value"), str), f"{where}.containers[{i}].env entries are name/value strings")
        mounts = {m["name"] for m in c.get("volumeMounts", [])}
        volumes = {v["name"] for v in spec.get("volumes", [])}
        need(mounts <= volumes, f"{where}.containers[{i}] mounts volumes the pod does not declare: {mounts - volumes}")


def main():
    docs = [d for d in yaml.safe_load_all((ROOT / "deploy/kubernetes/render-job.yaml").read_text()) if d]
    need(len(docs) == 2, f"expected two Jobs, found {len(docs)} documents")
    for n, doc in enumerate(docs):
        where = f"document {n}"
        need(doc.get("apiVersion") == "batch/v1" and doc.get("kind") == "Job", f"{where} must be a batch/v1 Job")
        need(isinstance(doc.get("metadata", {}).get("name"), str), f"{where}.metadata.name must be a string")
        spec = doc.get("spec", {})
        for key in ("completions", "parallelism", "backoffLimit", "backoffLimitPerIndex"):
            if key in spec:
                need(isinstance(spec[key], int) and spec[key] >= 0, f"{where}.spec.{key} must be a whole number")
        check_pod(spec.get("template", {}).get("spec", {}), f"{where}.spec.template.spec")
    if len(docs) == 2:
        render, join = docs
        spec = render["spec"]
        need(spec.get("completionMode") == "Indexed", "the render Job must be Indexed (JOB_COMPLETION_INDEX names each piece)")
        need(spec.get("parallelism", 1) <= spec.get("completions", 1), "parallelism above completions starts idle pods")
        c = spec["template"]["spec"]["containers"][0]
        env = {e["name"]: e["value"] for e in c.get("env", [])}
        need(env.get("REEL_SEGMENTS") == str(spec.get("completions")), "REEL_SEGMENTS must equal completions")
        need(c["command"][:2] == ["reel", "render"] and "--segment" in c["command"] and "auto" in c["command"],
             "the render Job must run `reel render ... --segment auto`")
        jc = join["spec"]["template"]["spec"]["containers"][0]
        need(jc["command"][:2] == ["reel", "join"], "the join Job must run `reel join`")
    for p in problems:
        print(f"render-job.yaml: {p}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print("kubernetes: render-job.yaml holds two batch/v1 Jobs (Indexed render, join) as Reel needs them")


main()
