// Engine versions (decision 18): exact versions are kept as given; a constraint selects the newest
// matching known release; anything else is refused.

/** Known releases when the bootstrap names none, newest last. */
export const DEFAULT_ENGINE_RELEASES = [
  '0.12.31',
  '0.13.7',
  '0.14.11',
  '0.15.4',
  '0.15.5',
  '1.0.11',
  '1.1.9',
  '1.2.9',
  '1.3.10',
  '1.4.7',
  '1.5.0',
  '1.5.7',
  '1.6.6',
  '1.7.5',
  '1.8.5',
  '1.9.0',
  '1.9.8',
  '1.10.5',
  '1.11.0',
  '1.11.4',
  '1.12.2',
];

const EXACT = /^v?(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?$/;
const CONSTRAINT_PART = /^\s*(=|!=|>=|<=|>|<|~>)?\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(-[0-9A-Za-z.-]+)?\s*$/;

type Triple = [number, number, number];

function parse(version: string): { triple: Triple; pre: string | undefined } | null {
  const match = EXACT.exec(version);
  return match ? { triple: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4] } : null;
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

export function isExactEngineVersion(value: string): boolean {
  return EXACT.test(value);
}

function satisfies(version: Triple, constraint: string): boolean | null {
  for (const piece of constraint.split(',')) {
    const match = CONSTRAINT_PART.exec(piece);
    if (!match) return null;
    const op = match[1] ?? '=';
    const given = [match[2], match[3], match[4]].filter((p) => p !== undefined).length;
    const target: Triple = [Number(match[2]), Number(match[3] ?? 0), Number(match[4] ?? 0)];
    const order = compare(version, target);
    let ok: boolean;
    switch (op) {
      case '=':
        ok = order === 0;
        break;
      case '!=':
        ok = order !== 0;
        break;
      case '>':
        ok = order > 0;
        break;
      case '>=':
        ok = order >= 0;
        break;
      case '<':
        ok = order < 0;
        break;
      case '<=':
        ok = order <= 0;
        break;
      default: {
        // `~> X.Y` allows X.*, `~> X.Y.Z` allows X.Y.*: the last given part may grow.
        if (order < 0) {
          ok = false;
          break;
        }
        ok = given <= 2 ? version[0] === target[0] : version[0] === target[0] && version[1] === target[1];
      }
    }
    if (!ok) return false;
  }
  return true;
}

/** Resolves an engine version; `undefined` when the value is neither exact nor a satisfiable constraint. */
export function resolveEngineVersion(value: string | undefined, releases: readonly string[] = DEFAULT_ENGINE_RELEASES): string | undefined {
  const sorted = releases
    .map((r) => ({ r, p: parse(r) }))
    .filter((x) => x.p && !x.p.pre)
    .sort((a, b) => compare(a.p!.triple, b.p!.triple));
  if (value === undefined || value === 'latest') return sorted.at(-1)?.r;
  if (isExactEngineVersion(value.trim())) return value;
  if (value.trim() === '') return undefined;
  for (let i = sorted.length - 1; i >= 0; i -= 1) {
    const ok = satisfies(sorted[i].p!.triple, value);
    if (ok === null) return undefined;
    if (ok) return sorted[i].r;
  }
  return undefined;
}

/** True when `version` (exact) is at least `minimum`; unparsable versions are not. */
export function engineVersionAtLeast(version: string, minimum: string): boolean {
  const a = parse(version);
  const b = parse(minimum);
  return Boolean(a && b && compare(a.triple, b.triple) >= 0);
}

/**
 * True when `value` is written as an engine version: `latest`, an exact version, or a constraint
 * (comma-separated `op version` parts). Whether a release satisfies it is the service's to say.
 */
export function isEngineVersionSyntax(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === 'latest' || isExactEngineVersion(trimmed)) return true;
  return trimmed !== '' && trimmed.split(',').every((part) => CONSTRAINT_PART.test(part));
}
