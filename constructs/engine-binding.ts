// Binds the constructs to the engine library the app uses: cdktf, or CDK Terrain (cdktn), its fork
// with the same API. A construct tree must use one engine's classes (and one `constructs`)
// throughout, so the requests for `cdktf` or `cdktn` made by this package's own files (through
// ./engine) resolve to the app's engine. Requests from any other file are left alone. Both are
// optional peer dependencies: the app's copy is the one found here.
import Module from 'node:module';
import * as path from 'node:path';

export type EngineName = 'cdktf' | 'cdktn';
const ENGINES: readonly EngineName[] = ['cdktf', 'cdktn'];

/** This package's compiled files (`dist/`), or the checkout when run from source. */
const PACKAGE_FILES = path.resolve(__dirname, '..') + path.sep;

function resolveEngine(name: EngineName): string | undefined {
  try {
    return require.resolve(name);
  } catch {
    return undefined;
  }
}

/**
 * The engine the constructs use: `CDKWS_ENGINE` when set; else the only one installed; else, with
 * both installed, the one the app has already loaded (apps import their engine first), else cdktf.
 */
export function chooseEngine(env: NodeJS.ProcessEnv = process.env): EngineName {
  const wanted = env.CDKWS_ENGINE;
  if (wanted !== undefined && wanted !== '') {
    if (!(ENGINES as readonly string[]).includes(wanted)) throw new Error(`CDKWS_ENGINE must be "cdktf" or "cdktn" (got ${JSON.stringify(wanted)})`);
    return wanted as EngineName;
  }
  const installed = ENGINES.map((name) => ({ name, file: resolveEngine(name) })).filter((e) => e.file !== undefined);
  if (installed.length === 0) {
    throw new Error(
      'the cdk-workspaces constructs need an engine library beside them: npm install cdktf constructs (or cdktn constructs); for the API client alone, import from "cdk-workspaces/client"',
    );
  }
  return (installed.find((e) => require.cache[e.file as string] !== undefined) ?? installed[0]).name;
}

type ResolveFilename = (request: string, parent: { filename?: string | null } | undefined, ...rest: unknown[]) => string;
const loader = Module as unknown as { _resolveFilename: ResolveFilename };
const BOUND = Symbol.for('cdk-workspaces/engine');

/** Binds this package's engine requests to `engine` (once per process); returns the engine bound. */
export function bindEngine(engine: EngineName = chooseEngine()): EngineName {
  const state = globalThis as { [BOUND]?: EngineName };
  if (state[BOUND] !== undefined) return state[BOUND];
  state[BOUND] = engine;
  const resolve = loader._resolveFilename;
  loader._resolveFilename = function resolveFilename(request, parent, ...rest) {
    const ours = (ENGINES as readonly string[]).includes(request) && typeof parent?.filename === 'string' && parent.filename.startsWith(PACKAGE_FILES);
    return resolve.call(this, ours ? engine : request, parent, ...rest);
  };
  return engine;
}

export const ENGINE: EngineName = bindEngine();
