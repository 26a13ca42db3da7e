// Shape and error assertions shared by the integration tests. Expectations come from the service
// interface (attribute table, relationships, pagination envelope) and docs/decisions.md
// (decisions 6, 12, 14, 21, 22).
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ORG, TOKENS, type ApiResponse, type TestService } from './service';
import { ERRORS, errorNameOf } from '../../src/contract';

/** The real service's documented request/answer samples, kept as data (docs/decisions.md). */
export const SAMPLES_DIR = path.resolve(__dirname, '..', 'fixtures', 'samples');

/** One documented sample of `test/fixtures/samples`. */
export function loadSample(name: string): any {
  return JSON.parse(readFileSync(path.join(SAMPLES_DIR, `${name}.json`), 'utf8'));
}

export function uniqueName(prefix = 'ws'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

export const JSONAPI = 'application/vnd.api+json';
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type Kind = 'string' | 'string?' | 'boolean' | 'boolean?' | 'number' | 'number?' | 'integer' | 'timestamp' | 'timestamp?' | 'object' | 'object?' | 'string[]';

/** The spec's attribute table ("Workspace (type `workspaces`)"), with the type of each attribute. */
export const ATTRIBUTE_KINDS: Record<string, Kind> = {
  name: 'string',
  description: 'string?',
  actions: 'object',
  'allow-destroy-plan': 'boolean',
  'assessments-enabled': 'boolean',
  'last-assessment-result-at': 'timestamp?',
  'auto-apply': 'boolean',
  'auto-apply-run-trigger': 'boolean',
  'auto-destroy-at': 'timestamp?',
  'auto-destroy-status': 'string?',
  'auto-destroy-activity-duration': 'string?',
  'inherits-project-auto-destroy': 'boolean?',
  'created-at': 'timestamp',
  'updated-at': 'timestamp',
  'latest-change-at': 'timestamp',
  environment: 'string',
  'execution-mode': 'string',
  operations: 'boolean',
  'file-triggers-enabled': 'boolean',
  'global-remote-state': 'boolean',
  locked: 'boolean',
  'locked-reason': 'string?',
  'oauth-client-name': 'string?',
  'queue-all-runs': 'boolean',
  'speculative-enabled': 'boolean',
  'structured-run-output-enabled': 'boolean',
  'resource-count': 'integer',
  source: 'string',
  'source-name': 'string?',
  'source-url': 'string?',
  'tag-names': 'string[]',
  'engine-version': 'string',
  'trigger-prefixes': 'string[]',
  'trigger-patterns': 'string[]',
  'vcs-repo': 'object?',
  'vcs-repo-identifier': 'string?',
  'working-directory': 'string?',
  'setting-overwrites': 'object',
  'unarchived-workspace-change-requests-count': 'integer',
  permissions: 'object',
  // The spec types these `number`; decision 14 allows null where there is no value (no runs yet).
  'apply-duration-average': 'number?',
  'plan-duration-average': 'number?',
  'policy-check-failures': 'number?',
  'run-failures': 'number?',
  'workspace-kpis-runs-count': 'number?',
};

export const PERMISSION_KEYS = [
  'can-update',
  'can-destroy',
  'can-queue-run',
  'can-read-run',
  'can-read-variable',
  'can-update-variable',
  'can-read-state-versions',
  'can-read-state-outputs',
  'can-create-state-versions',
  'can-queue-apply',
  'can-lock',
  'can-unlock',
  'can-force-unlock',
  'can-read-settings',
  'can-manage-tags',
  'can-manage-run-tasks',
  'can-force-delete',
  'can-manage-assessments',
  'can-manage-ephemeral-workspaces',
  'can-read-assessment-results',
  'can-queue-destroy',
] as const;

export const RELATIONSHIP_NAMES = [
  'agent-pool',
  'current-configuration-version',
  'current-run',
  'latest-run',
  'current-state-version',
  'current-assessment-result',
  'organization',
  'outputs',
  'project',
  'readme',
  'remote-state-consumers',
  'ssh-key',
  'locked-by',
  'tag-bindings',
  'effective-tag-bindings',
  'vars',
];

export const VCS_REPO_MEMBERS = [
  'branch',
  'display-identifier',
  'identifier',
  'ingress-submodules',
  'oauth-token-id',
  'repository-http-url',
  'service-provider',
  'tags-regex',
  'webhook-url',
];

/** Attribute names of the documented show sample, its underscore spelling mapped to kebab-case (decision 22). */
export function sampleAttributeNames(): string[] {
  const sample = loadSample('ws-show-by-name');
  return Object.keys(sample.response_body.data.attributes).map((k) => k.replace(/_/g, '-'));
}

function checkKind(key: string, value: unknown, kind: Kind): string | null {
  const nullable = kind.endsWith('?');
  if (value === null) return nullable ? null : `${key} is null`;
  const base = kind.replace('?', '');
  switch (base) {
    case 'string':
      return typeof value === 'string' ? null : `${key} is not a string`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${key} is not a boolean`;
    case 'number':
      return typeof value === 'number' ? null : `${key} is not a number`;
    case 'integer':
      return Number.isInteger(value) ? null : `${key} is not an integer`;
    case 'timestamp':
      return typeof value === 'string' && TIMESTAMP.test(value) ? null : `${key} is not an ISO timestamp with milliseconds`;
    case 'object':
      return typeof value === 'object' && !Array.isArray(value) ? null : `${key} is not an object`;
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? null : `${key} is not an array of strings`;
    default:
      return `${key}: unknown kind`;
  }
}

/**
 * Problems with one workspace document (`data` of a show answer or a list item), as messages, so a
 * failing test names every missing or mistyped member at once.
 */
export function workspaceDocumentProblems(data: any, options: { single?: boolean; hosted?: boolean } = {}): string[] {
  const single = options.single ?? true;
  const hosted = options.hosted ?? true;
  const problems: string[] = [];
  if (!data || typeof data !== 'object') return ['document data is not an object'];
  if (typeof data.id !== 'string' || !data.id.startsWith('ws-')) problems.push(`id ${JSON.stringify(data.id)} does not start with ws-`);
  if (data.type !== 'workspaces') problems.push(`type is ${JSON.stringify(data.type)}`);
  const attributes = data.attributes ?? {};
  for (const [key, kind] of Object.entries(ATTRIBUTE_KINDS)) {
    if (key === 'unarchived-workspace-change-requests-count' && !single) continue;
    if (key === 'assessments-enabled' && !hosted) continue;
    if (!(key in attributes)) {
      problems.push(`attribute ${key} is missing`);
      continue;
    }
    const problem = checkKind(key, attributes[key], kind);
    if (problem) problems.push(problem);
  }
  if (attributes.actions && typeof attributes.actions['is-destroyable'] !== 'boolean') problems.push('actions.is-destroyable is not a boolean');
  const overwrites = attributes['setting-overwrites'];
  if (overwrites && (typeof overwrites['execution-mode'] !== 'boolean' || typeof overwrites['agent-pool'] !== 'boolean')) {
    problems.push('setting-overwrites lacks boolean execution-mode / agent-pool');
  }
  const permissions = attributes.permissions ?? {};
  for (const key of PERMISSION_KEYS) if (typeof permissions[key] !== 'boolean') problems.push(`permissions.${key} is not a boolean`);
  const relationships = data.relationships ?? {};
  for (const name of RELATIONSHIP_NAMES) if (!(name in relationships)) problems.push(`relationship ${name} is missing`);
  const links = data.links ?? {};
  if (typeof attributes.name === 'string') {
    if (links.self !== `/api/v2/organizations/${ORG}/workspaces/${attributes.name}`) problems.push(`links.self is ${JSON.stringify(links.self)}`);
    if (links['self-html'] !== `/app/${ORG}/workspaces/${attributes.name}`) problems.push(`links.self-html is ${JSON.stringify(links['self-html'])}`);
  }
  return problems;
}

export function expectWorkspaceDocument(data: any, options: { single?: boolean; hosted?: boolean } = {}): void {
  expect(workspaceDocumentProblems(data, options)).toEqual([]);
}

/** The response is a JSON:API error document with this status (one of several when the documents leave it open), per decision 6. */
export function expectError(response: ApiResponse, status: number | number[], pointer?: string): void {
  const statuses = Array.isArray(status) ? status : [status];
  if (!statuses.includes(response.status)) {
    throw new Error(`expected status ${statuses.join(' or ')}, got ${response.status}: ${response.text.slice(0, 500)}`);
  }
  expect(response.headers.get('content-type') ?? '').toContain(JSONAPI);
  expect(Array.isArray(response.body?.errors)).toBe(true);
  expect(response.body.errors.length).toBeGreaterThan(0);
  const error = response.body.errors[0];
  expect(error.status).toBe(String(response.status));
  expect(typeof error.title).toBe('string');
  // Every error object names its class in the spec's catalogue, a class with this status.
  for (const e of response.body.errors) {
    const name = errorNameOf(e.code);
    expect([e.code, name && ERRORS[name].status]).toEqual([e.code, response.status]);
  }
  if (pointer !== undefined) {
    // The pointer names the member, or an element inside it (`/data/attributes/trigger-patterns/0`).
    const pointers: string[] = response.body.errors.map((e: any) => String(e.source?.pointer ?? ''));
    if (!pointers.some((p) => p === pointer || p.startsWith(`${pointer}/`))) {
      throw new Error(`expected an error pointing at ${pointer}, got ${JSON.stringify(pointers)}`);
    }
  }
}

/** The first error's detail, for wording checks. */
export function errorDetail(response: ApiResponse): string {
  return String(response.body?.errors?.[0]?.detail ?? '');
}

export async function showWorkspace(service: TestService, id: string, token: string = TOKENS.owner): Promise<ApiResponse> {
  return service.request('GET', `/workspaces/${id}`, { token });
}

export function createBody(attributes: Record<string, unknown>, extra: Record<string, unknown> = {}): unknown {
  return { data: { type: 'workspaces', attributes, ...extra } };
}

export async function postWorkspace(
  service: TestService,
  attributes: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  token: string = TOKENS.owner,
): Promise<ApiResponse> {
  return service.request('POST', `/organizations/${ORG}/workspaces`, { token, body: createBody(attributes, extra) });
}

export async function patchWorkspace(
  service: TestService,
  id: string,
  attributes: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  token: string = TOKENS.owner,
): Promise<ApiResponse> {
  return service.request('PATCH', `/workspaces/${id}`, { token, body: createBody(attributes, extra) });
}

/** Names of the workspaces a list answer returns, for a query string (without `?`). */
export async function listNames(service: TestService, query: string, token: string = TOKENS.owner): Promise<string[]> {
  const response = await service.request('GET', `/organizations/${ORG}/workspaces?${query}`, { token });
  if (response.status !== 200) throw new Error(`list failed: ${response.status} ${response.text}`);
  return response.body.data.map((w: any) => w.attributes.name);
}

/** A copy of the default bootstrap, changed by `edit`. */
export function editedBootstrap(base: any, edit: (bootstrap: any) => void): any {
  const copy = JSON.parse(JSON.stringify(base));
  edit(copy);
  return copy;
}

export function acmeOf(bootstrap: any): any {
  return bootstrap.organizations.find((o: any) => o.name === ORG);
}
