// The checked-in L1 bindings must be exactly what `npm run generate` makes from the provider's
// schema today: a provider change without regenerating fails here.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { providerSchemaJson } from '../src/provider';

// Plain JS (run by `npm run generate` without a build of its own).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generateBindings, listFiles, DEFAULT_OUT, PROVIDER_FOLDER } = require('../scripts/generate-bindings.js');

const ROOT = path.resolve(__dirname, '..');
const stale = (files: string[]) => `stale L1 bindings: ${files.join(', ')}: run "npm run generate" and commit the result`;

describe('generated bindings', () => {
  let outDir: string;
  beforeAll(() => {
    outDir = mkdtempSync(path.join(tmpdir(), 'cdkws-bindings-'));
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('match a fresh generation from the provider schema byte for byte (run "npm run generate" when this fails)', async () => {
    const generated: string[] = await generateBindings(providerSchemaJson(), outDir);
    const checkedIn = (listFiles(path.join(DEFAULT_OUT, PROVIDER_FOLDER)) as string[]).map((f) => path.relative(DEFAULT_OUT, f));
    const shown = (file: string) => path.relative(ROOT, path.join(DEFAULT_OUT, file));
    const extra = checkedIn.filter((file) => !generated.includes(file)).map(shown);
    const missing = generated.filter((file) => !checkedIn.includes(file)).map(shown);
    if (extra.length + missing.length > 0) throw new Error(stale([...missing.map((f) => `${f} (missing)`), ...extra.map((f) => `${f} (no longer generated)`)]));
    const differing = generated.filter((file) => readFileSync(path.join(DEFAULT_OUT, file), 'utf8') !== readFileSync(path.join(outDir, file), 'utf8'));
    if (differing.length > 0) throw new Error(stale(differing.map(shown)));
  });

  it('are generated the same way twice', async () => {
    const again = mkdtempSync(path.join(tmpdir(), 'cdkws-bindings-'));
    try {
      const files: string[] = await generateBindings(providerSchemaJson(), again);
      for (const file of files) expect(readFileSync(path.join(again, file), 'utf8')).toBe(readFileSync(path.join(outDir, file), 'utf8'));
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });

  it('have a class for every resource of the provider', async () => {
    const schema = providerSchemaJson() as { provider_schemas: Record<string, { resource_schemas: Record<string, unknown> }> };
    const types = Object.keys(Object.values(schema.provider_schemas)[0].resource_schemas);
    const index = readFileSync(path.join(DEFAULT_OUT, PROVIDER_FOLDER, 'index.ts'), 'utf8');
    for (const type of types) {
      const folder = type.replace(/^cdkws_/, '').replace(/_/g, '-');
      expect(index).toContain(`from './${folder}'`);
    }
  });
});
