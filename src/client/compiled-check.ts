// A fast yes/no check compiled from a shared zod schema, so that validating a large document (a
// workspace has ~50 attributes) costs about a microsecond instead of tens. It understands only
// the plain subset of zod (objects, strings, numbers, booleans, null, optional, nullable, arrays,
// enums, literals, unions, records, any/unknown) and refuses any schema with checks, refinements,
// defaults or transforms. A "no" is never final: the caller then parses with zod itself, which
// gives the verdict and the issues. So the schema stays the single source of truth.
import type { z } from 'zod';
import { compileFunction } from '../contract';

export type Check = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: unknown[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The compiled check, or null when the schema uses something this compiler does not model. */
export function compileCheck(schema: z.ZodType): Check | null {
  const leaf = inlineCheck(schema);
  if (leaf !== null) return compileFunction<Check>(`function check(m) { return ${leaf}; }`, [], () => zodCheck(schema));
  const def = defOf(schema);
  if (def.checks && def.checks.length > 0) return null;
  switch (def.type) {
    case 'optional': {
      const inner = compileCheck(def.innerType!);
      return inner && ((v) => v === undefined || inner(v));
    }
    case 'nullable': {
      const inner = compileCheck(def.innerType!);
      return inner && ((v) => v === null || inner(v));
    }
    case 'enum': {
      const allowed = new Set(Object.values(def.entries ?? {}));
      return (v) => allowed.has(v);
    }
    case 'literal': {
      const allowed = new Set(def.values ?? []);
      return (v) => allowed.has(v);
    }
    case 'array': {
      const element = compileCheck(def.element!);
      return (
        element &&
        ((v) => {
          if (!Array.isArray(v)) return false;
          for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
          return true;
        })
      );
    }
    case 'union': {
      const options = (def.options ?? []).map(compileCheck);
      if (options.some((o) => o === null)) return null;
      const checks = options as Check[];
      return (v) => {
        for (let i = 0; i < checks.length; i++) if (checks[i](v)) return true;
        return false;
      };
    }
    case 'record': {
      const keyDef = defOf(def.keyType!);
      if (keyDef.type !== 'string' || (keyDef.checks && keyDef.checks.length > 0)) return null;
      const value = compileCheck(def.valueType!);
      return (
        value &&
        ((v) => {
          if (!isPlainObject(v)) return false;
          for (const key in v) if (Object.prototype.hasOwnProperty.call(v, key) && !value(v[key])) return false;
          return true;
        })
      );
    }
    case 'object': {
      // Loose objects (catchall unknown) and stripping ones accept extra members; strict ones do not.
      if (def.catchall && !['unknown', 'any'].includes(defOf(def.catchall).type)) return null;
      return compileObjectCheck(def.shape ?? {}, schema);
    }
    default:
      return null;
  }
}

/** A check of `m` as an expression, for the leaf types (and optional or nullable leaves); null for anything else. */
function inlineCheck(schema: z.ZodType): string | null {
  const def = defOf(schema);
  if (def.checks && def.checks.length > 0) return null;
  switch (def.type) {
    case 'string':
    case 'boolean':
      return `typeof m === '${def.type}'`;
    case 'number':
      return "(typeof m === 'number' && Number.isFinite(m))";
    case 'null':
      return 'm === null';
    case 'any':
    case 'unknown':
      return 'true';
    case 'optional':
    case 'nullable': {
      const inner = inlineCheck(def.innerType!);
      return inner && `(m === ${def.type === 'optional' ? 'undefined' : 'null'} || ${inner})`;
    }
    default:
      return null;
  }
}

/** An object's members read by name in one compiled function (src/contract/compile.ts), leaves checked inline. */
function compileObjectCheck(shape: Record<string, z.ZodType>, schema: z.ZodType): Check | null {
  const nested: Check[] = [];
  const lines: string[] = [];
  for (const [key, member] of Object.entries(shape)) {
    let test = inlineCheck(member);
    if (test === null) {
      const check = compileCheck(member);
      if (!check) return null;
      nested.push(check);
      test = `c[${nested.length - 1}](m)`;
    }
    lines.push(`m = v[${JSON.stringify(key)}]; if (!(${test})) return false;`);
  }
  const body = `if (typeof v !== 'object' || v === null || Array.isArray(v)) return false; let m; ${lines.join(' ')} return true;`;
  return compileFunction<Check>(`function check(v) { ${body} }`, nested, () => zodCheck(schema));
}

/** Where code generation is disallowed: the same yes/no from zod itself (slower, same verdict). */
function zodCheck(schema: z.ZodType): Check {
  return (value) => schema.safeParse(value).success;
}

// Never invalidated: schemas are immutable module constants, and an entry goes with its schema.
const cache = new WeakMap<z.ZodType, Check | null>();

/** The cached compiled check of `schema` (null: always parse with zod). */
export function fastCheckFor(schema: z.ZodType): Check | null {
  let check = cache.get(schema);
  if (check === undefined) {
    check = compileCheck(schema);
    cache.set(schema, check);
  }
  return check;
}
