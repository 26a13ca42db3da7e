// The attribute tables' mappings: what every layer relies on to name, send and read an attribute.
import {
  attributeName,
  attributePointer,
  configurableRows,
  defaultsOf,
  fromWireAttributes,
  pathFromSnake,
  pathFromWire,
  toDocumentWireNames,
  toWireAttributes,
  wireDefaultsOf,
  type AttributeTable,
} from './attribute-table';
import { ENTITLEMENT_SET_ATTRIBUTES, ORGANIZATION_ATTRIBUTES } from './organization-attributes';
import { TAG_BINDING_ATTRIBUTES } from './tag-binding';
import { WORKSPACE_ATTRIBUTES } from './workspace-attributes';

const TABLES: Record<string, AttributeTable> = {
  WORKSPACE_ATTRIBUTES,
  TAG_BINDING_ATTRIBUTES,
  ORGANIZATION_ATTRIBUTES,
  ENTITLEMENT_SET_ATTRIBUTES,
};

/** Every table and the tables of its objects, by a path naming them. */
function allTables(): Array<[string, AttributeTable]> {
  const out: Array<[string, AttributeTable]> = [];
  const visit = (name: string, table: AttributeTable) => {
    out.push([name, table]);
    for (const [key, row] of Object.entries(table)) if (row.attributes) visit(`${name}.${key}`, row.attributes);
  };
  for (const [name, table] of Object.entries(TABLES)) visit(name, table);
  return out;
}

describe('every attribute table', () => {
  it.each(allTables())('%s names each attribute once in each layer', (_, table) => {
    const rows = Object.values(table);
    const wire = rows.flatMap((row) => (row.hosted === undefined ? [row.wire] : [row.wire, row.hosted]));
    const snake = rows.flatMap((row) => (row.snake === undefined ? [] : [row.snake]));
    expect(new Set(wire).size).toBe(wire.length);
    expect(new Set(snake).size).toBe(snake.length);
  });

  it.each(allTables())('%s maps each row to the wire and back under its own key', (_, table) => {
    for (const [key, row] of Object.entries(table)) {
      if (row.readRelationship !== undefined || row.writeRelationship !== undefined) continue;
      expect(pathFromWire(table, [row.wire])).toEqual([key]);
      if (row.hosted !== undefined) expect(pathFromWire(table, [row.hosted])).toEqual([key]);
      if (row.snake !== undefined) expect(pathFromSnake(table, [row.snake])).toEqual([key]);
    }
  });

  it.each(allTables())('%s gives enums their values and objects their members', (_, table) => {
    for (const row of Object.values(table)) {
      if (row.kind === 'enum') expect(row.values?.length).toBeGreaterThan(0);
      if (row.kind === 'object') expect(Object.keys(row.attributes ?? {}).length).toBeGreaterThan(0);
      if (row.default !== undefined && row.default !== null && row.kind === 'enum') expect(row.values).toContain(row.default);
    }
  });
});

describe("an attribute's name in each layer", () => {
  const path = ['vcsRepo', 'vcsappInstallationId'];
  it('is the row key in camelCase, the wire and hosted names, and the HCL name', () => {
    expect(attributeName(WORKSPACE_ATTRIBUTES, path, 'camel')).toBe('vcsRepo.vcsappInstallationId');
    expect(attributeName(WORKSPACE_ATTRIBUTES, path, 'wire')).toBe('vcs-repo.vcsapp-installation-id');
    expect(attributeName(WORKSPACE_ATTRIBUTES, path, 'hosted')).toBe('vcs-repo.github-app-installation-id');
    expect(attributeName(WORKSPACE_ATTRIBUTES, path, 'snake')).toBe('vcs_repo.vcsapp_installation_id');
    expect(attributeName(WORKSPACE_ATTRIBUTES, ['engineVersion'], 'hosted')).toBe('terraform-version');
  });
  it('points into a request body under either spelling', () => {
    expect(attributePointer(WORKSPACE_ATTRIBUTES, path)).toBe('/data/attributes/vcs-repo/vcsapp-installation-id');
    expect(attributePointer(WORKSPACE_ATTRIBUTES, path, true)).toBe('/data/attributes/vcs-repo/github-app-installation-id');
  });
  it('is refused for a name the table does not have, rather than guessed', () => {
    expect(() => attributeName(WORKSPACE_ATTRIBUTES, ['noSuchThing'], 'wire')).toThrow('attribute "noSuchThing" is not in the table');
    expect(pathFromWire(WORKSPACE_ATTRIBUTES, ['no-such-thing'])).toBeUndefined();
    expect(pathFromSnake(WORKSPACE_ATTRIBUTES, ['vcs_repo', 'no_such_member'])).toBeUndefined();
  });
  it('maps nested paths member by member, from either wire spelling', () => {
    expect(pathFromWire(WORKSPACE_ATTRIBUTES, ['vcs-repo', 'github-app-installation-id'])).toEqual(path);
    expect(pathFromSnake(WORKSPACE_ATTRIBUTES, ['setting_overwrites', 'agent_pool'])).toEqual(['settingOverwrites', 'agentPool']);
  });
});

