// One gate for the tests that need a tool or a database beyond Node. Where it is missing, a
// developer's run skips those tests and says so on stderr; with CI set (as .ci/run does), each
// gated block becomes a failing test naming the tool and how to install it, so CI cannot pass by
// skipping.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export type Requirement = 'terraform' | 'chromium' | 'go-tfe' | 'postgres';

export const TERRAFORM = process.env.TERRAFORM_BIN ?? '/usr/local/bin/terraform';
export const CHROMIUM = process.env.CDKWS_CHROMIUM ?? '/usr/bin/chromium';
export const GO_TFE_GOPATH = process.env.GO_TFE_GOPATH ?? '/usr/share/gocode';

const CHECKS: Record<Requirement, () => string | null> = {
  terraform: () => (existsSync(TERRAFORM) ? null : `no terraform at ${TERRAFORM} (install Terraform ≥ 1.5, or set TERRAFORM_BIN)`),
  chromium: () => (existsSync(CHROMIUM) ? null : `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CDKWS_CHROMIUM)`),
  'go-tfe': () => {
    const go = spawnSync('go', ['version'], { encoding: 'utf8' });
    if (go.error || go.status !== 0) return 'Go is not installed (apt-get install golang-go)';
    if (!existsSync(path.join(GO_TFE_GOPATH, 'src', 'github.com', 'hashicorp', 'go-tfe'))) {
      return `go-tfe is not in ${GO_TFE_GOPATH} (apt-get install golang-github-hashicorp-go-tfe-dev, or set GO_TFE_GOPATH)`;
    }
    return null;
  },
  postgres: () => (process.env.CDKWS_TEST_DATABASE_URL ? null : 'CDKWS_TEST_DATABASE_URL is not set (source .ci/postgres.sh)'),
};

const known = new Map<Requirement, string | null>();

/** Why `requirement` is missing, or null when it is there (checked once per test file). */
export function missing(requirement: Requirement): string | null {
  if (!known.has(requirement)) known.set(requirement, CHECKS[requirement]());
  return known.get(requirement)!;
}

export const inCi = (): boolean => Boolean(process.env.CI) && process.env.CI !== 'false';

/**
 * `describe`, when every requirement is met. Otherwise the block is skipped with a line on stderr,
 * or, in CI, replaced by one failing test that names what is missing.
 */
export function describeWith(...requirements: Requirement[]): (name: string, body: () => void) => void {
  const reasons = requirements.map(missing).filter((r): r is string => r !== null);
  if (reasons.length === 0) return describe;
  const why = reasons.join('; ');
  return (name, body) => {
    if (inCi()) {
      describe(name, () => {
        it(`needs ${requirements.join(' and ')}`, () => {
          throw new Error(`missing in CI, where every test must run: ${why}`);
        });
      });
      return;
    }
    process.stderr.write(`\nSKIPPED "${name}": ${why}\n`);
    describe.skip(name, body);
  };
}
