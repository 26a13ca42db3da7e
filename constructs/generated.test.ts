// The files generated from the spec's attribute tables must be what `npm run generate` makes from
// them today: a changed row without regenerating fails here.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as spec from '../src/contract';
import { providerSchemaJson } from '../src/provider';

// Plain JS (run by `npm run generate` after the build).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { renderWorkspaceProps, renderDocs, renderReadme, docTargets, PROPS_FILE, COMMAND } = require('../scripts/generate-from-tables.js');

const ROOT = path.resolve(__dirname, '..');
const stale = (file: string) => `${file} is stale: run "${COMMAND}" and commit the result`;

describe('files generated from the attribute tables', () => {
  it('constructs/workspace-props.generated.ts matches a fresh generation', () => {
    const checkedIn = readFileSync(path.join(ROOT, PROPS_FILE), 'utf8');
    if (checkedIn !== renderWorkspaceProps(spec)) throw new Error(stale(PROPS_FILE));
  });

  it('has a prop for every configurable row and none for the others', () => {
    const text: string = renderWorkspaceProps(spec);
    let documentedDefaults = 0;
    for (const [name, row] of Object.entries(spec.WORKSPACE_ATTRIBUTES)) {
      const configurable = spec.configurableRows(spec.WORKSPACE_ATTRIBUTES).some(([n]) => n === name);
      expect({ name, declared: new RegExp(`readonly ${name}\\??:`).test(text) }).toEqual({ name, declared: configurable });
      // The words where the table has them (they depend on something else), else the value.
      const shown = 'defaultText' in row ? row.defaultText : 'default' in row && row.default !== null ? JSON.stringify(row.default) : undefined;
      if (configurable && shown !== undefined) {
        expect(text).toContain(`@default ${shown}\n   */\n  readonly ${name}?:`);
        documentedDefaults += 1;
      }
    }
    expect(documentedDefaults).toBeGreaterThan(5);
  });

  it('the attribute tables of docs/resources match a fresh generation', () => {
    const docs: Map<string, string> = renderDocs(spec, providerSchemaJson());
    expect(docs.size).toBeGreaterThanOrEqual(5);
    for (const [file, text] of docs) {
      if (!existsSync(file) || readFileSync(file, 'utf8') !== text) throw new Error(stale(path.relative(ROOT, file)));
    }
  });

  it("README.md's resource reference links every page of docs/resources", () => {
    if (readFileSync(path.join(ROOT, 'README.md'), 'utf8') !== renderReadme()) throw new Error(stale('README.md'));
    expect(renderReadme()).toContain('[workspace](docs/resources/workspace.md)');
  });

  it('writes a page, and its README link, for a resource that has none', () => {
    const schema = providerSchemaJson();
    const resources = Object.values(schema.provider_schemas as Record<string, { resource_schemas: Record<string, unknown> }>)[0].resource_schemas;
    const docsDir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-docs-'));
    try {
      // Every page but the tag binding's: its page is written, the others keep their text.
      const kept = readdirSync(path.join(ROOT, 'docs', 'resources')).filter((name) => name !== 'tag_binding.md');
      for (const name of kept) writeFileSync(path.join(docsDir, name), readFileSync(path.join(ROOT, 'docs', 'resources', name), 'utf8'));
      const docs: Map<string, string> = renderDocs(spec, schema, docsDir);
      const page = docs.get(path.join(docsDir, 'tag_binding.md'));
      expect(resources.cdkws_tag_binding).toBeDefined();
      expect(page).toMatch(/^# `cdkws_tag_binding`\n\nOne key-value tag binding of a workspace\./);
      expect(page).toContain('| `workspace_id` | string | required |');
      expect(page).toContain('`terraform import cdkws_tag_binding.<label> <id>`: the import ID is its `id` attribute. `<workspace_id>/<key>`.');
      expect(renderReadme(docsDir, docs)).toContain('[tag_binding](docs/resources/tag_binding.md)');
    } finally {
      rmSync(docsDir, { recursive: true, force: true });
    }
  });

  it('every resource and data source of the provider has a generated table in docs/resources', () => {
    const schema = Object.values(providerSchemaJson().provider_schemas as Record<string, Record<string, Record<string, unknown>>>)[0];
    const tabled = new Set((docTargets(spec, path.join(ROOT, 'docs', 'resources')) as { kind: string; type: string }[]).map((t) => `${t.kind} ${t.type}`));
    const missing = ['resource_schemas', 'data_source_schemas'].flatMap((kind) =>
      Object.keys(schema[kind])
        .filter((type) => !tabled.has(`${kind} ${type}`))
        .map((type) => `${kind} ${type}`),
    );
    if (missing.length > 0)
      throw new Error(
        `no generated attribute table for ${missing.join(', ')}: add its page to docs/resources with the lines "<!-- BEGIN generated: attributes of resource|data source TYPE (${COMMAND}) -->" and "<!-- END generated -->", then run "${COMMAND}"`,
      );
  });

  it('the docs list every HCL attribute of the workspace resource with the row description', () => {
    const text = readFileSync(path.join(ROOT, 'docs', 'resources', 'workspace.md'), 'utf8');
    for (const row of Object.values(spec.WORKSPACE_ATTRIBUTES)) {
      if (!('snake' in row)) continue;
      expect(text).toContain(`| \`${row.snake}\` |`);
    }
    expect(text).toContain(
      `| \`${spec.WORKSPACE_ATTRIBUTES.queueAllRuns.snake}\` | bool | optional | ${spec.WORKSPACE_ATTRIBUTES.queueAllRuns.description} Default: false. |`,
    );
  });
});
