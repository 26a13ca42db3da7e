// A V8 startup snapshot of the bundled provider: the heap after the bundle was evaluated, so a start
// skips compiling and running the module code (most of the provider's start-up beyond bare node).
// A snapshot blob belongs to the one node binary that wrote it (node refuses another's, and exits),
// so none is shipped: `cdkws` builds one for the node it runs on, into the user's cache, and the
// executable (a shell launcher, see LAUNCHER) uses it only when the `node` on PATH is that very
// binary, unchanged since; otherwise it runs the plain bundle. The snapshot holds no key material:
// the TLS key and certificate are made fresh at each start, after the snapshot is loaded.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PROVIDER_DIR_ENV } from './protocol/handshake';

export const BUNDLE_FILE = 'provider.js';
/** The plain JavaScript launcher beside the bundle (V8 code cache, no snapshot). */
export const PLAIN_LAUNCHER_FILE = 'launcher.js';
const BLOB = 'snapshot.blob';

/** Names the bundle in the cache: a rebuilt bundle never meets an older snapshot. */
export function bundleHash(packageDir: string): string {
  return createHash('sha256')
    .update(fs.readFileSync(path.join(packageDir, BUNDLE_FILE)))
    .digest('hex')
    .slice(0, 20);
}

/** The cache folder the launcher looks in, written as the launcher's shell expands it. */
export function snapshotDir(hash: string, env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.XDG_CACHE_HOME || path.join(env.HOME || os.homedir(), '.cache');
  return path.join(cache, 'cdk-workspaces', 'provider-snapshots', hash);
}

/**
 * The provider executable: POSIX sh, so choosing costs no second node start. The snapshot is used
 * when this user owns it, the `node` on PATH is the binary it was built with (`-ef`: same file), and
 * it is newer than that binary and the binary's folder (replacing node, by a package manager or by
 * hand, touches one of them), and NODE_OPTIONS is empty (V8 flags there make node refuse a
 * snapshot built without them). Terraform's SIGINT reaches the provider either way: it is exec'd.
 */
export function launcherScript(hash: string): string {
  return `#!/bin/sh
# The cdk-workspaces Terraform provider: node runs provider.js beside this file, from a V8 startup
# snapshot when cdkws built one for this very node binary (src/provider/snapshot.ts).
case $0 in */*) d=\${0%/*} ;; *) d=. ;; esac
s=\${XDG_CACHE_HOME:-\${HOME:-/nonexistent}/.cache}/cdk-workspaces/provider-snapshots/${hash}
if [ -z "$NODE_OPTIONS" ] && [ -O "$s/${BLOB}" ] && n=$(command -v node) && [ "$n" -ef "$s/node" ] &&
  [ "$s/${BLOB}" -nt "$s/node" ] && [ "$s/${BLOB}" -nt "$s/node-dir" ]; then
  ${PROVIDER_DIR_ENV}=$d exec "$n" --snapshot-blob "$s/${BLOB}"
fi
exec node "$d/${PLAIN_LAUNCHER_FILE}"
`;
}

function isCurrent(dir: string, node: string): boolean {
  try {
    const blob = fs.statSync(path.join(dir, BLOB));
    return (
      fs.realpathSync(path.join(dir, 'node')) === node &&
      blob.mtimeMs > fs.statSync(node).mtimeMs &&
      blob.mtimeMs > fs.statSync(path.dirname(node)).mtimeMs &&
      blob.uid === os.userInfo().uid
    );
  } catch {
    return false;
  }
}

/** Snapshots kept per user: each provider build has its own (about 5 MB), and builds pile up. */
const KEPT_SNAPSHOTS = 4;

/** Removes all but the most recently built snapshots; one still in use is built again when next needed. */
function pruneOlderSnapshots(root: string): void {
  const built = fs
    .readdirSync(root)
    .filter((name) => /^[0-9a-f]{20}$/.test(name))
    .map((name) => {
      try {
        return { name, at: fs.statSync(path.join(root, name, BLOB)).mtimeMs };
      } catch {
        return { name, at: 0 };
      }
    })
    .sort((a, b) => b.at - a.at);
  for (const { name } of built.slice(KEPT_SNAPSHOTS)) fs.rmSync(path.join(root, name), { recursive: true, force: true });
}

export type SnapshotOutcome = 'current' | 'built' | 'failed';

/**
 * Makes sure the cache holds a snapshot of the bundle in `packageDir` built by this process's node
 * (about half a second when it does not). Never throws: without a snapshot the plain bundle runs.
 */
export function ensureProviderSnapshot(packageDir: string, env: NodeJS.ProcessEnv = process.env): SnapshotOutcome {
  let dir: string | undefined;
  let staging: string | undefined;
  try {
    const node = fs.realpathSync(process.execPath);
    dir = snapshotDir(bundleHash(packageDir), env);
    if (isCurrent(dir, node)) return 'current';
    fs.mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
    staging = fs.mkdtempSync(`${dir}.tmp-`);
    const res = spawnSync(node, ['--snapshot-blob', path.join(staging, BLOB), '--build-snapshot', path.join(packageDir, BUNDLE_FILE)], {
      cwd: staging,
      // Nothing of this environment may end up in the snapshot's heap; no flags the runs will not have.
      env: { PATH: env.PATH ?? '' },
      stdio: 'ignore',
      timeout: 60_000,
    });
    if (res.status !== 0 || !fs.existsSync(path.join(staging, BLOB))) return 'failed';
    fs.symlinkSync(node, path.join(staging, 'node'));
    fs.symlinkSync(path.dirname(node), path.join(staging, 'node-dir'));
    // The blob is written last of all, so its time is after the links' and node's.
    const now = new Date();
    fs.utimesSync(path.join(staging, BLOB), now, now);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(staging, dir);
    staging = undefined;
    pruneOlderSnapshots(path.dirname(dir));
    return 'built';
  } catch {
    return 'failed';
  } finally {
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
  }
}
