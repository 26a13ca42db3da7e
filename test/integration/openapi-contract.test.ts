// The service keeps the contract its OpenAPI document states. For every operation of the document
// (served at GET /api/v2/openapi.json), fast-check generates requests from the document itself:
// path parameters (real IDs and names, or any text), the declared query parameters (values that fit
// their schemas, or any text) and bodies (documents that fit the request schema, any JSON, or text
// that is not JSON), sent with tokens of several callers. Every answer must have a status the
// operation lists, never 500, a body that matches the schema the document gives for that status,
// and, for a refusal, error codes the operation lists for it. Besides, each operation is sent one
// request made by its fixture factory (test/helpers/valid-requests.ts), which it must answer with a
// success: every operation of the document is shown to do its work, not only to refuse.
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import fc from 'fast-check';
import type { EndpointName } from '../../src/contract';
import {
  createAuthenticationToken,
  createChangeRequests,
  createOrganization,
  createSshKey,
  createStateVersion,
  createWorkspace,
  terraformState,
} from '../helpers/fixtures';
import { arbitraryOf, type JsonSchema } from '../helpers/json-schema-arbitrary';
import { createProject, createTeamAccess, createTeamProjectAccess, inviteMember } from '../helpers/access-fixtures';
import { ORG, TOKENS, type ApiResponse } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { SITE_ADMIN_TOKEN as SITE_ADMIN, VALID_REQUESTS, VALID_REQUESTS_TEAM_ID, validRequestsBootstrap } from '../helpers/valid-requests';

/** Requests per operation: about 60 operations, so some 800 requests against one service. */
const RUNS_PER_OPERATION = 14;
jest.setTimeout(300_000);

const DOCUMENT: JsonSchema = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'));
const COMPONENTS = 'https://cdk-workspaces.test/components';

/**
 * The self-hosted edition, so data retention policies answer too, and a site administrator, so
 * organizations can be created and deleted. Unknown tokens are never sent: no guessing throttle.
 */
const service = useService(() => ({ bootstrap: validRequestsBootstrap(), authFailureLimit: 0 }));

/** Real values per path parameter, filled in before the runs; destructive operations get throwaway ones. */
const real: Record<string, string[]> = {
  organization_name: [ORG, 'freeco'],
  user_id: ['user-alice', 'user-bob'],
  ssh_key_id: ['sshkey-deploy'],
};
const throwaway: Record<string, string[]> = {};

