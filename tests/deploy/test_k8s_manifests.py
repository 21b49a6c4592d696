"""deploy/k8s/ is valid Kubernetes (every document against the API schemas of kubernetes-validate,
strict: an unknown field is an error) and fits the bot: 2+ webhook replicas probed on /readyz
and /healthz at METRICS_PORT, a disruption budget and a Service that select those pods,
settings from a ConfigMap and a Secret that exist and name real settings, Redis as a StatefulSet
with its append-only file on a claimed volume. Broken copies are rejected."""

from __future__ import annotations

import functools
import json
import shutil
from pathlib import Path
from typing import Any

import kubernetes_validate  # type: ignore[import-untyped]
import pytest
import yaml  # type: ignore[import-untyped]

from bot.config import Settings

K8S = Path(__file__).resolve().parents[2] / "deploy" / "k8s"
# the oldest Kubernetes still commonly run, and the newest the package knows
VERSIONS = ("1.30", str(kubernetes_validate.utils.latest_version()))
SETTINGS = {name.upper() for name in Settings.model_fields}

Doc = dict[str, Any]


def load(folder: Path) -> list[Doc]:
    docs: list[Doc] = []
    for path in sorted(folder.glob("*.yaml")):
        docs += [d for d in yaml.safe_load_all(path.read_text(encoding="utf-8")) if d]
    return docs


def schema_problems(docs: list[Doc]) -> list[str]:
    return [p for doc in docs for p in _schema_problems(json.dumps(doc, sort_keys=True))]


@functools.cache
def _schema_problems(doc_json: str) -> tuple[str, ...]:
    """One document against each version's schema (cached: the broken copies share most)."""
    doc = json.loads(doc_json)
    out = []
    for version in VERSIONS:
        try:
            kubernetes_validate.validate(doc, version, strict=True)
        except kubernetes_validate.ValidationError as err:
            path = ".".join(str(p) for p in err.path)
            out.append(f"{doc.get('kind')} {version} {path}: {err.message}")
        except kubernetes_validate.SchemaNotFoundError as err:
            out.append(f"{doc.get('kind')}: {err.message}")
    return tuple(out)


def one(docs: list[Doc], kind: str) -> Doc:
    found = [d for d in docs if d.get("kind") == kind]
    assert len(found) == 1, f"{len(found)} {kind}s"
    return found[0]


def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return bool(selector) and all(labels.get(k) == v for k, v in selector.items())


def bot_problems(docs: list[Doc]) -> list[str]:
    """What the bot needs of the manifests, beyond the schemas."""
    out: list[str] = []
    deployment, config = one(docs, "Deployment"), one(docs, "ConfigMap")
    settings: dict[str, str] = config.get("data", {})
    secret = one(docs, "Secret")
    secrets: dict[str, str] = {**secret.get("stringData", {}), **secret.get("data", {})}
    pod = deployment["spec"]["template"]
    labels = pod["metadata"]["labels"]
    if deployment["spec"].get("replicas", 1) < 2:
        out.append("the Deployment needs 2+ replicas")
    if not settings.get("WEBHOOK_URL"):
        out.append("several replicas need webhook mode (WEBHOOK_URL)")
    if not settings.get("REDIS_URL"):
        out.append("replicas must share Redis (REDIS_URL)")
    if "BOT_TOKEN" not in secrets or "BOT_TOKEN" in settings:
        out.append("BOT_TOKEN belongs in the Secret, and only there")
    unknown = sorted((set(settings) | set(secrets)) - SETTINGS)
    if unknown:
        out.append(f"not settings of the bot: {unknown}")
    [container] = pod["spec"]["containers"]
    refs = {
        (kind, ref[kind]["name"])
        for ref in container.get("envFrom", [])
        for kind in ("configMapRef", "secretRef")
        if kind in ref
    }
    wanted = {
        ("configMapRef", config["metadata"]["name"]),
        ("secretRef", secret["metadata"]["name"]),
    }
    if refs != wanted:
        out.append(f"envFrom {sorted(refs)} is not the ConfigMap and the Secret")
    ports = {p["name"]: p["containerPort"] for p in container.get("ports", [])}
    if str(ports.get("metrics")) != settings.get("METRICS_PORT"):
        out.append("the container's metrics port is not METRICS_PORT")
    if str(ports.get("webhook")) != settings.get("WEBHOOK_PORT"):
        out.append("the container's webhook port is not WEBHOOK_PORT")
    for probe, path in (("readinessProbe", "/readyz"), ("livenessProbe", "/healthz")):
        get = container.get(probe, {}).get("httpGet", {})
        if get.get("path") != path or get.get("port") not in ("metrics", ports.get("metrics")):
            out.append(f"{probe} must GET {path} on the metrics port")
    budget = one(docs, "PodDisruptionBudget")["spec"]
    if not selects(budget["selector"].get("matchLabels", {}), labels):
        out.append("the PodDisruptionBudget does not select the bot's pods")
    if budget.get("minAvailable", 0) in (0, "0%") and "maxUnavailable" not in budget:
        out.append("the PodDisruptionBudget allows every pod down")
    services = [s for s in docs if s["kind"] == "Service"]
    if not any(selects(s["spec"].get("selector", {}), labels) for s in services):
        out.append("no Service selects the bot's pods")
    return out + redis_problems(docs, services, settings)


