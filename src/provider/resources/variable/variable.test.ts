// cdkws_variable's checks and plan, without the service: owner, value rules, write-only safety, and
// the import ID. The service round trips are test/acceptance/variable.test.ts.
import { Unknown, type ObjectValue } from '../../protocol/values';
import type { HookContext } from '../../protocol/types';
import { parseVariableId, variableResource as r } from './variable';

const SECRET = 'do-not-echo-9c1f';
const ctx = { stopped: new AbortController().signal, providerData: undefined, terraformVersion: '1.11.4' } as unknown as HookContext<never>;

const config = (over: ObjectValue = {}): ObjectValue => ({
  id: null,
  workspace_id: 'ws-abc',
  variable_set_id: null,
  key: 'DB_PASSWORD',
  value: null,
  value_wo: SECRET,
  value_wo_version: 1,
  description: null,
  category: 'env',
  hcl: null,
  sensitive: true,
  ...over,
});

const summaries = async (c: ObjectValue) => ((await r.validate!(c, ctx)) ?? []).map((d) => d.summary);

describe('cdkws_variable checks', () => {
  it('accepts a write-only secret and a plain value', async () => {
    expect(await summaries(config())).toEqual([]);
    expect(await summaries(config({ value: 'eu-west-1', value_wo: null, value_wo_version: null, sensitive: false, category: 'terraform' }))).toEqual([]);
  });

  it('refuses two owners or none, two values, a write-only value without version, HCL env variables', async () => {
    expect(await summaries(config({ variable_set_id: 'varset-x' }))).toEqual(['Name the owner of the variable']);
    expect(await summaries(config({ workspace_id: null }))).toEqual(['Name the owner of the variable']);
    expect(await summaries(config({ value: 'x' }))).toEqual(['Two values given']);
    expect(await summaries(config({ value_wo_version: null }))).toEqual(['value_wo needs value_wo_version']);
    expect(await summaries(config({ hcl: true }))).toEqual(['Invalid variable']);
    expect(await summaries(config({ category: 'secret' }))).toEqual(['Invalid variable category']);
  });

  it('never quotes a value in a diagnostic', async () => {
    const diags = (await r.validate!(config({ value: SECRET, key: '' }), ctx)) ?? [];
    expect(diags.length).toBeGreaterThan(0);
    expect(JSON.stringify(diags)).not.toContain(SECRET);
  });
});

describe('cdkws_variable plan', () => {
  const plan = (prior: ObjectValue | null, c: ObjectValue) =>
    r.plan!(
      { prior, proposed: { ...c, value_wo: null }, config: c, planned: { ...c, value_wo: null, id: prior ? prior.id : Unknown }, requiresReplace: [] },
      ctx,
    );
  const state = config({ id: 'var-1', value_wo: null, hcl: false });

  it('refuses to send an unset write-only value, on create and on a new version', async () => {
    await expect(Promise.resolve().then(() => plan(null, config({ value_wo: null })))).rejects.toThrow(/No value to send/);
    await expect(Promise.resolve().then(() => plan(state, config({ value_wo: null, value_wo_version: 2 })))).rejects.toThrow(/No value to send/);
    // The same version sends nothing: an unset value is fine then.
    await expect(Promise.resolve().then(() => plan(state, config({ value_wo: null })))).resolves.toBeDefined();
  });

  it('replaces a sensitive variable turned non-sensitive', async () => {
    const res = await plan(state, config({ sensitive: false, value_wo: null, value_wo_version: null, value: 'x' }));
    expect(res?.requiresReplace).toEqual([['sensitive']]);
  });
});

describe('cdkws_variable import IDs', () => {
  it('reads a workspace or a set owner', () => {
    expect(parseVariableId('ws-abc/var-def')).toEqual({ owner: { kind: 'workspace', id: 'ws-abc' }, variableId: 'var-def' });
    expect(parseVariableId('varset-abc/var-def')).toEqual({ owner: { kind: 'set', id: 'varset-abc' }, variableId: 'var-def' });
    expect(() => parseVariableId('var-def')).toThrow(/<workspace_id>\/<variable_id>/);
    expect(() => parseVariableId('prj-abc/var-def')).toThrow(/Invalid cdkws_variable import ID/);
  });
});
