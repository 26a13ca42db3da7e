# Throwaway PostgreSQL for tests. Source it (bash):
#   source .ci/postgres.sh && npm run test:postgres && pg_stop
# Installs Debian's postgresql package when no initdb is found, creates a cluster in a temporary
# directory (trust authentication, TCP on 127.0.0.1 only, unix socket inside that directory, no
# systemd), and exports CDKWS_TEST_DATABASE_URL pointing at its admin database. `pg_stop` stops the
# server and removes the directory.

_cdkws_pg_bindir() {
  if command -v initdb >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v initdb)")"
    return 0
  fi
  # Debian keeps the server binaries off PATH, one folder per major version: take the newest.
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && echo "$dir"
}

# Runs a command as the postgres user when we are root (initdb and postgres refuse to run as root).
_cdkws_pg_as_owner() {
  if [ "$(id -u)" = 0 ]; then
    # runuser lives in /usr/sbin, which a minimal PATH (env -i, some CI images) leaves out.
    PATH="$PATH:/usr/sbin:/sbin" runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

_cdkws_pg_port_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

pg_start() {
  local bindir dir port
  bindir=$(_cdkws_pg_bindir)
  if [ -z "$bindir" ]; then
    if [ "$(id -u)" != 0 ]; then
      echo "postgres.sh: PostgreSQL is not installed and installing it needs root" >&2
      return 1
    fi
    echo "postgres.sh: installing PostgreSQL from Debian's packages" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || return 1
    bindir=$(_cdkws_pg_bindir)
    [ -n "$bindir" ] || { echo "postgres.sh: initdb not found after installing" >&2; return 1; }
  fi
  if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres || return 1
  fi

  dir=$(mktemp -d "${TMPDIR:-/tmp}/cdkws-pg.XXXXXX") || return 1
  chmod 755 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"

  if ! _cdkws_pg_as_owner "$bindir/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    rm -rf "$dir"
    return 1
  fi
  # The port sits below the kernel's ephemeral range (ip_local_port_range, from 32768 by default):
  # a port inside it can be held by any outgoing connection (the tests open thousands), which a
  # probe by connecting cannot see and which makes the server's bind fail. A bind that fails anyway
  # moves on to the next port.
  port=${CDKWS_PG_PORT:-25432}
  local started=
  while [ "$port" -le "$(( ${CDKWS_PG_PORT:-25432} + 200 ))" ]; do
    if _cdkws_pg_port_free "$port"; then
      rm -f "$dir/server.log"
      # Durability settings are off: the cluster is thrown away after the tests.
      if _cdkws_pg_as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
        start >/dev/null 2>&1; then
        started=1
        break
      fi
      grep -q 'Address already in use' "$dir/server.log" 2>/dev/null || break
    fi
    port=$((port + 1))
  done
  if [ -z "$started" ]; then
    echo "postgres.sh: the server did not start (last port tried: $port)" >&2
    cat "$dir/server.log" >&2 2>/dev/null
    rm -rf "$dir"
    return 1
  fi
  local i
  for i in $(seq 1 60); do
    "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres && break
    sleep 0.5
  done
  if ! "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres; then
    echo "postgres.sh: server did not become ready" >&2
    cat "$dir/server.log" >&2
    pg_stop
    return 1
  fi

  export CDKWS_PG_DIR="$dir" CDKWS_PG_BINDIR="$bindir"
  export CDKWS_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "postgres.sh: PostgreSQL ready at $CDKWS_TEST_DATABASE_URL" >&2
}

pg_stop() {
  if [ -n "${CDKWS_PG_DIR:-}" ] && [ -d "$CDKWS_PG_DIR" ]; then
    _cdkws_pg_as_owner "$CDKWS_PG_BINDIR/pg_ctl" -D "$CDKWS_PG_DIR/data" -m fast -w stop >/dev/null 2>&1
    rm -rf "$CDKWS_PG_DIR"
  fi
  unset CDKWS_PG_DIR CDKWS_PG_BINDIR CDKWS_TEST_DATABASE_URL
}

pg_start