beforeAll(async () => {
  const workspaces = await Promise.all([createWorkspace(service), createWorkspace(service)]);
  real.workspace_id = workspaces.map((w) => w.id);
  real.name = workspaces.map((w) => w.attributes.name);
  real.workspace = [...real.workspace_id, ...real.name];
  real.change_request_id = await createChangeRequests(service, real.workspace_id);
  const version = await createStateVersion(service, real.workspace_id[0], terraformState({ outputs: { greeting: { value: 'hello' } } }));
  real.state_version_id = [version.id];
  real.state_version_output_id = [version.relationships.outputs.data[0].id];
  const token = await service.request('POST', '/users/user-alice/authentication-tokens', { body: { data: { type: 'authentication-tokens', attributes: {} } } });
  real.token_id = [token.body.data.id];
  const spare = await Promise.all([createWorkspace(service), createWorkspace(service), createWorkspace(service)]);
  throwaway.workspace_id = spare.map((w) => w.id);
  throwaway.name = spare.map((w) => w.attributes.name);
  throwaway.change_request_id = await createChangeRequests(service, throwaway.workspace_id);
  throwaway.organization_name = await Promise.all([createOrganization(service, SITE_ADMIN), createOrganization(service, SITE_ADMIN)]);
  throwaway.ssh_key_id = await Promise.all([createSshKey(service), createSshKey(service)]);
  throwaway.token_id = await Promise.all([createAuthenticationToken(service), createAuthenticationToken(service)]);
  // Variables and variable sets: one variable in each real workspace, sets holding a variable.
  const variableIn = async (owner: string) => {
    const made = await service.request('POST', owner, {
      body: { data: { type: 'vars', attributes: { key: `k${Math.random()}`.slice(0, 12), category: 'env' } } },
    });
    return made.body.data.id as string;
  };
  const variableSet = async () => {
    const made = await service.request('POST', `/organizations/${ORG}/varsets`, {
      body: { data: { type: 'varsets', attributes: { name: `set-${Math.random()}` } } },
    });
    return made.body.data.id as string;
  };
  real.variable_set_id = [await variableSet()];
  throwaway.variable_set_id = [await variableSet(), await variableSet()];
  real.variable_id = await Promise.all([
    ...real.workspace_id.map((id) => variableIn(`/workspaces/${id}/vars`)),
    variableIn(`/varsets/${real.variable_set_id[0]}/relationships/vars`),
  ]);
  throwaway.variable_id = await Promise.all([
    ...throwaway.workspace_id.map((id) => variableIn(`/workspaces/${id}/vars`)),
    ...throwaway.variable_set_id.map((id) => variableIn(`/varsets/${id}/relationships/vars`)),
  ]);
  real.project_id = [(await service.request('GET', `/workspaces/${real.workspace_id[0]}`)).body.data.relationships.project.data.id];
  // Teams, projects, memberships and grants (issue 34): real ones to read, spare ones to delete.
  const [realGrant, spareGrants, spareProjectGrants] = await Promise.all([
    createTeamAccess(service),
    Promise.all([createTeamAccess(service), createTeamAccess(service)]),
    Promise.all([createTeamProjectAccess(service), createTeamProjectAccess(service)]),
  ]);
  const realProjectGrant = await createTeamProjectAccess(service);
  Object.assign(real, {
    team_id: [realGrant.teamId, realProjectGrant.teamId],
    project_id: [realProjectGrant.projectId],
    team_access_id: [realGrant.id],
    team_project_access_id: [realProjectGrant.id],
    organization_membership_id: [await inviteMember(service)],
    user_id: ['user-alice', 'user-bob'],
  });
  Object.assign(throwaway, {
    team_id: spareGrants.map((g) => g.teamId),
    project_id: await Promise.all([createProject(service), createProject(service)]),
    team_access_id: spareGrants.map((g) => g.id),
    team_project_access_id: spareProjectGrants.map((g) => g.id),
    organization_membership_id: await Promise.all([inviteMember(service), inviteMember(service)]),
  });
  // Notification configurations of the valid-requests team.
  const hook = () =>
    service
      .request('POST', `/teams/${VALID_REQUESTS_TEAM_ID}/notification-configurations`, {
        body: {
          data: {
            type: 'notification-configurations',
            attributes: { 'destination-type': 'generic', enabled: false, name: 'contract', url: 'http://127.0.0.1:9/' },
          },
        },
      })
      .then((r) => r.body.data.id as string);
  real.notification_configuration_id = [await hook()];
  throwaway.notification_configuration_id = await Promise.all([hook(), hook()]);
});

interface Operation {
  id: string;
  method: string;
  template: string;
  parameters: Array<{ name: string; in: 'path' | 'query'; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, JsonSchema>;
  security: Array<Record<string, unknown>>;
  'x-error-codes': Record<string, string[]>;
  'x-destructive': boolean;
}

const operations: Operation[] = Object.entries(DOCUMENT.paths as Record<string, Record<string, any>>).flatMap(([template, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ ...operation, id: operation.operationId, method: method.toUpperCase(), template })),
);

/** Operations the document marks destructive (deletes, archives, …): they get throwaway or made-up targets. */
const destroys = (operation: Operation) => operation['x-destructive'];

const resolve = (ref: string): JsonSchema => {
  const [, kind, name] = /^#\/components\/(schemas|responses)\/(.+)$/.exec(ref) ?? [];
  if (!kind) throw new Error(`unexpected $ref ${ref}`);
  return DOCUMENT.components[kind][name];
};

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
ajv.addSchema({ $id: COMPONENTS, $defs: DOCUMENT.components.schemas });
const validators = new Map<string, ValidateFunction>();
/** A validator for a schema of the document (a `$ref` into components, as every body schema is). */
function validatorOf(schema: JsonSchema): ValidateFunction {
  const ref = schema.$ref as string;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: `${COMPONENTS}#/$defs/${ref.split('/').pop()}` });
    validators.set(ref, validate);
  }
  return validate;
}

