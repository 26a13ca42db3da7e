// fast-check arbitraries from the JSON Schemas of the OpenAPI document: values that satisfy a
// schema's shape (types, required members, enums, patterns, bounds). Rules a schema cannot say
// (the spec's refinements) are left to the service, which answers them 422.
import fc from 'fast-check';

export type JsonSchema = Record<string, any>;

/** Keeps generated documents small: the service's answers, not its body limit, are under test. */
const MAX_ITEMS = 3;
const MAX_TEXT = 24;
const MAX_DEPTH = 6;

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT));
  if (schema.format === 'date-time') return fc.date({ min: new Date(0), max: new Date(4_000_000_000_000), noInvalidDate: true }).map((d) => d.toISOString());
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= Math.max(maxLength, 200));
    } catch {
      // A pattern fast-check cannot generate from (a lookahead): any text, the service judges it.
    }
  }
  return fc.string({ minLength, maxLength });
}

function objectOf(schema: JsonSchema, resolve: (ref: string) => JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, JsonSchema> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const members = Object.fromEntries(Object.entries(properties).map(([name, member]) => [name, arbitraryOf(member, resolve, depth + 1)]));
  return fc.record(members, { requiredKeys: [...required].filter((name) => name in members) });
}

/** An arbitrary of values that fit `schema`; `resolve` looks up a `$ref`. */
export function arbitraryOf(schema: JsonSchema, resolve: (ref: string) => JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (typeof schema.$ref === 'string') return arbitraryOf(resolve(schema.$ref), resolve, depth);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(choices)) return fc.oneof(...choices.map((choice: JsonSchema) => arbitraryOf(choice, resolve, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return arbitraryOf({ ...schema.allOf[0], ...schema, allOf: undefined }, resolve, depth);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => arbitraryOf({ ...schema, type }, resolve, depth)));
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? (schema.exclusiveMinimum ?? -1001) + 1, max: Math.min(schema.maximum ?? 1000, 2 ** 31) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(arbitraryOf(schema.items ?? {}, resolve, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    }
    case 'object':
      return objectOf(schema, resolve, depth);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}
