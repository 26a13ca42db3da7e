// The workspace resource is driven by the spec's attribute table: a row becomes an attribute with
// its type, flags, description and plan default; the hooks' model uses the table's names; the
// service's "name taken" is recognized by the client's error class (identity, not wording).
import type { AttributeTable } from '../../../contract/attribute-table';
import { configured } from '../../context';
import { WORKSPACE_ATTRIBUTES } from '../../../contract/workspace-attributes';
import { Unknown } from '../../protocol/values';
import { decodeModel } from '../../resource';
import { hclRows, planDefaultOf, resourceBlock } from '../../table-schema';
import { workspaceDataSourceSchema } from '../../data-sources/workspace/schema';
import { planWorkspace } from './plan';
import { workspaceNames, workspaceSchema, type WorkspaceModel } from './schema';

const ROW_TABLE = {
  fooEnabled: { wire: 'foo-enabled', snake: 'foo_enabled', kind: 'boolean', default: true, create: true, update: true, description: 'Foo.' },
  fooMode: {
    wire: 'foo-mode',
    snake: 'foo_mode',
    kind: 'enum',
    values: ['a', 'b'],
    defaultText: "the organization's foo mode",
    create: true,
    update: true,
    description: 'Mode.',
  },
  fooNote: { wire: 'foo-note', snake: 'foo_note', kind: 'string', nullable: true, default: null, create: true, update: true, description: 'Note.' },
  fooSource: { wire: 'foo-source', snake: 'foo_source', kind: 'string', nullable: true, default: null, create: true, description: 'Source.' },
  fooCount: { wire: 'foo-count', snake: 'foo_count', kind: 'number', description: 'Count.' },
  hidden: { wire: 'hidden', kind: 'string', create: true, update: true, description: 'Not in HCL.' },
} as const satisfies AttributeTable;

describe('a table row', () => {
  const block = resourceBlock(ROW_TABLE);
  it('becomes an attribute with its type, flags and description with the default', () => {
    expect(block.attributes).toEqual({
      foo_enabled: { type: 'bool', optional: true, computed: true, description: 'Foo. Default true.' },
      foo_mode: { type: 'string', optional: true, computed: true, description: "Mode. Default: the organization's foo mode." },
      foo_note: { type: 'string', optional: true, description: 'Note.' },
      foo_source: { type: 'string', optional: true, computed: true, requiresReplace: true, description: 'Source.' },
      foo_count: { type: 'number', computed: true, description: 'Count.' },
    });
  });
  it('plans its default only when it has a value the configuration can restore in place', () => {
    expect(Object.fromEntries(hclRows(ROW_TABLE).map(({ snake, row }) => [snake, planDefaultOf(row)]))).toEqual({
      foo_enabled: { value: true },
      foo_mode: undefined,
      foo_note: undefined,
      foo_source: undefined,
      foo_count: undefined,
    });
  });
});

describe('the workspace table', () => {
  it("names each model member by its row's key, and each block member by its member row's key", () => {
    const rows = hclRows(WORKSPACE_ATTRIBUTES);
    const members = (table: AttributeTable) => Object.fromEntries(hclRows(table).map((m) => [m.snake, null]));
    const value = Object.fromEntries(rows.map(({ snake, row }) => [snake, row.attributes ? members(row.attributes) : null]));
    const model = decodeModel<Record<string, unknown>>(workspaceSchema, workspaceNames, value);
    for (const { path, row } of rows) {
      expect(model).toHaveProperty([path[0]]);
      if (row.attributes) expect(Object.keys(model[path[0]] as object)).toEqual(hclRows(row.attributes).map((m) => m.path[0]));
    }
  });
  it('has every row with an HCL name in the resource schema and the data source', () => {
    const resource = { ...workspaceSchema.attributes, ...workspaceSchema.blocks };
    for (const { snake } of hclRows(WORKSPACE_ATTRIBUTES)) expect(Object.keys(resource)).toContain(snake);
    const reported = Object.keys(workspaceDataSourceSchema.attributes ?? {});
    for (const { snake } of hclRows(WORKSPACE_ATTRIBUTES).filter((r) => r.snake !== 'setting_overwrites')) expect(reported).toContain(snake);
  });
  it("plans every row's default for an unset attribute on create", () => {
    const res = planWorkspace({ prior: null, proposed: { name: 'n' }, config: { name: 'n' }, planned: { name: 'n' }, requiresReplace: [] }, 'acme');
    const defaulted = hclRows(WORKSPACE_ATTRIBUTES).flatMap(({ snake, row }) => {
      const d = planDefaultOf(row);
      return d ? [{ snake, value: d.value }] : [];
    });
    // The table has plan defaults to check: a planDefaultOf that found none would check nothing.
    expect(defaulted.length).toBeGreaterThan(5);
    for (const { snake, value } of defaulted) expect({ snake, value: res.planned?.[snake] }).toEqual({ snake, value });
    expect(res.planned).toMatchObject({
      allow_destroy_plan: true,
      auto_apply: false,
      trigger_prefixes: [],
      force_delete: false,
      ignore_additional_tags: false,
    });
    // The service decides these while unset: the plan leaves them as Terraform proposed.
    expect(res.planned?.assessments_enabled).toBeUndefined();
    expect(res.planned?.execution_mode).toBeUndefined();
  });
});

describe('the model', () => {
  it('has camelCase members, null for null and undefined while unknown', () => {
    const model = decodeModel<WorkspaceModel>(workspaceSchema, workspaceNames, {
      name: 'net',
      description: null,
      tag_names: ['a', Unknown],
      force_delete: true,
      vcs_repo: { identifier: 'a/b', oauth_token_id: 'ot-1', vcsapp_installation_id: null, branch: '', ingress_submodules: false, tags_regex: null },
      setting_overwrites: Unknown,
    });
    expect(model.name).toBe('net');
    expect(model.description).toBeNull();
    expect(model.tagNames).toBeUndefined();
    expect(model.forceDelete).toBe(true);
    expect(model.vcsRepo).toEqual({
      identifier: 'a/b',
      oauthTokenId: 'ot-1',
      vcsappInstallationId: null,
      branch: '',
      ingressSubmodules: false,
      tagsRegex: null,
    });
    expect(model.settingOverwrites).toBeUndefined();
    expect(model.organization).toBeUndefined();
  });
  it('refuses a schema attribute that has no model name, rather than making one up', () => {
    const schema = { attributes: { ...workspaceSchema.attributes, extra_thing: { type: 'string' as const, optional: true } } };
    expect(() => decodeModel(schema, workspaceNames, { extra_thing: 'x' })).toThrow('Provider bug: the schema\'s "extra_thing" has no model name.');
  });
});

describe("the provider's configured data", () => {
  it('is refused, naming the resource and the fix, when the provider block was not configured', () => {
    expect(() => configured({ providerData: undefined }, 'cdkws_tag_binding')).toThrow(
      /configure the provider block \(address and token\) before using cdkws_tag_binding/,
    );
  });
});
