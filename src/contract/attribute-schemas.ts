// zod schemas derived from an attribute table: the request attributes a create or update accepts
// and the attributes an answer carries, both in wire names. Value rules run inside the schema, so
// the service answers them as 422s pointing at the member.
import { z } from 'zod';
import type { AttributeRow, AttributeTable, WireDialect } from './attribute-table';
import type { ValueRule } from './rules';

function baseSchema(row: AttributeRow, build: (table: AttributeTable) => z.ZodType): z.ZodType {
  switch (row.kind) {
    case 'string':
    case 'timestamp':
      return z.string();
    case 'boolean':
      return z.boolean();
    case 'number':
      return z.number();
    case 'strings':
      return z.array(z.string());
    case 'enum':
      return z.enum(row.values as [string, ...string[]]);
    case 'object':
      return build(row.attributes ?? {});
  }
}

/** A value rule as a zod refinement, its message naming the member `name` (wire naming). */
function refinement(rule: ValueRule, name: string) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    if (typeof value !== 'string') return;
    const problem = rule(value);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem.replace(/\{\}/g, name) });
  };
}

/** A string checked by a value rule of the spec: the one way a rule becomes part of a schema. */
export function ruleSchema(rule: ValueRule, name: string): z.ZodString {
  return z.string().superRefine(refinement(rule, name));
}

function withRule(schema: z.ZodType, rule: ValueRule | undefined, name: string): z.ZodType {
  return rule ? schema.superRefine(refinement(rule, name)) : schema;
}

/**
 * The attributes a create or update accepts (wire names, all optional; rules decide what is
 * required). `rules` are keyed by camelCase path; unknown members are kept (the spec ignores them).
 * A row with a hosted name is accepted under both names (`both`) or only the hosted one (`hosted`;
 * the document's name is then an unknown member).
 */
export function requestAttributesSchema(
  table: AttributeTable,
  mode: 'create' | 'update',
  rules: Readonly<Record<string, ValueRule>> = {},
  prefix: { camel: string; wire: string } = { camel: '', wire: '' },
  dialect: WireDialect = 'both',
): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, row] of Object.entries(table)) {
    if ((mode === 'create' ? !row.create : !row.update) || row.writeRelationship) continue;
    const names = row.hosted === undefined ? [row.wire] : dialect === 'hosted' ? [row.hosted] : [row.wire, row.hosted];
    for (const wire of names) {
      const path = { camel: prefix.camel ? `${prefix.camel}.${name}` : name, wire: prefix.wire ? `${prefix.wire}.${wire}` : wire };
      let schema = withRule(
        baseSchema(row, (nested) => requestAttributesSchema(nested, mode, rules, path, dialect)),
        rules[path.camel],
        path.wire,
      );
      if (row.nullable) schema = schema.nullable();
      shape[wire] = schema.optional();
    }
  }
  return z.looseObject(shape);
}

/**
 * The attributes an answer carries (wire names, all optional and lenient on unknown members), under
 * either spelling where the row has a hosted name.
 */
export function responseAttributesSchema(table: AttributeTable): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const row of Object.values(table)) {
    if (row.readRelationship) continue;
    let schema = baseSchema(row, (nested) => responseAttributesSchema(nested));
    if (row.nullable || row.answeredNull) schema = schema.nullable();
    shape[row.wire] = schema.optional();
    if (row.hosted !== undefined) shape[row.hosted] = schema.optional();
  }
  return z.looseObject(shape);
}
