#!/usr/bin/env bash
# Runs a command (the server suite in `npm test`, a benchmark's `npm run bench:*:pg`) against a
# scratch PostgreSQL cluster: initdb in a temporary folder, started on a free loopback port with the
# server's defaults, a database `tourdesk` handed to the command as DATABASE_URL (and
# BENCH_DATABASE_URL; its data folder as BENCH_PG_DATA, so the benchmarks can count the cluster's
# CPU time); the cluster is stopped and its folder removed afterwards, whatever the command's
# outcome. As root the cluster runs as the `postgres` user (PostgreSQL refuses to run as root).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command...>" >&2
  exit 2
fi

pg_bin=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$pg_bin" ] && command -v pg_config >/dev/null; then pg_bin=$(pg_config --bindir); fi
if [ ! -x "$pg_bin/initdb" ]; then
  echo "PostgreSQL server binaries not found (set PG_BIN to the folder holding initdb)" >&2
  exit 1
fi

as_pg=()
if [ "$(id -u)" -eq 0 ]; then as_pg=(runuser -u postgres --); fi

pg_dir=$(mktemp -d -t tourdesk-pg-XXXXXX)
chmod 755 "$pg_dir"
[ "${#as_pg[@]}" -gt 0 ] && chown postgres "$pg_dir"
pg_port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

cleanup() {
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$pg_dir"
}
trap cleanup EXIT

"${as_pg[@]}" "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U postgres >/dev/null
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
  -o "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1" start >/dev/null
"${as_pg[@]}" "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres tourdesk
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') scratch cluster on port $pg_port"

url="postgres://postgres@127.0.0.1:$pg_port/tourdesk"
BENCH_DATABASE_URL="$url" DATABASE_URL="$url" BENCH_PG_DATA="$pg_dir/data" "$@"
