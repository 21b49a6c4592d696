#!/usr/bin/env bash
# The deploy trial (slow: not part of scripts/test.sh or .ci/run). Builds deploy/Dockerfile with
# podman, brings up deploy/docker-compose.yml (bot + Redis with AOF) with podman-compose, waits
# until both are healthy, has the bot in its container play a Raspad game against the Bot API
# emulator on this host, restarts the bot (then Redis) in the middle and checks the game goes
# on, checks /metrics and the log, and tears everything down.
#
#   bash scripts/deploy_test.sh                 # 4-7 min: the build copies each layer (vfs)
#   REMOVE_IMAGE=1 bash scripts/deploy_test.sh  # also remove the built image at the end
#
# Needs root (or rootless podman). On these sandboxed machines podman is set up by
# ../shared/tools/container-base.sh (podman, runc and local stand-ins for python:3.11-slim and
# redis:7-alpine; see ../shared/containers.md); elsewhere any podman with those two images.
set -euo pipefail
cd "$(dirname "$0")/.."

image=localhost/cardbot:deploytest
tools=../shared/tools
if [ -f "$tools/podman-env.sh" ]; then
    if ! command -v podman >/dev/null || ! command -v runc >/dev/null; then
        echo "== podman and the base images (../shared/tools/container-base.sh)"
        bash "$tools/container-base.sh" >/dev/null
    fi
    # shellcheck source=/dev/null
    source "$tools/podman-env.sh"
    for base in docker.io/library/python:3.11-slim docker.io/library/redis:7-alpine; do
        $PODMAN image exists "$base" || bash "$tools/container-base.sh" >/dev/null
    done
else
    export PODMAN=${PODMAN:-podman}
    PODMAN_BUILD_FLAGS=${PODMAN_BUILD_FLAGS:-}
fi
command -v podman >/dev/null || { echo "podman is required" >&2; exit 1; }

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[dev]" podman-compose
export PODMAN_COMPOSE="$PWD/.venv/bin/podman-compose"

cleanup() {
    if [ -n "${REMOVE_IMAGE:-}" ]; then
        $PODMAN rmi -f "$image" >/dev/null 2>&1 || true
    fi
}
trap cleanup EXIT

echo "== building $image from deploy/Dockerfile"
start=$(date +%s)
# docker format: OCI images drop HEALTHCHECK, and the trial runs the image's own check
# shellcheck disable=SC2086
$PODMAN build $PODMAN_BUILD_FLAGS --format docker -f deploy/Dockerfile -t "$image" . >/tmp/cardbot-deploy-build.log 2>&1 \
    || { tail -40 /tmp/cardbot-deploy-build.log; exit 1; }
echo "   built in $(( $(date +%s) - start )) s"

echo "== compose trial (podman-compose, emulator on 127.0.0.1)"
.venv/bin/python -m tests.deploy.compose_trial --image "$image"