const anyText = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', ' ', '..', '%', '%2F', 'ws-', 'wscr-', '__proto__', '💥'));
/**
 * A path parameter is one segment (the document's `minLength: 1`); `.` and `..` are not sent,
 * since URL resolution takes them out of the path before the request leaves.
 */
const anySegment = anyText.filter((text) => text.length > 0 && text !== '.' && text !== '..');

function pathValue(name: string, operation: Operation): fc.Arbitrary<string> {
  const pool = destroys(operation) ? (throwaway[name] ?? []) : (real[name] ?? []);
  return pool.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: anySegment }) : anySegment;
}

function queryValue(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: arbitraryOf(schema, resolve).map(String) }, { weight: 1, arbitrary: anyText });
}

function bodyOf(operation: Operation): fc.Arbitrary<Body> {
  const content = operation.requestBody?.content;
  if (!content) return fc.constant(undefined);
  const schema = Object.values(content)[0].schema;
  return fc.oneof(
    { weight: 4, arbitrary: arbitraryOf(schema, resolve).map((json): Body => ({ json })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json): Body => ({ json })) },
    { weight: 1, arbitrary: fc.constantFrom<Body>({ raw: '{"data": ' }, { raw: 'not json' }, undefined) },
  );
}

function tokenOf(operation: Operation): fc.Arbitrary<string | null> {
  const scheme = Object.keys(operation.security[0] ?? {})[0];
  if (scheme === 'emulatorToken') return fc.constantFrom<string | null>(TOKENS.emulator, TOKENS.emulator, TOKENS.owner, null);
  if (scheme === 'apiToken') {
    return fc.constantFrom<string | null>(
      TOKENS.owner,
      TOKENS.owner,
      TOKENS.admin,
      TOKENS.writer,
      TOKENS.reader,
      TOKENS.outsider,
      TOKENS.org,
      SITE_ADMIN,
      null,
    );
  }
  return fc.constantFrom<string | null>(null, TOKENS.owner);
}

function requestOf(operation: Operation) {
  const inPath = operation.parameters?.filter((p) => p.in === 'path') ?? [];
  const inQuery = operation.parameters?.filter((p) => p.in === 'query') ?? [];
  return fc.record({
    path: fc.record(Object.fromEntries(inPath.map((p) => [p.name, pathValue(p.name, operation)]))),
    query: fc.subarray(inQuery).chain((chosen) => fc.tuple(...chosen.map((p) => queryValue(p.schema).map((value) => [p.name, value] as const)))),
    body: bodyOf(operation),
    token: tokenOf(operation),
  });
}

type Body = { json: unknown } | { raw: string } | undefined;

/** Sends one request to an operation, its path parameters filled into the document's template. */
function send(
  operation: Operation,
  parameters: Record<string, string>,
  query: ReadonlyArray<readonly [string, string]>,
  body: Body,
  token: string | null,
): Promise<ApiResponse> {
  const target = operation.template.replace(/\{([a-z_]+)\}/g, (_, name: string) => encodeURIComponent(parameters[name]));
  const search = query.length > 0 ? `?${new URLSearchParams(query.map(([name, value]): [string, string] => [name, value])).toString()}` : '';
  const mediaType = Object.keys(operation.requestBody?.content ?? {})[0] ?? 'application/vnd.api+json';
  return service.request(operation.method, target + search, {
    token,
    ...(body === undefined ? {} : 'raw' in body ? { rawBody: body.raw } : { body: body.json }),
    headers: body === undefined ? {} : { 'content-type': mediaType },
  });
}

/** Operations that answered a generated request with a success: generated requests reach the handlers' work. */
const succeededAtRandom = new Set<string>();
/** Operations that answered a success at least once, to a generated request or to their factory's. */
const succeeded = new Set<string>();

