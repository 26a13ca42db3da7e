// SSH keys (docs/service.md "SSH keys"): owners create, rename and delete them, members see them;
// the key itself is write-only; deleting a key unassigns it from its workspaces; the bootstrap
// file's keys are listed and assignable as before.
import { sshKeyDocumentSchema, sshKeyListDocumentSchema } from '../../src/contract';
import { createWorkspace } from '../helpers/fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORG, TOKENS, startService, testStorage, usingPostgres } from '../helpers/service';
import { useService } from '../helpers/use-service';

const logLines: string[] = [];
const service = useService({ log: (line) => logLines.push(line) });

const SECRET = '-----BEGIN OPENSSH PRIVATE KEY-----\nnot-a-real-key-but-secret\n-----END OPENSSH PRIVATE KEY-----';
const keyBody = (attributes: Record<string, unknown>) => ({ data: { type: 'ssh-keys', attributes } });

async function createKey(name = 'deploy-key'): Promise<string> {
  const response = await service.request('POST', `/organizations/${ORG}/ssh-keys`, { body: keyBody({ name, value: SECRET }) });
  expect(response.status).toBe(201);
  return sshKeyDocumentSchema.parse(response.body).data.id;
}

const assign = (workspaceId: string, keyId: string | null) =>
  service.request('PATCH', `/workspaces/${workspaceId}/relationships/ssh-key`, { body: { data: { type: 'workspaces', attributes: { id: keyId } } } });

it('creates, shows, lists, renames and deletes a key, and never answers its value', async () => {
  const created = await service.request('POST', `/organizations/${ORG}/ssh-keys`, { body: keyBody({ name: 'ci', value: SECRET }) });
  expect(created.status).toBe(201);
  expect(created.body.data).toMatchObject({ type: 'ssh-keys', id: expect.stringMatching(/^sshkey-/), attributes: { name: 'ci' } });
  const id = created.body.data.id;
  const shown = await service.request('GET', `/ssh-keys/${id}`, { token: TOKENS.reader });
  expect(shown.body.data).toEqual(created.body.data);
  const list = sshKeyListDocumentSchema.parse((await service.request('GET', `/organizations/${ORG}/ssh-keys`, { token: TOKENS.reader })).body);
  // The bootstrap file's key is listed with those made through the API.
  expect(list.data.map((k) => k.id)).toEqual(expect.arrayContaining(['sshkey-deploy', id]));
  const renamed = await service.request('PATCH', `/ssh-keys/${id}`, { body: keyBody({ name: 'ci-2', value: `${SECRET}2` }) });
  expect(renamed.status).toBe(200);
  expect(renamed.body.data.attributes).toEqual({ name: 'ci-2' });
  for (const response of [created, shown, renamed]) expect(response.text).not.toContain('not-a-real-key');
  expect(logLines.join('\n')).not.toContain('not-a-real-key');

  expect((await service.request('DELETE', `/ssh-keys/${id}`)).status).toBe(204);
  expect((await service.request('GET', `/ssh-keys/${id}`)).status).toBe(404);
  expect((await service.request('DELETE', `/ssh-keys/${id}`)).status).toBe(404);
});

it('lets members read keys but only owners change them; others get 404', async () => {
  const id = await createKey();
  expect((await service.request('POST', `/organizations/${ORG}/ssh-keys`, { token: TOKENS.admin, body: keyBody({ name: 'x', value: 'y' }) })).status).toBe(403);
  expect((await service.request('PATCH', `/ssh-keys/${id}`, { token: TOKENS.writer, body: keyBody({ name: 'x' }) })).status).toBe(403);
  expect((await service.request('DELETE', `/ssh-keys/${id}`, { token: TOKENS.reader })).status).toBe(403);
  expect((await service.request('GET', `/ssh-keys/${id}`, { token: TOKENS.outsider })).status).toBe(404);
  expect((await service.request('GET', `/organizations/${ORG}/ssh-keys`, { token: TOKENS.outsider })).status).toBe(404);
  expect((await service.request('PATCH', `/ssh-keys/${id}`, { token: TOKENS.org, body: keyBody({ name: 'by-org-token' }) })).status).toBe(200);
});

it('refuses a key without a name or a value with 422', async () => {
  const noValue = await service.request('POST', `/organizations/${ORG}/ssh-keys`, { body: keyBody({ name: 'x' }) });
  expect(noValue.status).toBe(422);
  expect(noValue.body.errors[0].source.pointer).toBe('/data/attributes/value');
  const noName = await service.request('POST', `/organizations/${ORG}/ssh-keys`, { body: keyBody({ value: SECRET }) });
  expect(noName.status).toBe(422);
  expect(noName.body.errors[0].source.pointer).toBe('/data/attributes/name');
  const wrongType = await service.request('POST', `/organizations/${ORG}/ssh-keys`, {
    body: { data: { type: 'workspaces', attributes: { name: 'x', value: 'y' } } },
  });
  expect(wrongType.status).toBe(422);
});

it('unassigns a deleted key from the workspaces that had it', async () => {
  const id = await createKey();
  const [first, second] = [await createWorkspace(service), await createWorkspace(service)];
  for (const workspace of [first, second]) expect((await assign(workspace.id, id)).body.data.relationships['ssh-key'].data).toEqual({ id, type: 'ssh-keys' });
  expect((await service.request('DELETE', `/ssh-keys/${id}`)).status).toBe(204);
  for (const workspace of [first, second]) {
    const shown = await service.request('GET', `/workspaces/${workspace.id}`);
    expect(shown.body.data.relationships['ssh-key'].data).toBeNull();
  }
  // A deleted key cannot be assigned again.
  expect((await assign(first.id, id)).status).toBe(422);
});

it('assigns only keys of the workspace organization', async () => {
  const workspace = await createWorkspace(service);
  expect((await assign(workspace.id, 'sshkey-deploy')).status).toBe(200);
  expect((await assign(workspace.id, 'sshkey-nope')).status).toBe(422);
});

// Like organizations, a key the file declares is created again when absent; a start without it keeps it deleted.
it('keeps a deleted bootstrap key deleted when the service starts again without the file declaring it', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-ssh-keys-'));
  try {
    const storage = usingPostgres() ? await testStorage() : { kind: 'sqlite' as const, path: path.join(dir, 'service.db') };
    const first = await startService({ storage });
    expect((await first.request('DELETE', '/ssh-keys/sshkey-deploy')).status).toBe(204);
    await first.close();
    const second = await startService({ storage, bootstrap: { users: [] } });
    try {
      expect((await second.request('GET', '/ssh-keys/sshkey-deploy')).status).toBe(404);
      const list = await second.request('GET', `/organizations/${ORG}/ssh-keys`);
      expect(list.body.data).toEqual([]);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
