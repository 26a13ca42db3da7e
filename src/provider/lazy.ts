// The one way a resource or data source loads its hooks on first use. Terraform starts the provider
// several times per command and some starts only read the schemas, so the schemas load with the
// provider and the hooks (which pull in the client, undici and zod) load when one is first called.
// Which hooks exist is declared, not looked up, so the protocol layer sees them without loading.
import type { Schema } from './protocol/schema';

/** The hooks of an implementation: its members besides the schema. */
type HookName<I> = Exclude<keyof I & string, 'schema'>;

/**
 * How a resource or data source is registered, exported by its folder's schema.ts (which loads with
 * the provider): its Terraform type name, its schema, and which hooks load from which module beside
 * it on first use. `npm run generate` writes resources/index.ts and data-sources/index.ts from these.
 */
export interface LazyRegistration {
  readonly type: `cdkws_${string}`;
  readonly schema: Schema;
  /** `from`: the module beside schema.ts (`./tag-binding`); `export`: its implementation; `names`: the hooks it supplies. */
  readonly hooks: readonly { readonly from: `./${string}`; readonly export: string; readonly names: readonly string[] }[];
}

/** Every lazy implementation's loader, so all can be loaded ahead (`preloadHooks`). */
const loaders: Array<() => unknown> = [];

/**
 * An implementation with `schema` now and the `hooks` named, each of which calls the same hook of
 * what `load` returns (a module's export, required on the first call; require keeps it).
 */
export function lazyImplementation<I extends { schema: Schema }, K extends HookName<I>>(
  schema: Schema,
  hooks: readonly K[],
  load: () => I,
): Pick<I, 'schema' | K> {
  loaders.push(load);
  const out: Record<string, unknown> = { schema };
  for (const hook of hooks) {
    out[hook] = (...args: unknown[]) => {
      const implementation = load();
      const call = implementation[hook];
      if (typeof call !== 'function') throw new Error(`Provider bug: the ${hook} hook is declared but not implemented.`);
      return (call as (...a: unknown[]) => unknown).apply(implementation, args);
    };
  }
  return out as Pick<I, 'schema' | K>;
}

/** Loads the hooks of every lazy implementation now: for a start-up snapshot, which wants them in its heap. */
export function preloadHooks(): void {
  for (const load of loaders) load();
}
