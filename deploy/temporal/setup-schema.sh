#!/bin/sh
# One-shot: create Temporal's two databases in temporal-db and bring their schemas to the
# version shipped in this admin-tools image. Idempotent: `create` ignores an existing
# database, `setup-schema -v 0.0` skips a database that is already versioned and
# `update-schema` only applies newer versions, so it is safe on every `docker compose up`
# and it upgrades the schema when the Temporal image tags are bumped.
# Runs in temporalio/admin-tools (Alpine, busybox sh). Follows the setup-postgres.sh script of
# temporalio/samples-server (compose/), the replacement for the deprecated auto-setup image.
set -eu

: "${DB:=postgres12}"
: "${DB_PORT:=5432}"
: "${POSTGRES_SEEDS:?POSTGRES_SEEDS must name the Postgres host}"
: "${POSTGRES_USER:?POSTGRES_USER must be set}"
: "${SQL_PASSWORD:?SQL_PASSWORD must be set}"
: "${DBNAME:=temporal}"
: "${VISIBILITY_DBNAME:=temporal_visibility}"
SCHEMA_ROOT=/etc/temporal/schema/postgresql/v12

echo "waiting for ${POSTGRES_SEEDS}:${DB_PORT}..."
tries=0
until nc -z -w 5 "${POSTGRES_SEEDS}" "${DB_PORT}"; do
  tries=$((tries + 1))
  if [ "$tries" -ge 60 ]; then
    echo "postgres at ${POSTGRES_SEEDS}:${DB_PORT} is not reachable" >&2
    exit 1
  fi
  sleep 2
done

sql_tool() {
  temporal-sql-tool --plugin "${DB}" --ep "${POSTGRES_SEEDS}" -u "${POSTGRES_USER}" \
    -p "${DB_PORT}" "$@"
}

for pair in "${DBNAME}:temporal" "${VISIBILITY_DBNAME}:visibility"; do
  db=${pair%%:*}
  kind=${pair#*:}
  echo "schema for ${db} (${kind})"
  sql_tool --db "${db}" create
  sql_tool --db "${db}" setup-schema -v 0.0
  sql_tool --db "${db}" update-schema -d "${SCHEMA_ROOT}/${kind}/versioned"
done

echo "Temporal schema is up to date"
