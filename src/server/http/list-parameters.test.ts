// The handlers read query parameters by name; the endpoint table declares them (docs, OpenAPI, the
// contract test). A name a handler reads that no row declares is a parameter documented nowhere.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ENDPOINTS } from '../../contract';

/** Declared names, with list indexes folded: `filter[tagged][0][key]` declares `filter[tagged]` too. */
function declaredNames(): Set<string> {
  const names = new Set<string>();
  for (const endpoint of Object.values(ENDPOINTS)) {
    for (const parameter of 'query' in endpoint ? (endpoint.query ?? []) : []) {
      names.add(parameter.name);
      const family = /^(.+?)\[\d+\]/.exec(parameter.name);
      if (family) names.add(family[1]);
    }
  }
  return names;
}

/** String literals a handler passes as a query parameter's name. */
function namesRead(source: string): string[] {
  const reads = [
    /\b(?:q|query|ctx\.query)\.get\(\s*'([^']+)'/g,
    /\b(?:commaSeparated|positiveInteger|flatTagNameList)\(\s*\w+,\s*'([^']+)'/g,
    /\bcheckListSize\(\s*'([^']+)'/g,
  ];
  return reads.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
}

describe('query parameters the handlers read', () => {
  // Every handler of the service, in whichever aggregate's folder it lives.
  const serverRoot = path.join(__dirname, '..');
  const files = (readdirSync(serverRoot, { recursive: true }) as string[]).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('console'),
  );
  const read = files.flatMap((file) => namesRead(readFileSync(path.join(serverRoot, file), 'utf8')).map((name) => ({ file, name })));

  it('are found (the scan reads the handlers)', () => {
    expect(read.map((r) => r.name)).toEqual(expect.arrayContaining(['page[number]', 'include', 'search[tags]', 'filter[project][id]', 'archive']));
  });

  it('are each declared by a row of the endpoint table', () => {
    const declared = declaredNames();
    expect(read.filter((r) => !declared.has(r.name))).toEqual([]);
  });

  it('recognises an undeclared read', () => {
    expect(namesRead("const x = ctx.query.get('filter[colour]');").filter((name) => !declaredNames().has(name))).toEqual(['filter[colour]']);
  });
});
