// Builds the provider executable into a mirror folder: a launcher (a shell script that starts the
// bundle from a V8 startup snapshot when one fits, snapshot.ts), the core bundle with its V8
// code cache (bundleProvider), and one bundle per heavy library the hooks need (undici, zod), each
// read only when a hook first needs it. Terraform starts the provider 3 times per plan: the first
// start only answers the schema, the second validates (zod, not undici) and only the third talks
// to the service. Keeping a megabyte of library code out of the core bundle is most of the
// start-up budget. Run by `npm run build` (scripts/bundle-provider.js), so installs never need esbuild.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as esbuildTypes from 'esbuild';
import { BUILT_MIRROR, packageRoot } from './install';
import { bundleProvider, mirrorPackageDir } from './protocol/bundle';
import { bundleHash, launcherScript, PLAIN_LAUNCHER_FILE } from './snapshot';
import { PROVIDER_HOSTNAME, PROVIDER_NAMESPACE, PROVIDER_TYPE, PROVIDER_VERSION } from './version';

export interface BuildOptions {
  /** @default `<package>/dist/provider-mirror` */
  mirrorDir?: string;
  codeCache?: boolean;
  /** @default `<package>/src/provider/main.ts` */
  entry?: string;
}

/** Libraries moved to deferred bundles; each import of them becomes a stub that loads its bundle. */
export const DEFERRED = ['undici', 'zod'] as const;
export const deferredFile = (name: string) => `provider-${name}.js`;

// Run before a deferred bundle is first loaded. undici parses HTTP with llhttp compiled to
// WebAssembly; V8 soon re-compiles its hot parser function with TurboFan on a background thread,
// which takes long for that huge function, and node's exit waits for it to finish: it delayed the
// exit of the provider start that talks to the service by ~1 s on a busy machine. Liftoff (V8's
// baseline WebAssembly compiler) code parses our few small responses just as well.
const PRELUDE: Partial<Record<(typeof DEFERRED)[number], string>> = {
  undici: `if (['x64', 'arm64'].includes(process.arch)) require('v8').setFlagsFromString('--liftoff-only');`,
};

// Loads one deferred bundle once (with its code cache when V8 accepts it) from the executable's folder.
const STUB = (name: string) => `
const g = globalThis, key = ${JSON.stringify(`__cdkwsDeferred_${name}`)};
if (!g[key]) {
  ${PRELUDE[name as (typeof DEFERRED)[number]] ?? ''}
  const fs = require('fs'), vm = require('vm'), Module = require('module');
  // From a V8 startup snapshot __dirname is the folder the snapshot was built from: main.ts names ours.
  const file = require('path').join(g.__cdkwsProviderDir || __dirname, ${JSON.stringify(deferredFile(name))});
  let cachedData;
  try { cachedData = fs.readFileSync(file + '.cache'); } catch {}
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
  const mod = { exports: {} };
  script.runInThisContext()(mod.exports, require, mod, file, __dirname);
  g[key] = mod.exports;
}
module.exports = g[key];
`;

const CACHE_WRITER = `
const fs = require('fs'), vm = require('vm'), Module = require('module');
const file = process.argv[1];
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file });
const mod = { exports: {} };
script.runInThisContext()(mod.exports, require, mod, file, require('path').dirname(file));
fs.writeFileSync(file + '.cache', script.createCachedData());
`;

// zod's error messages in languages other than English (z.locales.*): half of zod's bytes, and the
// provider only ever uses the English default. Each `locales/index` becomes one exporting `en`.
function englishOnlyZodPlugin(): esbuildTypes.Plugin {
  return {
    name: 'cdkws-zod-english-only',
    setup(build) {
      build.onResolve({ filter: /locales\/index\.c?js$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path), namespace: 'cdkws-zod-locales' }));
      build.onLoad({ filter: /.*/, namespace: 'cdkws-zod-locales' }, (args) => ({
        contents: args.path.endsWith('.cjs') ? `exports.en = require('./en.cjs').default;` : `export { default as en } from './en.js';`,
        loader: 'js',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}

// undici's index loads every dispatcher, fetch, WebSocket, caches and mocks (evaluating it cost
// more than zod). The client imports only Pool: the bundle holds Pool and the request API that the
// index adds to every Dispatcher; any other name throws, naming this file, instead of being undefined.
function slimUndiciEntry(root: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const names = Object.keys(require(require.resolve('undici', { paths: [root] })) as object);
  return `
const Dispatcher = require('undici/lib/dispatcher/dispatcher');
Object.assign(Dispatcher.prototype, require('undici/lib/api'));
const slim = { Pool: require('undici/lib/dispatcher/pool') };
for (const name of ${JSON.stringify(names)}) {
  if (!(name in slim)) Object.defineProperty(slim, name, { enumerable: true, get() { throw new Error('undici.' + name + ' is not in the provider bundle: add it to slimUndiciEntry in src/provider/build.ts'); } });
}
module.exports = slim;
`;
}

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
      plugins: [deferPlugin()],
    });
    const target = { mirrorDir, hostname: PROVIDER_HOSTNAME, namespace: PROVIDER_NAMESPACE, type: PROVIDER_TYPE, version: PROVIDER_VERSION };
    // The deferred bundles first: the core's code-cache run may load one if a module needs it at start.
    fs.mkdirSync(mirrorPackageDir(target), { recursive: true });
    for (const name of DEFERRED) {
      const file = path.join(mirrorPackageDir(target), deferredFile(name));
      await esbuild.build({
        stdin: { contents: name === 'undici' ? slimUndiciEntry(root) : `module.exports = require(${JSON.stringify(name)});`, resolveDir: root, loader: 'js' },
        plugins: name === 'zod' ? [englishOnlyZodPlugin()] : [],
        outfile: file,
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        minify: true,
        legalComments: 'none',
        logLevel: 'silent',
      });
      if (options.codeCache ?? true) {
        const res = spawnSync(process.execPath, ['-e', CACHE_WRITER, file], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 30_000 });
        if (res.status !== 0) throw new Error(`code cache of ${deferredFile(name)} failed: ${String(res.stderr)}`);
      }
    }
    const executable = await bundleProvider({
      ...target,
      entry: core,
      // Not this machine's node path: the folder's hash must not depend on where node lives.
      shebang: '#!/usr/bin/env node',
      codeCache: options.codeCache ?? true,
    });
    // The JavaScript launcher runs the bundle plainly; the executable becomes the shell launcher that
    // picks a startup snapshot when cdkws has built one for the node at hand (snapshot.ts).
    const packageDir = path.dirname(executable);
    fs.renameSync(executable, path.join(packageDir, PLAIN_LAUNCHER_FILE));
    fs.chmodSync(path.join(packageDir, PLAIN_LAUNCHER_FILE), 0o644);
    fs.writeFileSync(executable, launcherScript(bundleHash(packageDir)), { mode: 0o755 });
    fs.chmodSync(executable, 0o755);
    return executable;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
