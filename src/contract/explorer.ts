// Explorer bulk actions that create change requests (spec "Create change requests (explorer bulk
// action)", "Explorer bulk action"; decision 4).
import { z } from 'zod';
import { changeRequestMessageSchema, changeRequestSubjectSchema } from './change-request';

export const BULK_ACTION_REQUEST_TYPE = 'bulk_actions';
export const EXPLORER_BULK_ACTION_TYPE = 'explorer_bulk_actions';
/** The field table says `change_request`, the sample `change_requests`; both are echoed as sent. */
export const BULK_ACTION_TYPES = ['change_request', 'change_requests'] as const;
export const EXPLORER_QUERY_FIELDS = ['workspace_name', 'project_name', 'tag_names'] as const;
export const EXPLORER_OPERATORS = ['is', 'is_not', 'contains', 'does_not_contain', 'is_empty', 'is_not_empty'] as const;
export type ExplorerQueryField = (typeof EXPLORER_QUERY_FIELDS)[number];
export type ExplorerOperator = (typeof EXPLORER_OPERATORS)[number];
export const BULK_ACTION_MAX_TARGETS = 1000;
export const EXPLORER_MAX_CONDITIONS = 50;

/** One condition of a query, whichever of the two filter shapes it was sent in. */
export interface ParsedExplorerCondition {
  field: ExplorerQueryField;
  operator: ExplorerOperator;
  values: string[];
}

const isField = (v: string): v is ExplorerQueryField => (EXPLORER_QUERY_FIELDS as readonly string[]).includes(v);
const isOperator = (v: string): v is ExplorerOperator => (EXPLORER_OPERATORS as readonly string[]).includes(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const valueList = z.array(z.string().max(1000, 'values must be at most 1000 characters')).max(100, 'at most 100 values per condition');

type Issue = { path: Array<string | number>; message: string };

function condition(field: string, operator: string, value: unknown, path: Array<string | number>, issues: Issue[]): ParsedExplorerCondition | null {
  if (!isField(field)) {
    issues.push({ path, message: `field "${field.slice(0, 60)}" is not supported; use ${EXPLORER_QUERY_FIELDS.join(', ')}` });
    return null;
  }
  if (!isOperator(operator)) {
    issues.push({ path, message: `operator "${operator.slice(0, 60)}" is not supported; use ${EXPLORER_OPERATORS.join(', ')}` });
    return null;
  }
  const needsValues = operator !== 'is_empty' && operator !== 'is_not_empty';
  if (value === undefined && !needsValues) return { field, operator, values: [] };
  const parsed = valueList.safeParse(value);
  if (!parsed.success) {
    issues.push({ path, message: `the values of ${field} ${operator} must be an array of strings` });
    return null;
  }
  if (needsValues && parsed.data.length === 0) {
    issues.push({ path, message: `${field} ${operator} needs at least one value` });
    return null;
  }
  return { field, operator, values: parsed.data };
}

/**
 * Either `{"field", "operator", "value"}` or `{"<field>": {"<operator>": [values]}}` (decision 4);
 * several fields or operators in one entry all apply.
 */
function conditionsOf(entry: unknown, path: Array<string | number>, issues: Issue[]): ParsedExplorerCondition[] {
  if (!isRecord(entry)) {
    issues.push({ path, message: 'a filter entry must be an object' });
    return [];
  }
  if (typeof entry.field === 'string' || typeof entry.operator === 'string') {
    if (typeof entry.field !== 'string' || typeof entry.operator !== 'string') {
      issues.push({ path, message: 'a filter entry needs both "field" and "operator" strings' });
      return [];
    }
    const found = condition(entry.field, entry.operator, entry.value, path, issues);
    return found ? [found] : [];
  }
  const out: ParsedExplorerCondition[] = [];
  const fields = Object.keys(entry);
  if (fields.length === 0) issues.push({ path, message: 'a filter entry must name a field' });
  for (const field of fields) {
    const operators = entry[field];
    if (!isRecord(operators) || Object.keys(operators).length === 0) {
      issues.push({ path: [...path, field], message: `${field.slice(0, 60)} must map an operator to its values, e.g. {"contains": ["dev"]}` });
      continue;
    }
    for (const [operator, value] of Object.entries(operators)) {
      const found = condition(field, operator, value, [...path, field, operator], issues);
      if (found) out.push(found);
    }
  }
  return out;
}

export const explorerQuerySchema = z
  .looseObject({
    type: z.literal('workspaces', 'query type must be "workspaces"').optional(),
    filter: z.array(z.unknown()).max(EXPLORER_MAX_CONDITIONS, `at most ${EXPLORER_MAX_CONDITIONS} filter entries`).default([]),
  })
  .transform((query, ctx) => {
    const issues: Issue[] = [];
    const conditions = query.filter.flatMap((entry, i) => conditionsOf(entry, ['filter', i], issues));
    for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return { type: 'workspaces' as const, conditions };
  });
export type ExplorerQuery = z.output<typeof explorerQuerySchema>;

export const bulkActionInputsSchema = z.looseObject({ subject: changeRequestSubjectSchema, message: changeRequestMessageSchema });

/** The members of a bulk action, found under `data.attributes` or directly under `data`. */
export const bulkActionAttributesSchema = z
  .looseObject({
    action_type: z.enum(BULK_ACTION_TYPES, 'action_type must be "change_requests" (or "change_request")'),
    action_inputs: bulkActionInputsSchema,
    target_ids: z
      .array(z.string().min(1).max(100))
      .min(1, 'target_ids must list at least one workspace ID')
      .max(BULK_ACTION_MAX_TARGETS, `target_ids may list at most ${BULK_ACTION_MAX_TARGETS} workspaces`)
      .optional(),
    query: explorerQuerySchema.optional(),
  })
  .superRefine((attributes, ctx) => {
    if ((attributes.target_ids === undefined) === (attributes.query === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'give exactly one of target_ids and query' });
    }
  });
