#!/usr/bin/env bash
# Runs go-tfe's own integration tests, unchanged, against a fresh `cdkws serve --tls` and counts
# them (docs/compatibility.md "go-tfe's newest tests"). A maintainer's tool: it needs a go-tfe
# checkout at a release tag and a hashicorp/jsonapi checkout at the commit that release's go.mod
# names (the maintainer fetches both; this script downloads nothing), Debian's Go 1.23
# (golang-1.23-go from bookworm-backports) and Debian's Go libraries in /usr/share/gocode.
#
# usage: scripts/go-tfe-tests.sh GO_TFE_DIR JSONAPI_DIR [TEST_REGEX]
#
# Each top-level test runs in its own process, so a panic in one does not hide the rest. A test
# that skips itself for want of ENABLE_TFE=1 runs again with it, against a second service of the
# self-hosted edition. Prints
# one line per test, then `N passed, N failed, N skipped`, then one cause line per failure.
# Run `npm run build` first: the service comes from dist/.
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 GO_TFE_DIR JSONAPI_DIR [TEST_REGEX]" >&2
  exit 2
fi
GO_TFE_DIR=$(cd "$1" && pwd)
JSONAPI_DIR=$(cd "$2" && pwd)
# By default the tests of workspace_, organization_, ssh_key_, organization_tags_ and agent_pool_integration_test.go.
TESTS=${3:-'^Test(Workspaces|Workspace_|WorkspaceCreateOptions|CanForceDelete|Organizations|Organization_|OrganizationTags|SSHKeys|AgentPools)'}
GO=${GO:-/usr/lib/go-1.23/bin/go}
DEBIAN_GOCODE=${DEBIAN_GOCODE:-/usr/share/gocode}
PER_TEST_TIMEOUT=${PER_TEST_TIMEOUT:-180s}
# LOGS_DIR=dir keeps each test's `go test -v` output there as <test>.log.
LOGS_DIR=${LOGS_DIR:-}
ROOT=$(cd "$(dirname "$0")/.." && pwd)

