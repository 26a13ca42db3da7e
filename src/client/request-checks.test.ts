// The spec's rules run before anything is sent, with messages in the client's camelCase naming.
// The client points at a port nothing listens on: a request that went out would fail as a
// NetworkError, so a ValidationError here proves the refusal came first.
import { Client } from './client';
import { NetworkError, ValidationError } from './errors';

const client = new Client({ address: 'http://127.0.0.1:9', token: 'tok', rateLimit: false, retry: false });
afterAll(() => client.close());

const refusal = async (call: Promise<unknown>): Promise<ValidationError> => {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).status).toBe(0);
  return error as ValidationError;
};

describe('workspace options', () => {
  it('names attributes in camelCase and points at their wire member', async () => {
    const error = await refusal(
      client.workspaces.create('acme', { name: 'ok', autoDestroyActivityDuration: '0d', vcsRepo: { identifier: 'no-slash', oauthTokenId: 'ot-1' } }),
    );
    expect(error.errors.map((e) => e.detail)).toEqual([
      'autoDestroyActivityDuration must be a number greater than 0 with at most four digits followed by "d" or "h", e.g. "14d"',
      'vcsRepo.identifier must have the form ":org/:repo"',
    ]);
    expect(error.pointers).toEqual(['/data/attributes/auto-destroy-activity-duration', '/data/attributes/vcs-repo/identifier']);
    expect(error.errors.every((e) => e.code === 'invalid-attribute')).toBe(true);
  });

  it('checks the rules across attributes on create and update', async () => {
    const create = await refusal(client.workspaces.create('acme', { name: 'agent', executionMode: 'agent' }));
    expect(create.errors.map((e) => e.detail)).toEqual(['agentPoolId is required when executionMode is "agent"']);
    const update = await refusal(client.workspaces.updateById('ws-1', { executionMode: 'local', operations: true }));
    expect(update.errors.map((e) => e.detail)).toEqual(['operations and executionMode cannot both be given; use executionMode only']);
    const assessments = await refusal(client.workspaces.updateById('ws-1', { assessmentsEnabled: true, executionMode: 'local' }));
    expect(assessments.detail).toBe('assessmentsEnabled needs executionMode "remote"');
  });

  it('checks the tag bindings sent with a workspace', async () => {
    const error = await refusal(client.workspaces.create('acme', { name: 'tb', tagBindings: [{ key: 'hcp:x' }, { key: 'ok', value: 'no spaces allowed' }] }));
    expect(error.errors.map((e) => [e.detail, e.source?.pointer])).toEqual([
      ['tagBindings[0].key must not start with "hc:" or "hcp:" (reserved)', '/data/relationships/tag-bindings/data/0/attributes/key'],
      ['tagBindings[1].value may contain only letters, numbers and _ . = + - @ :', '/data/relationships/tag-bindings/data/1/attributes/value'],
    ]);
    const many = Array.from({ length: 11 }, (_, i) => ({ key: `k${i}` }));
    const tooMany = await refusal(client.workspaces.updateById('ws-1', { tagBindings: many }));
    expect(tooMany.detail).toBe('a workspace can have at most 10 tag bindings of its own; tagBindings has 11');
  });

  it('reports wrong types from callers without TypeScript by their camelCase name', async () => {
    const error = await refusal(client.workspaces.updateById('ws-1', { vcsRepo: { branch: 7 } } as never));
    expect(error.detail).toMatch(/^vcsRepo\.branch: /);
    expect(error.pointers).toEqual(['/data/attributes/vcs-repo/branch']);
  });

  it('sends what the rules allow (and only then meets the missing service)', async () => {
    await expect(client.workspaces.updateById('ws-1', { queueAllRuns: true })).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('flat tags and tag bindings', () => {
  it('checks flat tag names but leaves lowercasing to the service', async () => {
    const error = await refusal(client.tags.add('ws-1', ['has space', 'fine']));
    expect(error.errors.map((e) => [e.detail, e.source?.pointer])).toEqual([
      ['tags[0] "has space" may contain only letters, numbers, ":", "-" and "_"', '/data/0/attributes/name'],
    ]);
    // Mixed case is sent: the service stores it lowercased.
    await expect(client.tags.add('ws-1', ['Team-A'])).rejects.toBeInstanceOf(NetworkError);
    const shape = await refusal(client.tags.remove('ws-1', [{ id: 'not an id' }]));
    expect(shape.detail).toMatch(/^tags\[0\]\.id: /);
  });

  it('checks bindings before an update', async () => {
    const error = await refusal(client.tagBindings.update('ws-1', [{ key: '' }]));
    expect([error.detail, error.pointers]).toEqual(['tagBindings[0].key must not be empty', ['/data/0/attributes/key']]);
  });
});
