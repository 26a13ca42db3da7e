// Code compiled at start-up from this project's own tables and schemas into straight-line
// functions, for what runs on every answer or document: loops over a list of names make V8 load
// members by computed keys and grow objects one hidden class at a time, which cost the client and
// the service's pages about a tenth of a request (bench "client", "service"). Names in the code are
// JSON-quoted and come from the tables and schemas, never from input.

/** The function that `expression` (JavaScript source) evaluates to; it may use `c[i]`, the entries of `context`. */
export function compileFunction<F>(expression: string, context: readonly unknown[] = []): F {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return (new Function('c', `return ${expression};`) as (c: readonly unknown[]) => F)(context);
}

/**
 * A function of `s` that returns one object literal, a member per entry: `expression` reads `s` and
 * may use `v` (a scratch variable) and `c[i]`. A member whose expression is undefined stays
 * undefined (JSON leaves it out).
 */
export function compileLiteral<S, T>(members: ReadonlyArray<readonly [name: string, expression: string]>, context: readonly unknown[] = []): (s: S) => T {
  const body = members.map(([name, expression]) => `${JSON.stringify(name)}: ${expression}`).join(', ');
  return compileFunction(`function literal(s) { let v; return { ${body} }; }`, context);
}
