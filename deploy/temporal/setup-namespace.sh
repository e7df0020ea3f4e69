#!/bin/sh
# One-shot, after the Temporal server is up: make sure the namespace exists and register the
# custom search attributes trawl's workflows upsert. Idempotent: an existing namespace is
# kept, and `search-attribute create` accepts an attribute that already exists with the same
# type (it fails on a different type, which is what we want to hear about).
# Runs in temporalio/admin-tools (Alpine, busybox sh) with the `temporal` CLI.
set -eu

: "${TEMPORAL_ADDRESS:=temporal:7233}"
: "${TEMPORAL_NAMESPACE:=default}"
export TEMPORAL_ADDRESS TEMPORAL_NAMESPACE

# The namespace registry of the frontend refreshes every ~10 s; wait that long after changes
# so a worker started right after this job sees the new namespace and attributes.
: "${SETTLE_SECONDS:=12}"

# Resolve the host to an IPv4 address first, as temporalio/samples-server's
# create-namespace.sh does (works around the CLI preferring an unreachable IPv6 address).
host=${TEMPORAL_ADDRESS%:*}
port=${TEMPORAL_ADDRESS##*:}
ip=$(getent ahosts "$host" 2>/dev/null | awk '/STREAM/ { print $1; exit }' || true)
if [ -n "$ip" ]; then
  TEMPORAL_ADDRESS="$ip:$port"
fi

retry() {
  # retry ATTEMPTS DELAY command...
  attempts=$1
  delay=$2
  shift 2
  n=1
  until "$@"; do
    if [ "$n" -ge "$attempts" ]; then
      echo "giving up after $n attempts: $*" >&2
      return 1
    fi
    n=$((n + 1))
    sleep "$delay"
  done
}

echo "waiting for the Temporal frontend at ${TEMPORAL_ADDRESS}..."
retry 60 2 temporal operator cluster health

changed=0
if temporal operator namespace describe --namespace "${TEMPORAL_NAMESPACE}" >/dev/null 2>&1; then
  echo "namespace ${TEMPORAL_NAMESPACE} exists"
else
  echo "creating namespace ${TEMPORAL_NAMESPACE}"
  retry 10 3 temporal operator namespace create --namespace "${TEMPORAL_NAMESPACE}"
  changed=1
  sleep "${SETTLE_SECONDS}"
fi

ensure_search_attribute() {
  name=$1
  type=$2
  if temporal operator search-attribute list --namespace "${TEMPORAL_NAMESPACE}" \
      | grep -Eq "^[[:space:]]*${name}[[:space:]]"; then
    echo "search attribute ${name} exists"
    return 0
  fi
  echo "creating search attribute ${name} (${type})"
  retry 10 3 temporal operator search-attribute create \
    --namespace "${TEMPORAL_NAMESPACE}" --name "${name}" --type "${type}"
  changed=1
}

# The search attributes trawl's workflows set (workflows/ upserts them; the UI filters on them).
ensure_search_attribute CrawlStatus Keyword
ensure_search_attribute PagesDone Int
ensure_search_attribute SiteHost Keyword

if [ "$changed" -eq 1 ]; then
  sleep "${SETTLE_SECONDS}"
fi
temporal operator search-attribute list --namespace "${TEMPORAL_NAMESPACE}"
echo "Temporal namespace ${TEMPORAL_NAMESPACE} is ready for trawl"
