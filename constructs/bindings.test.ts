// The checked-in L1 bindings must be exactly what `npm run generate` makes from the provider's
// schema today: a provider change without regenerating fails here.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { providerSchemaJson } from '../src/provider';

// Plain JS (run by `npm run generate` without a build of its own).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generateBindings, listFiles, DEFAULT_OUT, PROVIDER_FOLDER } = require('../scripts/generate-bindings.js');

describe('generated bindings', () => {
  let outDir: string;
  beforeAll(() => {
    outDir = mkdtempSync(path.join(tmpdir(), 'cdkws-bindings-'));
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('match a fresh generation from the provider schema byte for byte (run "npm run generate" when this fails)', async () => {
    const generated: string[] = await generateBindings(providerSchemaJson(), outDir);
    const checkedIn = (listFiles(path.join(DEFAULT_OUT, PROVIDER_FOLDER)) as string[]).map((f) => path.relative(DEFAULT_OUT, f));
    expect(checkedIn).toEqual(generated);
    for (const file of generated) {
      expect({ file, text: readFileSync(path.join(DEFAULT_OUT, file), 'utf8') }).toEqual({ file, text: readFileSync(path.join(outDir, file), 'utf8') });
    }
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
