// Names cross layers only through the attribute tables (architecture "One table per resource"):
// each row names its attribute in every layer (key, wire, hosted, snake), so no hand-written file
// outside src/contract may derive one spelling from another by changing case. This scans the sources
// for the ways that is done; a hit names the file and line.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
/**
 * The layers' hand-written sources: all but src/contract itself, generated code and tests (which may
 * spell a documented sample's names as the document does, or make names of test data).
 */
const FOLDERS = ['src', 'constructs', 'scripts', 'bin'];
const SKIP = new Set(['node_modules', 'dist', 'gen', 'cdktf.out', '.gen']);
const SOURCE = /\.(?:ts|tsx|js|cjs|mjs)$/;
const NOT_HAND_WRITTEN_LAYER_CODE = /\.generated\.ts$|\.test\.ts$|[/\\]test-support\.ts$/;

/** Ways of changing a name's case, each with what it does. */
const CASE_CONVERSIONS: ReadonlyArray<[RegExp, string]> = [
  [/\.replace\(\s*\/[^/\n]*[-_]\\?\(\[a-z[^/\n]*\/[a-z]*\s*,[^\n]*toUpperCase/, 'snake_case or kebab-case to camelCase by regex'],
  [/\.replace\(\s*\/\(?\[A-Z\][^/\n]*\/[a-z]*\s*,\s*(?:['"`][-_]|[^\n]*toLowerCase)/, 'camelCase to snake_case or kebab-case by regex'],
  [/\.replace(?:All)?\(\s*(?:\/-\/g|'-'|"-")\s*,\s*['"]_['"]\s*\)/, 'kebab-case to snake_case'],
  [/\.replace(?:All)?\(\s*(?:\/_\/g|'_'|"_")\s*,\s*['"]-['"]\s*\)/, 'snake_case to kebab-case'],
  [/\.split\(\s*['"][-_]['"]\s*\)\s*\.join\(/, 'one separator for another'],
  [/\$\{infer \w+\}[-_]\$\{infer \w+\}/, 'a type that changes case (template literal inference)'],
  [/from ['"](?:lodash(?:\.\w+)?(?:\/\w+)?|change-case|camelcase|decamelize|snake-case|param-case)['"]/, 'a case-changing library'],
];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path.relative(ROOT, full) !== path.join('src', 'contract')) yield* sourceFiles(full);
    } else if (SOURCE.test(entry.name) && !NOT_HAND_WRITTEN_LAYER_CODE.test(full)) {
      yield full;
    }
  }
}

/** Every line of `text` a conversion matches, as `file:line: what`. */
function caseConversions(file: string, text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [pattern, what] of CASE_CONVERSIONS) if (pattern.test(line)) hits.push(`${file}:${i + 1}: ${what}`);
  });
  return hits;
}

describe('names across layers', () => {
  it('are never derived by changing case outside src/contract', () => {
    const hits: string[] = [];
    const scanned: string[] = [];
    for (const folder of FOLDERS) {
      for (const file of sourceFiles(path.join(ROOT, folder))) {
        scanned.push(path.relative(ROOT, file));
        hits.push(...caseConversions(path.relative(ROOT, file), readFileSync(file, 'utf8')));
      }
    }
    // The files that once converted names are among those read.
    expect(scanned).toEqual(
      expect.arrayContaining([path.join('src', 'provider', 'resource.ts'), path.join('constructs', 'workspace.ts'), path.join('constructs', 'validation.ts')]),
    );
    expect(scanned.filter((file) => file.startsWith(path.join('src', 'contract')))).toEqual([]);
    expect(hits).toEqual([]);
  });

  it('would be caught in each way this test knows', () => {
    // The detector itself: each of the ways removed from the layers is found.
    const samples = [
      'export const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());',
      'const prop = part.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());',
      "const wire = name.replace(/([A-Z])/g, '-$1').toLowerCase();",
      'const kebab = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);',
      "const snake = (kebab: string) => kebab.replace(/-/g, '_');",
      "const wire = snake.replaceAll('_', '-');",
      "const hcl = wire.split('-').join('_');",
      'type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? Head : S;',
      "import { camelCase } from 'lodash';",
    ];
    for (const sample of samples) expect({ sample, found: caseConversions('x.ts', sample).length }).toEqual({ sample, found: 1 });
  });
});