export type BulkActionAttributes = z.output<typeof bulkActionAttributesSchema>;

export const bulkActionBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(BULK_ACTION_REQUEST_TYPE, 'type must be "bulk_actions"'),
    attributes: z.looseObject({}).optional(),
  }),
});

/** Where the members of a parsed body live: `data.attributes` wins over members placed under `data`. */
export function bulkActionMembers(body: z.output<typeof bulkActionBodySchema>): { members: Record<string, unknown>; pointer: string } {
  const { type: _type, attributes, ...direct } = body.data;
  if (attributes && Object.keys(attributes).length > 0) return { members: { ...direct, ...attributes }, pointer: '/data/attributes' };
  return { members: direct, pointer: '/data' };
}

export const explorerBulkActionResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(EXPLORER_BULK_ACTION_TYPE),
  attributes: z.looseObject({
    organization_id: z.string(),
    action_type: z.string(),
    action_inputs: z.looseObject({ subject: z.string(), message: z.string() }),
    created_by: z.looseObject({ id: z.string(), type: z.string() }).nullable(),
  }),
});

export const explorerBulkActionDocumentSchema = z.looseObject({ data: explorerBulkActionResourceSchema });

/** Whether a workspace matches every condition (conditions are ANDed; values of one condition ORed). */
export function matchesExplorerQuery(workspace: { name: string; projectName: string; tagNames: string[] }, conditions: ParsedExplorerCondition[]): boolean {
  return conditions.every((c) => {
    const subjects = c.field === 'tag_names' ? workspace.tagNames : [c.field === 'workspace_name' ? workspace.name : workspace.projectName];
    const present = subjects.filter((s) => s !== '');
    // Tag names are stored lowercased, so tag comparisons ignore case; names compare exactly for `is`.
    const fold = (s: string) => (c.field === 'tag_names' ? s.toLowerCase() : s);
    const equalsAny = () => present.some((s) => c.values.some((v) => fold(s) === fold(v)));
    const containsAny = () => present.some((s) => c.values.some((v) => s.toLowerCase().includes(v.toLowerCase())));
    switch (c.operator) {
      case 'is':
        return equalsAny();
      case 'is_not':
        return !equalsAny();
      case 'contains':
        return containsAny();
      case 'does_not_contain':
        return !containsAny();
      case 'is_empty':
        return present.length === 0;
      case 'is_not_empty':
        return present.length > 0;
    }
  });
}
