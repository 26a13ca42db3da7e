// Builds the provider executable into a mirror folder: a launcher, the core bundle with its V8
// code cache (bundleProvider), and a second bundle of the heavy libraries the hooks need (undici,
// zod) that is read only when a hook first needs the client. Terraform starts the provider 3–5
// times per command and several of those starts only ask for the schema: keeping a megabyte of
// library code out of the core bundle is most of the start-up budget. Run by `npm run build`
// (scripts/bundle-provider.js), so installs never need esbuild.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as esbuildTypes from 'esbuild';
import { BUILT_MIRROR, packageRoot } from './install';
import { bundleProvider, mirrorPackageDir } from './protocol/bundle';
import { PROVIDER_HOSTNAME, PROVIDER_NAMESPACE, PROVIDER_TYPE, PROVIDER_VERSION } from './version';

export interface BuildOptions {
  /** @default `<package>/dist/provider-mirror` */
  mirrorDir?: string;
  codeCache?: boolean;
  /** @default `<package>/src/provider/main.ts` */
  entry?: string;
}

/** Libraries moved to the deferred bundle; each import of them becomes a stub that loads it. */
export const DEFERRED = ['undici', 'zod'] as const;
export const DEFERRED_FILE = 'provider-deps.js';

// Loads the deferred bundle once (with its code cache when V8 accepts it) from the executable's folder.
const STUB = (name: string) => `
const g = globalThis;
if (!g.__cdkwsDeferred) {
  const fs = require('fs'), vm = require('vm'), Module = require('module');
  const file = require('path').join(__dirname, ${JSON.stringify(DEFERRED_FILE)});
  let cachedData;
  try { cachedData = fs.readFileSync(file + '.cache'); } catch {}
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
  const mod = { exports: {} };
  script.runInThisContext()(mod.exports, require, mod, file, __dirname);
  g.__cdkwsDeferred = mod.exports;
}
module.exports = g.__cdkwsDeferred[${JSON.stringify(name)}];
`;

const CACHE_WRITER = `
const fs = require('fs'), vm = require('vm'), Module = require('module');
const file = process.argv[1];
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file });
const mod = { exports: {} };
script.runInThisContext()(mod.exports, require, mod, file, require('path').dirname(file));
fs.writeFileSync(file + '.cache', script.createCachedData());
`;

function deferPlugin(): esbuildTypes.Plugin {
  const filter = new RegExp(`^(${DEFERRED.join('|')})$`);
  return {
    name: 'cdkws-defer',
    setup(build) {
      build.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'cdkws-deferred' }));
      build.onLoad({ filter: /.*/, namespace: 'cdkws-deferred' }, (args) => ({ contents: STUB(args.path), loader: 'js' }));
    },
  };
}

/** Bundles `src/provider/main.ts`; returns the executable's path. */
export async function buildProviderBundle(options: BuildOptions = {}): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof esbuildTypes;
  const root = packageRoot();
  const mirrorDir = options.mirrorDir ?? path.join(root, BUILT_MIRROR);
  fs.rmSync(path.join(mirrorDir, PROVIDER_HOSTNAME, PROVIDER_NAMESPACE, PROVIDER_TYPE), { recursive: true, force: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-build-'));
  try {
    const core = path.join(tmp, 'core.js');
    await esbuild.build({
      entryPoints: [options.entry ?? path.join(root, 'src', 'provider', 'main.ts')],
      outfile: core,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      logLevel: 'silent',
      external: ['@grpc/proto-loader'],
      plugins: [deferPlugin()],
    });
    const target = { mirrorDir, hostname: PROVIDER_HOSTNAME, namespace: PROVIDER_NAMESPACE, type: PROVIDER_TYPE, version: PROVIDER_VERSION };
    // The deferred bundle first: the core's code-cache run may load it if a module needs it at start.
    fs.mkdirSync(mirrorPackageDir(target), { recursive: true });
    const deferred = path.join(mirrorPackageDir(target), DEFERRED_FILE);
    await esbuild.build({
      stdin: { contents: `module.exports = { ${DEFERRED.map((d) => `${JSON.stringify(d)}: require(${JSON.stringify(d)})`).join(', ')} };`, resolveDir: root, loader: 'js' },
      outfile: deferred,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      minify: true,
      legalComments: 'none',
      logLevel: 'silent',
    });
    if (options.codeCache ?? true) {
      const res = spawnSync(process.execPath, ['-e', CACHE_WRITER, deferred], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 30_000 });
      if (res.status !== 0) throw new Error(`code cache of ${DEFERRED_FILE} failed: ${res.stderr}`);
    }
    const executable = await bundleProvider({
      ...target,
      entry: core,
      // Not this machine's node path: the folder's hash must not depend on where node lives.
      shebang: '#!/usr/bin/env node',
      codeCache: options.codeCache ?? true,
    });
    return executable;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
