import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';
import { changeRequestListDocumentSchema, errorDocumentSchema, workspaceDocumentSchema, workspaceListDocumentSchema } from '../contract';
import { compileCheck } from './compiled-check';

const SAMPLES = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'samples');
const sample = (file: string) => JSON.parse(readFileSync(path.join(SAMPLES, file), 'utf8')).response_body;

describe('compileCheck', () => {
  it('compiles the shared workspace, list and error document schemas', () => {
    for (const schema of [workspaceDocumentSchema, workspaceListDocumentSchema, changeRequestListDocumentSchema, errorDocumentSchema]) {
      expect(compileCheck(schema)).not.toBeNull();
    }
  });

  it('accepts every documented workspace answer zod accepts', () => {
    const check = compileCheck(workspaceDocumentSchema)!;
    const files = readdirSync(SAMPLES).filter((f) => /^ws-(show|lock|unlock|force-unlock|update|create|assign|unassign)/.test(f));
    let checked = 0;
    for (const file of files) {
      const body = sample(file);
      if (!body) continue;
      checked += 1;
      expect([file, check(body)]).toEqual([file, workspaceDocumentSchema.safeParse(body).success]);
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('never accepts a document zod rejects, whatever an attribute is replaced with', () => {
    const check = compileCheck(workspaceDocumentSchema)!;
    const base = sample('ws-show-by-name.json');
    const keys = Object.keys(base.data.attributes);
    let accepted = 0;
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.jsonValue(), (key, value) => {
        const doc = { data: { ...base.data, attributes: { ...base.data.attributes, [key]: value } } };
        if (check(doc)) {
          accepted += 1;
          expect(workspaceDocumentSchema.safeParse(doc).success).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
    // Some replacements are accepted (a null where null is allowed, any JSON where any is): a check
    // that refused everything would make the property above hold without testing it.
    expect(accepted).toBeGreaterThan(0);
  });

  it('refuses schemas with checks, refinements, defaults or strict objects', () => {
    expect(compileCheck(z.string().min(1))).toBeNull();
    expect(compileCheck(z.looseObject({ a: z.string().refine(() => true) }))).toBeNull();
    expect(compileCheck(z.number().default(1))).toBeNull();
    expect(compileCheck(z.strictObject({ a: z.string() }))).toBeNull();
  });
});
