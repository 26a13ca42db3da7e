// Code compiled at start-up from this project's own tables and schemas into straight-line
// functions, for what runs on every answer or document: loops over a list of names make V8 load
// members by computed keys and grow objects one hidden class at a time, which cost the client and
// the service's pages about a tenth of a request (bench "client", "service"). Names in the code are
// JSON-quoted and come from the tables and schemas, never from input.
//
// Hardened runtimes forbid code generation (`node --disallow-code-generation-from-strings`, or a
// policy of the embedding process); there `new Function` throws EvalError. Every compiled function
// therefore comes with an interpreted fallback of the same meaning, used when generation is refused.

let generationAllowed: boolean | undefined;

/** Whether this process may compile code from strings (asked once). */
export function codeGenerationAllowed(): boolean {
  if (generationAllowed === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      generationAllowed = (new Function('return 1') as () => number)() === 1;
    } catch {
      generationAllowed = false;
    }
  }
  return generationAllowed;
}

/**
 * The function that `expression` (JavaScript source) evaluates to; it may use `c[i]`, the entries
 * of `context`. Where code generation is disallowed, `fallback()` gives a function of the same meaning.
 */
export function compileFunction<F>(expression: string, context: readonly unknown[], fallback: () => F): F {
  if (!codeGenerationAllowed()) return fallback();
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return (new Function('c', `return ${expression};`) as (c: readonly unknown[]) => F)(context);
}

/** One member of a compiled object literal: its name, its value as source, and the same value as a function. */
export interface LiteralMember<S> {
  name: string;
  /** Reads `s`; may use `v` (a scratch variable) and `c[i]`. */
  source: string;
  value: (s: S) => unknown;
}

/**
 * A function of `s` that returns one object literal, a member per entry. A member whose value is
 * undefined stays undefined (JSON leaves it out).
 */
export function compileLiteral<S, T>(members: ReadonlyArray<LiteralMember<S>>, context: readonly unknown[] = []): (s: S) => T {
  const body = members.map((m) => `${JSON.stringify(m.name)}: ${m.source}`).join(', ');
  return compileFunction(`function literal(s) { let v; return { ${body} }; }`, context, () => (s: S) => {
    const out: Record<string, unknown> = {};
    for (const m of members) out[m.name] = m.value(s);
    return out as T;
  });
}
