// The endpoint table: its rows are consistent, paths are built from it, and the documents made from
// it (docs/openapi.json, docs/api.md) are current and valid.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiReferenceMarkdown } from './endpoint-reference';
import { openApiDocument, openApiPath } from './endpoint-openapi';
import { ENDPOINT_PATH_PARAMETERS } from './endpoint-tables.generated';
import {
  EMULATOR_ROOT,
  ENDPOINTS,
  ENDPOINT_NAMES,
  authOf,
  hostedLink,
  pathOf,
  pathParameterNames,
  rootPathOf,
  type EndpointDefinition,
  type EndpointName,
} from './endpoints';
import { ERRORS } from './error-codes';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const FIX = 'run `npm run generate:api` and commit the result';

/** The OpenAPI 3.1 validator's verdict on a document (an ES module: run in its own Node process). */
function validate(document: unknown): { valid: boolean; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    const result = await new Validator().validate(JSON.parse(text));
    process.stdout.write(JSON.stringify(result));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, input: JSON.stringify(document), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the validator failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { valid: boolean; errors?: unknown };
}

describe('the endpoint table', () => {
  const rows = ENDPOINT_NAMES.map((name) => [name, ENDPOINTS[name] as EndpointDefinition] as const);

  it('has one endpoint per method and path', () => {
    const keys = rows.map(([name]) => `${ENDPOINTS[name].method} ${openApiPath(name)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps emulator controls, and only them, under the emulator root', () => {
    for (const [name, endpoint] of rows) {
      expect([name, endpoint.path.startsWith(`${EMULATOR_ROOT}/`)]).toEqual([name, authOf(endpoint.permission) === 'emulator']);
    }
  });

  it('describes every path parameter and names only catalogued errors', () => {
    for (const [name, endpoint] of rows) {
      for (const parameter of pathParameterNames(endpoint.path)) expect([name, ENDPOINT_PATH_PARAMETERS[parameter]]).toEqual([name, expect.any(String)]);
      for (const error of endpoint.errors) expect([name, ERRORS[error]?.code]).toEqual([name, expect.any(String)]);
    }
  });

  it('gives an answer schema to every success with a body, and only GETs are cacheable', () => {
    for (const [name, endpoint] of rows) {
      expect([name, endpoint.success.length > 0]).toEqual([name, true]);
      // Bytes (a download) and an upload's empty 200 have no document to describe.
      const documented = !endpoint.success.includes(204) && endpoint.rawAnswer === undefined && endpoint.rawBody === undefined;
      if (documented) expect([name, endpoint.answer !== undefined]).toEqual([name, true]);
      if (endpoint.cacheable) expect([name, endpoint.method]).toEqual([name, 'GET']);
    }
  });

  it('marks every DELETE destructive, so a new one cannot be tried out on a shared target', () => {
    const deletes = rows.filter(([, endpoint]) => endpoint.method === 'DELETE');
    expect(deletes.length).toBeGreaterThan(0);
    for (const [name, endpoint] of deletes) expect([name, endpoint.destructive]).toEqual([name, true]);
    // And no read is one.
    for (const [name, endpoint] of rows) if (endpoint.method === 'GET') expect([name, endpoint.destructive]).toEqual([name, undefined]);
  });

  it('builds paths with each parameter encoded as one segment', () => {
    expect(pathOf('showWorkspaceByName', { organization_name: 'acme corp', name: 'a/b' })).toBe('/organizations/acme%20corp/workspaces/a%2Fb');
    expect(pathOf('lockWorkspace', { workspace_id: 'ws-1' })).toBe('/workspaces/ws-1/actions/lock');
    expect(rootPathOf('showWorkspace', { workspace_id: 'ws-1' })).toBe('/api/v2/workspaces/ws-1');
    // Emulator controls live beside the API, not under it.
    expect(rootPathOf('listNotifications', {})).toBe('/_emulator/notifications');
    expect(hostedLink('project', { project_id: 'prj-1' })).toBe('/api/v2/projects/prj-1');
    expect(() => pathOf('showWorkspace', {} as never)).toThrow(/workspace_id/);
  });
});

describe('the documents made from the table', () => {
  const document = openApiDocument();

  it('has docs/openapi.json current', () => {
    expect(read('docs/openapi.json') === `${JSON.stringify(document, null, 2)}\n` ? 'current' : FIX).toBe('current');
  });

  it('has docs/api.md current', () => {
    expect(read('docs/api.md') === apiReferenceMarkdown() ? 'current' : FIX).toBe('current');
  });

  it('says which operations are destructive, as the table does', () => {
    const paths = document.paths as Record<string, Record<string, { operationId: EndpointName; 'x-destructive': boolean }>>;
    for (const operation of Object.values(paths).flatMap((methods) => Object.values(methods))) {
      const endpoint: EndpointDefinition = ENDPOINTS[operation.operationId];
      expect([operation.operationId, operation['x-destructive']]).toEqual([operation.operationId, endpoint.destructive === true]);
    }
  });

  it('lists every endpoint once as an OpenAPI operation', () => {
    const paths = document.paths as Record<string, Record<string, { operationId: string }>>;
    const operations = Object.values(paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(operations.sort()).toEqual([...ENDPOINT_NAMES].sort());
  });

  it('is a valid OpenAPI 3.1 document, as the validator tells a broken one', () => {
    expect(validate(document)).toEqual({ valid: true });
    const { info: _info, ...broken } = document;
    expect(validate(broken).valid).toBe(false);
  });
});
