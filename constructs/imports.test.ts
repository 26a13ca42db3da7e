// The hand-written constructs import each other without loops (type-only imports count too): a
// loop makes load order matter and hides which module owns what.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const DIR = __dirname;
const modules = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(DIR, file), 'utf8');
  const found = [...text.matchAll(/^(?:import|export)\b[^;]*?from '\.\/([^'/]+)';/gms)].map((m) => `${m[1]}.ts`);
  return found.filter((f) => modules.includes(f));
}

/** A loop through `start`, as the list of modules on it, or undefined. */
function loopFrom(start: string): string[] | undefined {
  const walk = (file: string, trail: string[]): string[] | undefined => {
    for (const next of importsOf(file)) {
      if (next === start) return [...trail, next];
      if (!trail.includes(next)) {
        const found = walk(next, [...trail, next]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(start, [start]);
}

describe('constructs modules', () => {
  it('import each other without loops', () => {
    expect(modules.map((m) => ({ module: m, loop: loopFrom(m) })).filter((m) => m.loop)).toEqual([]);
  });

  it('are checked: workspace.ts imports tag-binding.ts, which reaches the workspace through workspace-reference.ts', () => {
    expect(importsOf('workspace.ts')).toEqual(expect.arrayContaining(['tag-binding.ts', 'workspace-reference.ts']));
    expect(importsOf('tag-binding.ts')).toContain('workspace-reference.ts');
  });
});
