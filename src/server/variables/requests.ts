// From a request document to a variable's write, for workspace and set variables alike: the rules
// across attributes (variable.ts) and the refusals. No refusal quotes a value: it may be a secret.
import { ERRORS, VARIABLE_ID_PREFIX, variableViolations, type VariableCategory, type VariableWireAttributes } from '../../contract';
import { ServiceError, invalid } from '../errors';
import { newId } from '../ids';
import type { CreateVariableResult, NewVariable, UpdateVariableResult, VariableChanges, VariableCheck, VariableRecord } from './rows';

function refuse(violations: ReturnType<typeof variableViolations>): void {
  const first = violations[0];
  if (!first) return;
  const source = { pointer: `/data/attributes/${first.member}` };
  if (first.member === 'sensitive') throw new ServiceError(ERRORS.variableStaysSensitive, undefined, { source });
  throw invalid(first.detail, source.pointer);
}

/** The variable a create makes (the schema has checked the key and the category are there). */
export function newVariableFrom(attributes: VariableWireAttributes, ownerId: string, at: string): NewVariable {
  const category = attributes.category as VariableCategory;
  const hcl = attributes.hcl ?? false;
  const sensitive = attributes.sensitive ?? false;
  refuse(variableViolations({ category, hcl, sensitive }));
  return {
    id: newId(VARIABLE_ID_PREFIX),
    ownerId,
    key: attributes.key as string,
    value: attributes.value ?? '',
    description: attributes.description ?? null,
    category,
    hcl,
    sensitive,
    at,
  };
}

export function changesFrom(attributes: VariableWireAttributes | undefined): VariableChanges {
  const a = attributes ?? {};
  return { key: a.key, value: a.value, description: a.description, category: a.category, hcl: a.hcl, sensitive: a.sensitive };
}

/** The rules on the variable as an update would leave it. */
export const checkUpdate: VariableCheck = (after: VariableRecord, before: VariableRecord) => refuse(variableViolations(after, before));

export const keyTaken = () => new ServiceError(ERRORS.variableKeyTaken, undefined, { source: { pointer: '/data/attributes/key' } });

/** The record a write made, or its refusal. */
export function written(result: CreateVariableResult | UpdateVariableResult, notFound: () => ServiceError): VariableRecord {
  if (result.kind === 'key-taken') throw keyTaken();
  if (result.kind === 'not-found' || result.kind === 'owner-missing') throw notFound();
  return result.record;
}
