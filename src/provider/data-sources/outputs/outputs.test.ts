import type { StateVersionOutput } from '../../../client';
import { outputsDataSourceSchema } from './schema';
import { outputsDataSource, outputValues } from './outputs';
import { startHookHarness, type HookHarness } from '../../test-support';
import { postStateVersion, terraformState } from '../../../../test/helpers/state-documents';

const output = (name: string, value: unknown, sensitive = false): StateVersionOutput =>
  ({ id: `wsout-${name}`, name, value, sensitive, type: 'string', detailedType: 'string' }) as StateVersionOutput;

describe('data.cdkws_outputs values', () => {
  it('puts every output in values and only the non-sensitive ones in nonsensitive_values', () => {
    const result = outputValues([output('vpc_id', 'vpc-1'), output('db_password', 's3cret', true), output('subnets', ['a', 'b'])]);
    expect(result.values).toEqual({ db_password: 's3cret', subnets: ['a', 'b'], vpc_id: 'vpc-1' });
    expect(result.nonsensitive_values).toEqual({ subnets: ['a', 'b'], vpc_id: 'vpc-1' });
    expect(JSON.stringify(result.nonsensitive_values)).not.toContain('s3cret');
  });

  it('marks values sensitive in the schema and nonsensitive_values not', () => {
    expect(outputsDataSourceSchema.attributes?.values).toMatchObject({ type: 'dynamic', sensitive: true, computed: true });
    expect(outputsDataSourceSchema.attributes?.nonsensitive_values?.sensitive).toBeFalsy();
  });
});

describe('data.cdkws_outputs read', () => {
  let h: HookHarness;
  beforeAll(async () => (h = await startHookHarness()));
  afterAll(() => h.close());

  it('reads empty maps from a workspace without state', async () => {
    const id = await h.workspace();
    const res = await h.service.request('GET', `/workspaces/${id}`);
    const { state } = await outputsDataSource.read({ workspace: res.body.data.attributes.name, organization: null }, h.ctx());
    expect(state).toEqual({ id, organization: 'acme', workspace: res.body.data.attributes.name, values: {}, nonsensitive_values: {} });
  });

  it('reads the current state’s outputs, the sensitive one only into values', async () => {
    const id = await h.workspace();
    const name = (await h.service.request('GET', `/workspaces/${id}`)).body.data.attributes.name;
    const outputs = { vpc_id: { value: 'vpc-9' }, ports: { value: [80, 443] }, key: { value: 'sekrit-hook', sensitive: true } };
    await postStateVersion(h.service, id, terraformState({ serial: 1, outputs }));
    const { state } = await outputsDataSource.read({ workspace: name, organization: 'acme' }, h.ctx());
    expect(state?.values).toEqual({ key: 'sekrit-hook', ports: [80, 443], vpc_id: 'vpc-9' });
    expect(state?.nonsensitive_values).toEqual({ ports: [80, 443], vpc_id: 'vpc-9' });
  });

  it('says which workspace was not found', async () => {
    await expect(outputsDataSource.read({ workspace: 'outputs-missing', organization: 'acme' }, h.ctx())).rejects.toThrow(
      /no workspace "outputs-missing" in organization "acme"/,
    );
  });
});
