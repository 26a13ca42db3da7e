// The rules on single values, each one function with one message, shown in each layer's naming
// (architecture "Rules"). A message names attributes by camelCase path in braces (`{vcsRepo.identifier}`,
// `{}` for the attribute the rule is about); `renderViolation` spells them as the layer does.
// Plain functions, no zod: the provider calls them at validate time.
import { attributeName, attributePointer, type AttributeTable, type Naming } from './attribute-table';
import { isEngineVersionSyntax } from './engine-version';

/** One broken rule: the attribute (camelCase path in its table) and a message template. */
export interface RuleViolation {
  readonly path: readonly string[];
  readonly message: string;
}

/** A rule on one value: undefined when it holds, else the message template. */
export type ValueRule = (value: string) => string | undefined;

/** The message of a violation in a layer's naming, plus the wire pointer for the service's answer. */
export function renderViolation(table: AttributeTable, violation: RuleViolation, naming: Naming): { name: string; detail: string; pointer: string } {
  const name = attributeName(table, violation.path, naming);
  const detail = violation.message.replace(/\{([A-Za-z.]*)\}/g, (_, path: string) => (path === '' ? name : attributeName(table, path.split('.'), naming)));
  return { name, detail, pointer: attributePointer(table, violation.path, naming === 'hosted') };
}

export const WORKSPACE_NAME_MAX_LENGTH = 90;
export const WORKSPACE_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
/** A number greater than 0 with at most four digits, then `d` or `h`. */
export const AUTO_DESTROY_ACTIVITY_DURATION_PATTERN = /^(\d{1,4})([dh])$/;
/** `:org/:repo`, or `:org/:project/_git/:repo` for the alternative provider. */
export const VCS_IDENTIFIER_PATTERN = /^[^/\s]+\/[^/\s]+$|^[^/\s]+\/[^/\s]+\/_git\/[^/\s]+$/;

export const workspaceNameRule: ValueRule = (value) => {
  if (value.length === 0) return '{} is required';
  if (value.length > WORKSPACE_NAME_MAX_LENGTH) return `{} must be at most ${WORKSPACE_NAME_MAX_LENGTH} characters`;
  if (!WORKSPACE_NAME_PATTERN.test(value)) return '{} may contain only letters, numbers, "-" and "_"';
  return undefined;
};

export const activityDurationRule: ValueRule = (value) => {
  const match = AUTO_DESTROY_ACTIVITY_DURATION_PATTERN.exec(value);
  return match !== null && Number(match[1]) > 0 ? undefined : '{} must be a number greater than 0 with at most four digits followed by "d" or "h", e.g. "14d"';
};

export const timestampRule: ValueRule = (value) =>
  Number.isNaN(Date.parse(value)) ? '{} must be an ISO 8601 timestamp, e.g. "2030-01-31T12:00:00Z"' : undefined;

export const vcsIdentifierRule: ValueRule = (value) => (VCS_IDENTIFIER_PATTERN.test(value) ? undefined : '{} must have the form ":org/:repo"');

export const engineVersionRule: ValueRule = (value) =>
  isEngineVersionSyntax(value) ? undefined : `{} "${value}" is neither a version (X.Y.Z), "latest", nor a constraint such as "~> 1.9"`;

export const nonEmptyRule: ValueRule = (value) => (value.length === 0 ? '{} must not be empty; leave it out or use null instead' : undefined);

/** A text the service can store: PostgreSQL text cannot hold NUL. */
export const storableTextRule: ValueRule = (value) => (value.includes('\u0000') ? '{} must not contain NUL characters' : undefined);

/** The value rules of workspace attributes, keyed by camelCase path. */
export const WORKSPACE_VALUE_RULES: Readonly<Record<string, ValueRule>> = {
  name: workspaceNameRule,
  autoDestroyActivityDuration: activityDurationRule,
  autoDestroyAt: timestampRule,
  engineVersion: engineVersionRule,
  agentPoolId: nonEmptyRule,
  'vcsRepo.identifier': vcsIdentifierRule,
  'vcsRepo.oauthTokenId': nonEmptyRule,
  'vcsRepo.vcsappInstallationId': nonEmptyRule,
};

/** Every value rule of `rules` that `values` (camelCase, nested objects included) break. */
export function checkValues(rules: Readonly<Record<string, ValueRule>>, values: Readonly<Record<string, unknown>>): RuleViolation[] {
  const violations: RuleViolation[] = [];
  for (const [path, rule] of Object.entries(rules)) {
    const names = path.split('.');
    let value: unknown = values;
    for (const name of names) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
    if (typeof value !== 'string') continue;
    const message = rule(value);
    if (message !== undefined) violations.push({ path: names, message });
  }
  return violations;
}