def redis_problems(docs: list[Doc], services: list[Doc], settings: dict[str, str]) -> list[str]:
    out = []
    redis = one(docs, "StatefulSet")
    spec = redis["spec"]
    [container] = spec["template"]["spec"]["containers"]
    args = [*container.get("command", []), *container.get("args", [])]
    if "--appendonly" not in args or args[args.index("--appendonly") + 1] != "yes":
        out.append("Redis must run with --appendonly yes")
    claims = {c["metadata"]["name"] for c in spec.get("volumeClaimTemplates", [])}
    mounts = {m["name"]: m["mountPath"] for m in container.get("volumeMounts", [])}
    if not claims or not any(mounts.get(c) == "/data" for c in claims):
        out.append("Redis's /data must be a PersistentVolumeClaim")
    host = settings.get("REDIS_URL", "").split("//")[-1].split(":")[0].split(".")
    names = {s["metadata"]["name"] for s in services}
    if spec.get("serviceName") not in names or host[-1] != spec.get("serviceName"):
        out.append("REDIS_URL does not name the StatefulSet's Service")
    return out


def problems(folder: Path) -> list[str]:
    try:
        docs = load(folder)
    except yaml.YAMLError as err:
        return [f"not YAML: {err}"]
    return schema_problems(docs) or bot_problems(docs)


def test_the_manifests_are_valid_and_fit_the_bot() -> None:
    docs = load(K8S)
    kinds = sorted(d["kind"] for d in docs)
    assert kinds == [
        "ConfigMap",
        "Deployment",
        "Ingress",
        "PodDisruptionBudget",
        "Secret",
        "Service",
        "Service",
        "StatefulSet",
    ]
    assert problems(K8S) == []


BROKEN = {
    "a number as text": ("bot.yaml", "replicas: 2", 'replicas: "two"'),
    "a misspelt field": ("bot.yaml", "readinessProbe:", "readynessProbe:"),
    "a missing required field": ("redis.yaml", "  serviceName: cardbot-redis\n", ""),
    "not YAML": ("secret.yaml", "type: Opaque", "type: Opaque\n\t- x"),
    "an unknown kind": ("bot.yaml", "kind: PodDisruptionBudget", "kind: PodDisruptionBudgett"),
    "one replica": ("bot.yaml", "replicas: 2", "replicas: 1"),
    "the wrong probe path": ("bot.yaml", "path: /readyz", "path: /ready"),
    "no append-only file": ("redis.yaml", '"--appendonly", "yes"', '"--appendonly", "no"'),
    "a misspelt setting": ("config.yaml", "METRICS_PORT:", "METRIC_PORT:"),
    "a budget for other pods": (
        "bot.yaml",
        "  minAvailable: 1\n  selector:\n    matchLabels:\n      app.kubernetes.io/name: cardbot",
        "  minAvailable: 1\n  selector:\n    matchLabels:\n      app.kubernetes.io/name: cardbott",
    ),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_copy_is_rejected(name: str, tmp_path: Path) -> None:
    file, old, new = BROKEN[name]
    copy = tmp_path / "k8s"
    shutil.copytree(K8S, copy)
    text = (copy / file).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {file}"
    (copy / file).write_text(text.replace(old, new), encoding="utf-8")
    assert problems(copy), f"{name}: accepted"