describe('values to the wire', () => {
  it('renames every member, nested ones too, and leaves undefined out while sending null', () => {
    expect(
      toWireAttributes(WORKSPACE_ATTRIBUTES, { autoApply: true, description: null, sourceUrl: undefined, vcsRepo: { identifier: 'a/b', tagsRegex: null } }),
    ).toEqual({
      'auto-apply': true,
      description: null,
      'vcs-repo': { identifier: 'a/b', 'tags-regex': null },
    });
  });
  it("sends the hosted service's names when asked, the document's otherwise", () => {
    const values = { engineVersion: '1.9.0', vcsRepo: { vcsappInstallationId: 'ghain-1' } };
    expect(toWireAttributes(WORKSPACE_ATTRIBUTES, values)).toEqual({ 'engine-version': '1.9.0', 'vcs-repo': { 'vcsapp-installation-id': 'ghain-1' } });
    expect(toWireAttributes(WORKSPACE_ATTRIBUTES, values, { hostedNames: true })).toEqual({
      'terraform-version': '1.9.0',
      'vcs-repo': { 'github-app-installation-id': 'ghain-1' },
    });
  });
  it('leaves out members the table does not have and rows written as relationships', () => {
    expect(toWireAttributes(WORKSPACE_ATTRIBUTES, { projectId: 'prj-1', notAnAttribute: 1 })).toEqual({});
  });
});

describe('values from the wire', () => {
  it("reads the document's name first, else the hosted service's, nested ones too", () => {
    expect(fromWireAttributes(WORKSPACE_ATTRIBUTES, { 'terraform-version': '1.6.0' }).engineVersion).toBe('1.6.0');
    expect(fromWireAttributes(WORKSPACE_ATTRIBUTES, { 'engine-version': '1.7.0', 'terraform-version': '1.6.0' }).engineVersion).toBe('1.7.0');
    expect(fromWireAttributes(WORKSPACE_ATTRIBUTES, { 'vcs-repo': { 'github-app-installation-id': 'ghain-1' } }).vcsRepo).toMatchObject({
      vcsappInstallationId: 'ghain-1',
    });
  });
  it('keeps null, and ignores members the table does not have', () => {
    const values = fromWireAttributes(WORKSPACE_ATTRIBUTES, { 'vcs-repo': null, 'made-up': 1 });
    expect(values.vcsRepo).toBeNull();
    expect(Object.values(values)).not.toContain(1);
  });
  it('gives back what was sent, under the same keys', () => {
    const values = { autoApply: true, description: 'x', triggerPrefixes: ['a/'], vcsRepo: { identifier: 'a/b', branch: 'main' } };
    const back = fromWireAttributes(WORKSPACE_ATTRIBUTES, toWireAttributes(WORKSPACE_ATTRIBUTES, values));
    expect(back).toMatchObject(values);
  });
});

describe("a request's wire names in a dialect", () => {
  it('both: takes the hosted name when only it is given, and the document name as given', () => {
    expect(toDocumentWireNames(WORKSPACE_ATTRIBUTES, { 'terraform-version': '1.6.0' }, 'both')).toEqual({
      attributes: { 'engine-version': '1.6.0' },
      conflicts: [],
    });
    expect(toDocumentWireNames(WORKSPACE_ATTRIBUTES, { 'engine-version': '1.6.0', 'terraform-version': '1.6.0' }, 'both').conflicts).toEqual([]);
  });
  it('both: reports one setting given twice with different values, at the hosted name, nested ones too', () => {
    const { conflicts } = toDocumentWireNames(
      WORKSPACE_ATTRIBUTES,
      { 'engine-version': '1.6.0', 'terraform-version': '1.7.0', 'vcs-repo': { 'vcsapp-installation-id': 'a', 'github-app-installation-id': 'b' } },
      'both',
    );
    expect(conflicts.map((c) => c.hostedPath)).toEqual([['terraform-version'], ['vcs-repo', 'github-app-installation-id']]);
    expect(conflicts[0].detail).toContain('give one of them');
  });
  it("hosted: reads only the hosted service's name (the document's is an unknown member, dropped)", () => {
    expect(toDocumentWireNames(WORKSPACE_ATTRIBUTES, { 'engine-version': '1.6.0' }, 'hosted').attributes).toEqual({});
    expect(toDocumentWireNames(WORKSPACE_ATTRIBUTES, { 'terraform-version': '1.7.0' }, 'hosted').attributes).toEqual({ 'engine-version': '1.7.0' });
  });
  it('does not change the request it was given', () => {
    const attributes = { 'terraform-version': '1.6.0' };
    toDocumentWireNames(WORKSPACE_ATTRIBUTES, attributes, 'both');
    expect(attributes).toEqual({ 'terraform-version': '1.6.0' });
  });
});

describe('defaults', () => {
  it("are the spec's values of a new workspace, by key and by wire name", () => {
    expect(defaultsOf(WORKSPACE_ATTRIBUTES)).toMatchObject({ autoApply: false, allowDestroyPlan: true, description: null, triggerPrefixes: [] });
    expect(wireDefaultsOf(WORKSPACE_ATTRIBUTES)).toMatchObject({ 'auto-apply': false, 'allow-destroy-plan': true, 'trigger-prefixes': [] });
  });
  it('are copies: changing one leaves the table and the next copy alone', () => {
    const first = defaultsOf(WORKSPACE_ATTRIBUTES) as { triggerPrefixes: string[] };
    first.triggerPrefixes.push('changed/');
    expect((defaultsOf(WORKSPACE_ATTRIBUTES) as { triggerPrefixes: string[] }).triggerPrefixes).toEqual([]);
  });
  it('leave out what the service decides (a default in words)', () => {
    expect(defaultsOf(WORKSPACE_ATTRIBUTES)).not.toHaveProperty('executionMode');
  });
});

describe('the configurable rows', () => {
  it('are those settable on create, exposed in HCL and not deprecated', () => {
    const names = configurableRows(WORKSPACE_ATTRIBUTES).map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['name', 'autoApply', 'vcsRepo', 'projectId']));
    for (const name of ['locked', 'createdAt', 'resourceCount', 'tagNames']) expect(names).not.toContain(name);
    for (const [, row] of configurableRows(WORKSPACE_ATTRIBUTES)) expect(row.deprecated).toBeUndefined();
  });
});
