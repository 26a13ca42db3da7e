// Checks construct props against the spec's rules (src/contract) when a construct is created, so a
// mistake fails at `new Workspace(…)` with the construct path and attribute, not at apply time.
import type { IConstruct } from 'constructs';
import type { z } from 'zod';
import { pathFromWire, renderViolation, requestAttributesSchema, toWireAttributes, type AttributeTable, type RuleViolation } from '../src/contract';
import { Token } from './engine';

/** One broken rule of one construct: the prop (camelCase, dotted for nested props) and the fix. */
export interface PropProblem {
  attribute: string;
  detail: string;
}

/** Thrown by a construct whose props break a rule; `message` has one line per problem. */
export class ConstructValidationError extends Error {
  constructor(
    /** The construct's path in the tree, e.g. `platform/networking`. */
    public readonly path: string,
    public readonly problems: PropProblem[],
  ) {
    super(problems.map((p) => `${path}: ${p.attribute}: ${p.detail}`).join('\n'));
    this.name = 'ConstructValidationError';
  }
}

/** True when `value` is (or holds) a token that only Terraform can resolve: such values are not checked. */
export function isUnresolved(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Token.isUnresolved(value)) return true;
  if (Array.isArray(value)) return value.some(isUnresolved);
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).some(isUnresolved);
  return false;
}

/** Shown after a message so the user sees what was given (aws-cdk's message rules). */
export function shown(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Collects the problems of one construct's props, then throws them together. */
export class PropsChecker {
  private readonly problems: PropProblem[] = [];

  constructor(private readonly scope: IConstruct) {}

  fail(attribute: string, detail: string): void {
    this.problems.push({ attribute, detail });
  }

  /** Checks a literal value with a spec schema; tokens and `undefined` pass. */
  check(attribute: string, schema: z.ZodType, value: unknown): void {
    if (value === undefined || isUnresolved(value)) return;
    const result = schema.safeParse(value);
    if (!result.success) this.fail(attribute, `${result.error.issues[0].message} (got ${shown(value)})`);
  }

  /**
   * Checks a prop given in the service's own shape (e.g. an explorer query, passed on as written):
   * an issue's path is the path in the prop, so it names the prop as the user wrote it.
   */
  checkObject(schema: z.ZodType, attributes: Record<string, unknown>, prefix = ''): void {
    const result = schema.safeParse(attributes);
    if (result.success) return;
    for (const issue of result.error.issues) {
      const attribute = prefix + issue.path.map(String).join('.');
      let value: unknown = attributes;
      for (const key of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
      this.fail(attribute, value === undefined ? issue.message : `${issue.message} (got ${shown(value)})`);
    }
  }

  /** Checks the kinds of a table's values (string, boolean, list, enum…); issues name the camelCase prop. */
  checkTypes(table: AttributeTable, values: Readonly<Record<string, unknown>>): void {
    const result = typeSchemaOf(table).safeParse(toWireAttributes(table, values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const path = camelPath(table, issue.path);
      let value: unknown = values;
      for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
      this.fail(path.join('.'), value === undefined ? issue.message : `${issue.message} (got ${shown(value)})`);
    }
  }

  /** Fails each violation of a spec rule in camelCase naming, showing the text given (value rules judge texts). */
  failViolations(table: AttributeTable, violations: readonly RuleViolation[], values: Readonly<Record<string, unknown>>): void {
    for (const violation of violations) {
      const { name, detail } = renderViolation(table, violation, 'camel');
      let value: unknown = values;
      for (const key of violation.path) value = (value as Record<string, unknown> | undefined)?.[key];
      this.fail(name, typeof value === 'string' ? `${detail} (got ${shown(value)})` : detail);
    }
  }

  throwIfAny(): void {
    if (this.problems.length > 0) throw new ConstructValidationError(this.scope.node.path, this.problems);
  }
}

/** Literal values only: entries holding tokens are left out (Terraform checks them at plan time). */
export function literalOnly(attributes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || isUnresolved(value)) continue;
    out[key] = value !== null && typeof value === 'object' && !Array.isArray(value) ? literalOnly(value as Record<string, unknown>) : value;
  }
  return out;
}

/** The table's create schema without value rules: the kinds only (the rules run as RuleViolations). */
const typeSchemas = new WeakMap<AttributeTable, z.ZodType>();
function typeSchemaOf(table: AttributeTable): z.ZodType {
  let schema = typeSchemas.get(table);
  if (!schema) {
    schema = requestAttributesSchema(table, 'create');
    typeSchemas.set(table, schema);
  }
  return schema;
}

/** A wire-name issue path as the camelCase path of the table's rows (members past the rows, e.g. list indexes, as given). */
function camelPath(table: AttributeTable, wirePath: ReadonlyArray<PropertyKey>): string[] {
  const keys = wirePath.map(String);
  for (let length = keys.length; length > 0; length--) {
    const rows = pathFromWire(table, keys.slice(0, length));
    if (rows) return [...rows, ...keys.slice(length)];
  }
  return keys;
}