/** What a run checks of one answer. */
function checkAnswer(operation: Operation, status: number, contentType: string | null, body: unknown, text: string): void {
  const where = `${operation.method} ${operation.template} (${operation.id}) answered ${status}: ${text.slice(0, 300)}`;
  expect([where, status]).not.toEqual([where, 500]);
  const documented = operation.responses[String(status)];
  expect([where, documented !== undefined]).toEqual([where, true]);
  const response = documented.$ref ? resolve(documented.$ref) : documented;
  if (!response.content) return expect([where, text]).toEqual([where, '']);
  const [mediaType, { schema }] = Object.entries(response.content as Record<string, { schema: JsonSchema }>)[0];
  expect([where, contentType?.split(';')[0]]).toEqual([where, mediaType]);
  // Bytes (a state download) have no document schema: their media type is what the document says.
  if (schema.$ref === undefined) return;
  const validate = validatorOf(schema);
  expect([where, validate(body) ? 'matches' : validate.errors]).toEqual([where, 'matches']);
  if (status >= 400) {
    const codes = (body as { errors: Array<{ code?: string }> }).errors.map((e) => e.code);
    for (const code of codes) expect([where, operation['x-error-codes'][String(status)]]).toEqual([where, expect.arrayContaining([code])]);
  }
}

describe('the OpenAPI document', () => {
  it('is served at GET /api/v2/openapi.json, without a token, as committed', async () => {
    const answer = await service.request('GET', '/api/v2/openapi.json', { token: null });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual(DOCUMENT);
  });

  it('covers the service: a path the document lacks is not an operation', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.map((o) => o.id)).toEqual(expect.arrayContaining(['createWorkspace', 'lockWorkspace', 'listNotifications', 'showOpenApiDocument']));
  });

  it('has a valid request for every operation', () => {
    expect(operations.map((o) => o.id).filter((id) => !(id in VALID_REQUESTS))).toEqual([]);
  });

  // Reads and writes first, deletes last, so the fixtures serve as long as possible.
  const ordered = [...operations].sort((a, b) => Number(destroys(a)) - Number(destroys(b)));
  it.each(ordered.map((operation) => [operation.id, operation] as const))('%s answers as the document says', async (_id, operation) => {
    await fc.assert(
      fc.asyncProperty(requestOf(operation), async ({ path: parameters, query, body, token }) => {
        const answer = await send(operation, parameters, query, body, token);
        if (answer.status < 300) {
          succeededAtRandom.add(operation.id);
          succeeded.add(operation.id);
        }
        checkAnswer(operation, answer.status, answer.headers.get('content-type'), answer.body, answer.text);
      }),
      { numRuns: RUNS_PER_OPERATION },
    );
    // Generated requests seldom pass the rules the schemas cannot state (name syntax) or find a
    // target still in the state the operation needs: the factory's request must succeed.
    const valid = await VALID_REQUESTS[operation.id as EndpointName](service);
    const answer = await send(
      operation,
      valid.parameters,
      Object.entries(valid.query ?? {}),
      valid.body === undefined ? undefined : { json: valid.body },
      valid.token ?? TOKENS.owner,
    );
    const where = `${operation.method} ${operation.template} (${operation.id}) answered its valid request ${answer.status}: ${answer.text.slice(0, 300)}`;
    expect([where, answer.status >= 200 && answer.status < 300]).toEqual([where, true]);
    succeeded.add(operation.id);
    checkAnswer(operation, answer.status, answer.headers.get('content-type'), answer.body, answer.text);
  });

  it('was driven past the look-ups and rules: most operations answered a generated request with a success', () => {
    const missed = ordered.map((o) => o.id).filter((id) => !succeededAtRandom.has(id));
    // Bodies fit the schemas' shapes, but rules the schemas cannot state (name syntax) refuse
    // many creates: about a third miss per run.
    expect({ missed, halfOrMore: missed.length >= ordered.length / 2 }).toEqual({ missed, halfOrMore: false });
  });

  it('answered a success to every operation', () => {
    expect(ordered.map((o) => o.id).filter((id) => !succeeded.has(id))).toEqual([]);
  });
});
