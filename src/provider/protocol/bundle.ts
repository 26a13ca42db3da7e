// Bundles a provider entry point into a Terraform filesystem mirror (unpacked layout): one minified
// file is the fastest thing for node to load (no module resolution, no directory walks). Needs
// esbuild (a dev dependency) at build time only.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAGIC_COOKIE_VALUE } from './handshake';

export interface BundleOptions {
  /** The TypeScript/JavaScript entry that calls `serveProvider`. */
  entry: string;
  /** Root of the filesystem mirror. */
  mirrorDir: string;
  hostname?: string;
  namespace?: string;
  type?: string;
  version?: string;
  /** Interpreter line; default `#!<this node>` (tests), use `#!/usr/bin/env node` for shipping. */
  shebang?: string;
  minify?: boolean;
  /** Ship a V8 code cache beside the bundle (default true). */
  codeCache?: boolean;
}

export function terraformPlatform(): string {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const arch = ({ x64: 'amd64', ia32: '386', arm64: 'arm64', arm: 'arm' } as Record<string, string>)[process.arch] ?? process.arch;
  return `${os}_${arch}`;
}

/** The folder Terraform hashes for the lock file: everything the executable runs must be inside. */
export function mirrorPackageDir(o: Omit<BundleOptions, 'entry'>): string {
  return path.join(
    o.mirrorDir,
    o.hostname ?? 'registry.terraform.io',
    o.namespace ?? 'cdk-workspaces',
    o.type ?? 'cdkws',
    o.version ?? '0.0.1',
    terraformPlatform(),
  );
}

// The executable is a small launcher: it compiles the bundle with V8's code cache when one is there
// (saves ~15 ms of each start) and plainly otherwise (e.g. after a node upgrade: V8 rejects a cache
// from another version and compiles normally). It never writes into its folder, whose hash
// Terraform checks.
const LAUNCHER = `
'use strict';
const fs = require('fs'), path = require('path'), vm = require('vm'), Module = require('module');
const file = path.join(__dirname, 'provider.js');
let cachedData;
try { cachedData = fs.readFileSync(file + '.cache'); } catch {}
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
const mod = { exports: {} };
script.runInThisContext()(mod.exports, require, mod, file, __dirname);
`;

// Run once at build time: start the bundle as Terraform would, then save the code V8 compiled.
const CACHE_WRITER = `
const fs = require('fs'), vm = require('vm'), Module = require('module');
const file = process.argv[1];
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file });
const mod = { exports: {} };
script.runInThisContext()(mod.exports, require, mod, file, require('path').dirname(file));
setTimeout(() => { fs.writeFileSync(file + '.cache', script.createCachedData()); process.exit(0); }, 300);
`;

function writeCodeCache(bundle: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createServerCertificate } = require('./cert') as typeof import('./cert');
  const sockets = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-cache-'));
  try {
    const res = spawnSync(process.execPath, ['-e', CACHE_WRITER, bundle], {
      env: {
        ...process.env,
        TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
        PLUGIN_PROTOCOL_VERSIONS: '6',
        PLUGIN_CLIENT_CERT: createServerCertificate().certPem,
        PLUGIN_UNIX_SOCKET_DIR: sockets,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 30_000,
    });
    if (res.status !== 0) throw new Error(`code cache run failed (${res.status}): ${String(res.stderr)}`);
  } finally {
    fs.rmSync(sockets, { recursive: true, force: true });
  }
}

/**
 * Writes the executable `terraform-provider-<type>_v<version>` (a launcher), `provider.js` (the
 * bundle) and `provider.js.cache` (V8 code cache) into the mirror; returns the executable's path.
 */
export async function bundleProvider(o: BundleOptions): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof import('esbuild');
  const dir = mirrorPackageDir(o);
  fs.mkdirSync(dir, { recursive: true });
  const bundle = path.join(dir, 'provider.js');
  await esbuild.build({
    entryPoints: [o.entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: o.minify ?? true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  fs.rmSync(bundle + '.cache', { force: true });
  if (o.codeCache ?? true) writeCodeCache(bundle);
  const exe = path.join(dir, `terraform-provider-${o.type ?? 'cdkws'}_v${o.version ?? '0.0.1'}`);
  fs.writeFileSync(exe, `${o.shebang ?? `#!${process.execPath}`}${LAUNCHER}`, { mode: 0o755 });
  fs.chmodSync(exe, 0o755);
  return exe;
}
