// Requests refused before anything is sent: the spec's rules (src/contract) run on what the caller gave,
// their messages in the client's camelCase naming, and the refusal is the ValidationError the
// service would have answered, with status 0 (no request went out).
import type { z } from 'zod';
import {
  ERRORS,
  flatTagNameProblem,
  pathFromWire,
  renderViolation,
  tagBindingCountProblem,
  tagBindingKeyProblem,
  tagBindingValueProblem,
  type AttributeTable,
  type ErrorObject,
  type RuleViolation,
} from '../contract';
import { ValidationError, type RequestSummary } from './errors';
import type { TagBindingOptions } from './workspace-types';

/** One broken rule as the service's error object would carry it. */
export function invalidAttribute(detail: string, pointer: string): ErrorObject {
  const { status, title, code } = ERRORS.invalidAttribute;
  return { status: String(status), title, code, detail, source: { pointer } };
}

/** Violations of a table's rules, named in camelCase, pointing at their wire member. */
export function violationErrors(table: AttributeTable, violations: readonly RuleViolation[]): ErrorObject[] {
  return violations.map((v) => {
    const { detail, pointer } = renderViolation(table, v, 'camel');
    return invalidAttribute(detail, pointer);
  });
}

/** A schema's issues (wrong types and shapes, which the rules leave to it), named by `nameOf(path)`. */
export function issueErrors(issues: readonly z.core.$ZodIssue[], nameOf: (path: readonly PropertyKey[]) => string): ErrorObject[] {
  return issues.map((issue) => invalidAttribute(`${nameOf(issue.path)}: ${issue.message}`, `/${issue.path.map(String).join('/')}`));
}

/**
 * Shapes and types of a request document (a caller without TypeScript, which the rules leave to the
 * schema), named as the caller wrote them: by the table's member where the path is an attribute.
 */
export function shapeErrors(table: AttributeTable, schema: z.ZodType, body: unknown): ErrorObject[] {
  const parsed = schema.safeParse(body);
  if (parsed.success) return [];
  const nameOf = (path: readonly PropertyKey[]) => pathFromWire(table, path.slice(2).map(String))?.join('.') ?? (path.slice(1).join('.') || 'body');
  return issueErrors(parsed.error.issues, nameOf);
}

/**
 * The tag binding rules on bindings to send. `pointerOf(i)` is where binding i's attributes stand
 * in the body, `listPointer` the list itself (for the limit on a workspace's own bindings).
 */
export function tagBindingErrors(bindings: readonly TagBindingOptions[] | undefined, pointerOf: (i: number) => string, listPointer: string): ErrorObject[] {
  if (!bindings) return [];
  const errors: ErrorObject[] = [];
  bindings.forEach((binding, i) => {
    // Values of the wrong type are left to the body's schema.
    const keyProblem = typeof binding.key === 'string' ? tagBindingKeyProblem(binding.key) : undefined;
    if (keyProblem) errors.push(invalidAttribute(keyProblem.replace('{}', `tagBindings[${i}].key`), `${pointerOf(i)}/key`));
    const valueProblem = typeof binding.value === 'string' ? tagBindingValueProblem(binding.value) : undefined;
    if (valueProblem) errors.push(invalidAttribute(valueProblem.replace('{}', `tagBindings[${i}].value`), `${pointerOf(i)}/value`));
  });
  const countProblem = tagBindingCountProblem(new Set(bindings.map((b) => b.key)).size);
  if (countProblem) errors.push(invalidAttribute(countProblem.replace('{}', 'tagBindings'), listPointer));
  return errors;
}

/**
 * The flat tag name rule on names to add or remove. Case is not checked: the service lowercases
 * what the API sends (the lowercase rule is for names written in configuration).
 */
export function flatTagNameErrors(names: ReadonlyArray<string | undefined>, pointerOf: (i: number) => string): ErrorObject[] {
  const errors: ErrorObject[] = [];
  names.forEach((name, i) => {
    const problem = typeof name === 'string' ? flatTagNameProblem(name) : undefined;
    if (problem) errors.push(invalidAttribute(problem.replace('{}', `tags[${i}] "${name}"`), pointerOf(i)));
  });
  return errors;
}

/** Throws the refusal of a request whose checks found `errors`; does nothing when there are none. */
export function refuseIfInvalid(request: RequestSummary, what: string, errors: readonly ErrorObject[]): void {
  if (errors.length === 0) return;
  throw new ValidationError({
    status: 0,
    errors: [...errors],
    request,
    message: `invalid ${what} for ${request.method} ${request.url}: ${errors.map((e) => e.detail).join('; ')}`,
  });
}
