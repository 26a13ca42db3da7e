// No hand-written code outside src/contract spells a path of an endpoint: every string and template
// literal of src/ (outside src/contract), constructs/ and bin/ is read with the TypeScript parser
// (comments do not count) and compared with the table's templates. Tests and generated files are
// left out: tests spell paths on purpose, to check what the wire carries.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { API_ROOT, ENDPOINTS, HOSTED_LINKS } from './endpoints';

const ROOT = path.resolve(__dirname, '..', '..');
const SCANNED = ['src', 'constructs', 'bin'];
const LEFT_OUT = [/\.test\.ts$/, /test-support\.ts$/, /\.d\.ts$/, /^src\/contract\//, /^constructs\/gen\//, /\.generated\.ts$/];
/** What a `${…}` part of a template literal stands for: a value of unknown shape. */
const HOLE = '\u0000';

function filesUnder(folder: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(relative));
    else if (/\.(ts|js|mjs|cjs)$/.test(entry.name) && !LEFT_OUT.some((pattern) => pattern.test(relative))) out.push(relative);
  }
  return out;
}

/** The text of every string and template literal of a file, `${…}` parts as HOLE. */
function literalsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
    else if (ts.isTemplateExpression(node)) out.push(node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join(''));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const segmentsOf = (text: string) => text.split(/[?#]/, 1)[0].split('/').slice(1);
const fits = (literal: string, template: string) => (template.startsWith(':') ? literal.length > 0 : literal === template);

/** Templates by segments: every endpoint's and every hosted link's. */
const TEMPLATES = [...Object.values(ENDPOINTS).map((e) => e.path), ...Object.values(HOSTED_LINKS)].map((t) => t.split('/').slice(1));

/**
 * Which template a literal spells, or null: it starts like a template (a whole one, or one
 * followed by more segments), or, after a `${…}` standing for the part up to a parameter, it is
 * the rest of a template whose literal segments include a compound name (`tag-bindings`,
 * `actions/lock`), so `${base}/workspaces` in a console page address is not taken for one.
 */
function spelled(text: string): string | null {
  if (text.includes(`${API_ROOT}/`)) return `contains ${API_ROOT}/`;
  if (!text.startsWith('/') && !text.startsWith(`${HOLE}/`)) return null;
  const segments = segmentsOf(text);
  for (const template of TEMPLATES) {
    const name = `/${template.join('/')}`;
    if (text.startsWith('/')) {
      if (template.length <= segments.length && template.every((t, i) => fits(segments[i], t))) return name;
      continue;
    }
    for (let at = 0; at < template.length; at += 1) {
      const rest = template.slice(at + 1);
      const distinctive = rest.filter((s) => !s.startsWith(':')).length >= 2 || rest.some((s) => s.includes('-'));
      const same = rest.length === segments.length && rest.every((r, i) => fits(segments[i], r));
      if (template[at].startsWith(':') && distinctive && same) return name;
    }
  }
  return null;
}

describe('endpoint paths outside src/contract', () => {
  it('tells a spelled path from other strings', () => {
    expect(spelled('/organizations')).toBe('/organizations');
    expect(spelled(`/organizations/${HOLE}/workspaces`)).toBe('/organizations/:organization_name/workspaces');
    expect(spelled(`${HOLE}/relationships/tags`)).toBe('/workspaces/:workspace_id/relationships/tags');
    expect(spelled(`/api/v2/projects/${HOLE}`)).toContain('/api/v2/');
    expect(spelled('/data/attributes/name')).toBeNull();
    expect(spelled(`/app/${HOLE}/workspaces`)).toBeNull();
    expect(spelled(`${HOLE}/workspaces`)).toBeNull();
    expect(spelled('/api/v2')).toBeNull();
  });

  it('appears in no hand-written file', () => {
    const files = SCANNED.flatMap(filesUnder);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      literalsOf(file).flatMap((text) => {
        const template = spelled(text);
        return template ? [`${file}: "${text.replace(new RegExp(HOLE, 'g'), '${…}')}" spells ${template}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });
});
