import { codeGenerationAllowed, compileFunction, compileLiteral, type LiteralMember } from './compile';

type Source = { a: number; b?: string };
const MEMBERS: LiteralMember<Source>[] = [
  { name: 'double', source: 's.a * 2', value: (s) => s.a * 2 },
  { name: 'label', source: '(v = s.b) === undefined ? undefined : c[0](v)', value: (s) => (s.b === undefined ? undefined : s.b.toUpperCase()) },
];
const CONTEXT = [(v: string) => v.toUpperCase()];

describe('compileLiteral', () => {
  it('builds one object with a member per entry, undefined members kept undefined', () => {
    expect(codeGenerationAllowed()).toBe(true);
    const build = compileLiteral<Source, Record<string, unknown>>(MEMBERS, CONTEXT);
    expect(build({ a: 2, b: 'x' })).toEqual({ double: 4, label: 'X' });
    expect(JSON.stringify(build({ a: 1 }))).toBe('{"double":2}');
    expect(Object.keys(build({ a: 1 }))).toEqual(['double', 'label']);
  });
});

// The fallbacks under --disallow-code-generation-from-strings: test/integration/no-code-generation.test.ts.
describe('compileFunction', () => {
  it('uses the compiled source where code generation is allowed', () => {
    const fallback = jest.fn(() => () => 'fallback');
    const f = compileFunction<() => string>("function f() { return 'compiled'; }", [], fallback);
    expect(f()).toBe('compiled');
    expect(fallback).not.toHaveBeenCalled();
  });
});