[ -x "$GO" ] || { echo "$0: no Go at $GO (apt-get install -t bookworm-backports golang-1.23-go, or set GO)" >&2; exit 2; }
[ -f "$GO_TFE_DIR/tfe.go" ] || { echo "$0: $GO_TFE_DIR is not a go-tfe checkout (no tfe.go)" >&2; exit 2; }
[ -f "$JSONAPI_DIR/response.go" ] || { echo "$0: $JSONAPI_DIR is not a hashicorp/jsonapi checkout (no response.go)" >&2; exit 2; }
[ -f "$ROOT/dist/src/cli/main.js" ] || { echo "$0: no dist/; run npm run build first" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/cdkws-go-tfe.XXXXXX")
chmod 700 "$WORK"
SERVE_PIDS=()
cleanup() {
  for pid in "${SERVE_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# GOPATH mode: the two checkouts copied under one source tree, Debian's libraries after it.
PKG="$WORK/gopath/src/github.com/hashicorp"
mkdir -p "$PKG"
cp -R "$GO_TFE_DIR" "$PKG/go-tfe"
cp -R "$JSONAPI_DIR" "$PKG/jsonapi"
rm -rf "$PKG/go-tfe/.git" "$PKG/jsonapi/.git"
export GO111MODULE=off GOTOOLCHAIN=local GOFLAGS= GOPATH="$WORK/gopath:$DEBIAN_GOCODE"
echo "building go-tfe's tests with $("$GO" version)" >&2
(cd "$PKG/go-tfe" && "$GO" test -c -o "$WORK/gotfe.test" .)

# Fresh services holding only a site administrator (the tests create their own organizations):
# the hosted edition for every test, the self-hosted one for those that need ENABLE_TFE=1.
TOKEN="go-tfe-site-admin-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
SERVE_PIDS=()
start_service() {
  local edition=$1 dir="$WORK/$1"
  mkdir -p "$dir"
  printf '{"edition":"%s","users":[{"username":"site-admin","site-admin":true,"tokens":["%s"]}]}\n' "$edition" "$TOKEN" >"$dir/bootstrap.json"
  node "$ROOT/bin/cdkws.js" serve --host 127.0.0.1 --port 0 --tls --bootstrap "$dir/bootstrap.json" --data "$dir/service.db" \
    >"$dir/serve.out" 2>"$dir/serve.err" &
  SERVE_PIDS+=($!)
  local pid=$! address=
  for _ in $(seq 1 600); do
    address=$(sed -n 's|.*listening on \(https://[^ ]*\).*|\1|p' "$dir/serve.out" | head -n 1)
    [ -n "$address" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$dir/serve.err" >&2; echo "$0: cdkws serve exited" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$address" ] || { echo "$0: cdkws serve did not start" >&2; exit 1; }
  echo "${address%/}" >"$dir/address"
  sed -n 's|.*certificate authority: \(.*\)$|\1|p' "$dir/serve.err" | head -n 1 >"$dir/ca"
  echo "$edition service at ${address%/}" >&2
}
start_service hosted
start_service self-hosted

export TFE_TOKEN="$TOKEN" ENABLE_BETA=1
for role in SITE_ADMIN CONFIGURATION PROVISION_LICENSES SUBSCRIPTION SUPPORT SECURITY_MAINTENANCE VERSION_MAINTENANCE; do
  export "TFE_ADMIN_${role}_TOKEN=$TOKEN"
done
unset ENABLE_TFE

# Runs one test against the service of an edition; prints its outcome (PASS, FAIL or SKIP) and leaves its output in $WORK/<name>.log.
run_one() {
  local name=$1 edition=$2 log="$WORK/$1.log"
  (cd "$PKG/go-tfe" && TFE_ADDRESS=$(cat "$WORK/$edition/address") SSL_CERT_FILE=$(cat "$WORK/$edition/ca") "$WORK/gotfe.test" -test.run "^${name}\$" -test.v -test.count 1 -test.timeout "$PER_TEST_TIMEOUT") >"$log" 2>&1 || true
  local outcome
  outcome=$(sed -n "s/^--- \(PASS\|FAIL\|SKIP\): ${name} .*/\1/p" "$log" | tail -n 1)
  echo "${outcome:-FAIL}"
}

# The first reason go test gives for a failure: a panic, testify's Error line, or a t.Error line
# (the helpers' cleanup warnings are not reasons).
cause_of() {
  local log=$1 line
  line=$(grep -m1 -E '^panic: |test timed out' "$log" || true)
  if [ -z "$line" ]; then
    line=$(awk 'more { sub(/^[[:space:]]+/, ""); print found " " $0; exit }
                /_test\.go:[0-9]+: *$/ { at = $1; next }
                /^[[:space:]]+Error:/ { sub(/^[[:space:]]+Error:[[:space:]]*/, ""); found = at " " $0; if (found ~ /:$/) { more = 1; next } print found; exit }
                /_test\.go:[0-9]+: ./ && !/Error Trace|Warning: / { sub(/^[[:space:]]+/, ""); print; exit }' "$log")
  fi
  printf '%s' "${line:-no cause found in the output}" | tr -s ' \t' ' ' | cut -c1-300
}

mapfile -t NAMES < <(cd "$PKG/go-tfe" && "$WORK/gotfe.test" -test.list "$TESTS" | grep '^Test' | sort)
passed=0 failed=0 skipped=0 causes=()
for name in "${NAMES[@]}"; do
  outcome=$(run_one "$name" hosted)
  edition=""
  if [ "$outcome" = SKIP ] && grep -q 'Set ENABLE_TFE=1 to run' "$WORK/$name.log"; then
    outcome=$(ENABLE_TFE=1 run_one "$name" self-hosted)
    edition=" (ENABLE_TFE=1, self-hosted edition)"
  fi
  echo "$outcome $name$edition"
  if [ -n "$LOGS_DIR" ]; then mkdir -p "$LOGS_DIR" && cp "$WORK/$name.log" "$LOGS_DIR/"; fi
  case $outcome in
    PASS) passed=$((passed + 1)) ;;
    SKIP) skipped=$((skipped + 1)) ;;
    *) failed=$((failed + 1)); causes+=("$name: $(cause_of "$WORK/$name.log")") ;;
  esac
done
echo "$passed passed, $failed failed, $skipped skipped"
for cause in "${causes[@]}"; do echo "  $cause"; done
