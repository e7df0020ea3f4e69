#!/bin/sh
# Runs once, when trawl-db's volume is first created (docker-entrypoint-initdb.d), as the
# image's superuser. trawl's workers connect as `trawl`, which owns the database but is no
# superuser; `trawl sql` connects as `trawl_reader`, which may only read (see SECURITY.md).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
     -v owner_password="$TRAWL_DB_PASSWORD" -v reader_password="$TRAWL_READER_DB_PASSWORD" <<'SQL'
CREATE ROLE trawl LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION
  PASSWORD :'owner_password';
CREATE ROLE trawl_reader LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION
  PASSWORD :'reader_password';
ALTER ROLE trawl_reader SET default_transaction_read_only = on;
CREATE DATABASE trawl OWNER trawl;
\connect trawl
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO trawl_reader;
ALTER DEFAULT PRIVILEGES FOR ROLE trawl IN SCHEMA public GRANT SELECT ON TABLES TO trawl_reader;
SQL
