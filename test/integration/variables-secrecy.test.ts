// Sensitive variable values are write-only (issue 35): a served `cdkws serve` is given sensitive
// workspace and set variables with distinctive values, rotated, and provoked into errors with them;
// then no answer (lists, shows, includes, effective variables, set lists), no error, no log line of
// the process, and nothing the database holds (SQLite: the file and its write-ahead log;
// PostgreSQL: a dump of the whole database) carries a trace of any of them.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { ORG } from '../helpers/service';
import { removeTemporaryStorage, sharedStorageArgs, spawnServe, stopServe, type ServeProcess } from '../helpers/processes';

jest.setTimeout(120_000);

const OWNER = 'alice-token';
const stamp = Date.now().toString(36);
/** Distinctive values, each of which must never come back. */
const SECRETS = [`ws-secret-${stamp}-a1`, `ws-secret-${stamp}-rotated-b2`, `set-secret-${stamp}-c3`, `old-path-secret-${stamp}-d4`];

let serve: ServeProcess | undefined;
let storageArgs: string[];
const answers: string[] = [];

afterAll(async () => {
  await stopServe(serve);
  removeTemporaryStorage();
});

/** A request whose answer is kept for the final check. */
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await serve!.request(method, path, { token: OWNER, ...(body === undefined ? {} : { body }) });
  answers.push(`${method} ${path} ${response.status} ${response.text}`);
  return response;
}

const vars = (attributes: Record<string, unknown>) => ({ data: { type: 'vars', attributes } });

/** The places a value could leak to, each with whether it holds any secret. */
function leaks(text: string | Buffer): string[] {
  return SECRETS.filter((secret) => text.includes(secret));
}

describe('sensitive variable values', () => {
  it('appear in no answer, no error, no log line and nothing stored', async () => {
    storageArgs = await sharedStorageArgs();
    serve = await spawnServe(storageArgs);
    const ws = (await call('POST', `/organizations/${ORG}/workspaces`, { data: { type: 'workspaces', attributes: { name: `secrecy-${stamp}` } } })).body.data;
    const created = await call('POST', `/workspaces/${ws.id}/vars`, vars({ key: 'TOKEN', value: SECRETS[0], category: 'env', sensitive: true }));
    expect(created.status).toBe(201);
    const varId = created.body.data.id;
    expect((await call('PATCH', `/workspaces/${ws.id}/vars/${varId}`, vars({ value: SECRETS[1] }))).status).toBe(200);
    const oldPath = await call('POST', '/vars', {
      data: {
        ...vars({ key: 'old', value: SECRETS[3], category: 'terraform', sensitive: true }).data,
        relationships: { workspace: { data: { type: 'workspaces', id: ws.id } } },
      },
    });
    expect(oldPath.status).toBe(201);
    const set = (await call('POST', `/organizations/${ORG}/varsets`, { data: { type: 'varsets', attributes: { name: `secrecy-${stamp}` } } })).body.data;
    expect(
      (await call('POST', `/varsets/${set.id}/relationships/vars`, vars({ key: 'SET_TOKEN', value: SECRETS[2], category: 'env', sensitive: true }))).status,
    ).toBe(201);
    expect((await call('POST', `/varsets/${set.id}/relationships/workspaces`, { data: [{ type: 'workspaces', id: ws.id }] })).status).toBe(204);

    // Errors with a secret in the request: each refused, none quoting it.
    const refusals = [
      await call('POST', `/workspaces/${ws.id}/vars`, vars({ key: 'TOKEN', value: SECRETS[0], category: 'env', sensitive: true })),
      await call('POST', `/workspaces/${ws.id}/vars`, vars({ key: 'x', value: SECRETS[0], category: SECRETS[0], sensitive: true })),
      await call('POST', `/workspaces/${ws.id}/vars`, vars({ key: 'x', value: SECRETS[0], category: 'env', hcl: true, sensitive: true })),
      await call('POST', `/workspaces/${ws.id}/vars`, vars({ key: SECRETS[0].repeat(10), value: SECRETS[0], category: 'env', sensitive: true })),
      await call('POST', `/workspaces/${ws.id}/vars`, vars({ key: 'x', value: SECRETS[0].repeat(20_000), category: 'env', sensitive: true })),
      await call('POST', `/workspaces/${ws.id}/vars`, vars({ key: 'x', value: [SECRETS[0]], category: 'env', sensitive: true })),
      await call('PATCH', `/workspaces/${ws.id}/vars/${varId}`, vars({ value: SECRETS[1], sensitive: false })),
      await call('PATCH', `/workspaces/${ws.id}/vars/var-missing`, vars({ value: SECRETS[1] })),
      await call('POST', `/varsets/${set.id}/relationships/vars`, vars({ key: 'SET_TOKEN', value: SECRETS[2], category: 'env', sensitive: true })),
    ];
    expect(refusals.map((r) => r.status)).toEqual([422, 422, 422, 422, 422, 422, 422, 404, 422]);
    const malformed = await serve.request('POST', `/workspaces/${ws.id}/vars`, { token: OWNER, rawBody: `{"data": {"attributes": {"value": "${SECRETS[0]}"` });
    answers.push(malformed.text);
    expect(malformed.status).toBe(400);

    // Every read that could carry a value.
    for (const path of [
      `/workspaces/${ws.id}/vars`,
      `/workspaces/${ws.id}/vars/${varId}`,
      `/workspaces/${ws.id}/all-vars`,
      `/vars?filter%5Borganization%5D%5Bname%5D=${ORG}&filter%5Bworkspace%5D%5Bname%5D=${ws.attributes.name}`,
      `/workspaces/${ws.id}`,
      `/workspaces/${ws.id}/varsets?include=vars`,
      `/organizations/${ORG}/varsets?include=vars,workspaces`,
      `/varsets/${set.id}?include=vars`,
      `/varsets/${set.id}/relationships/vars`,
    ]) {
      expect([path, (await call('GET', path)).status]).toEqual([path, 200]);
    }
    // The values are there (the effective variables name them), only never answered.
    const effective = await call('GET', `/workspaces/${ws.id}/all-vars`);
    expect(
      effective.body.data
        .filter((v: any) => v.attributes.sensitive)
        .map((v: any) => [v.attributes.key, v.attributes.value])
        .sort(),
    ).toEqual([
      ['SET_TOKEN', null],
      ['TOKEN', null],
      ['old', null],
    ]);

    expect(answers.flatMap(leaks)).toEqual([]);
    await stopServe(serve, 'SIGTERM');
    const { stdout, stderr } = serve.output();
    serve = undefined;
    expect(stdout.split('\n').length + stderr.split('\n').length).toBeGreaterThan(10); // the process did log its requests
    expect([...leaks(stdout), ...leaks(stderr)]).toEqual([]);

    if (storageArgs[0] === '--data') {
      const files = [storageArgs[1], `${storageArgs[1]}-wal`].filter((f) => statSync(f, { throwIfNoEntry: false }));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const bytes = readFileSync(file);
        // The keys are stored (so the files are the right ones), the values are not.
        expect([file, bytes.includes('SET_TOKEN'), leaks(bytes)]).toEqual([file, true, []]);
      }
    } else {
      const dump = spawnSync('pg_dump', ['--data-only', storageArgs[1]], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      expect([dump.status, dump.stderr]).toEqual([0, '']);
      expect([dump.stdout.includes('SET_TOKEN'), leaks(dump.stdout)]).toEqual([true, []]);
    }
  });
});
