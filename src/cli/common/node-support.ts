// The Node.js the engines' own CLIs need. cdkws itself runs on Node 20, but cdktn-cli 0.24 needs
// 22.19 (older Node lacks an API its HTTP client calls, and `npx cdktn diff` ends in a minified stack
// trace): a cdktn user on an older Node is told what to run instead.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The oldest Node.js cdktn-cli 0.24 runs on (its `engines` field). */
export const CDKTN_CLI_NODE = '22.19.0';

/** Whether `version` (e.g. "20.18.1" or "v22.19.0") is at least `minimum`. */
export function nodeAtLeast(version: string, minimum: string): boolean {
  const parts = (v: string) => v.replace(/^v/, '').split('.').map(Number);
  const [have, need] = [parts(version), parts(minimum)];
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) !== (need[i] ?? 0)) return (have[i] ?? 0) > (need[i] ?? 0);
  }
  return true;
}

/** What to run instead of `npx cdktn <command>` on this Node, or undefined when it runs as it is. */
export function cdktnNodeAdvice(command: string, nodeVersion = process.versions.node): string | undefined {
  if (nodeAtLeast(nodeVersion, CDKTN_CLI_NODE)) return undefined;
  const major = CDKTN_CLI_NODE.split('.')[0];
  return (
    `the cdktn CLI (cdktn-cli 0.24) needs Node.js ${CDKTN_CLI_NODE} or later, and this is Node.js ${nodeVersion}: ` +
    `"npx cdktn ${command}" would end in "markAsUncloneable is not a function". ` +
    `"npx cdkws ${command}" runs on this Node; to run the engine's CLI on Node ${major} without installing it: ` +
    `npx -y -p node@${major} -- cdktn ${command} (or install Node.js ${major} or later)`
  );
}

/** Whether the app in `dir` uses cdktn (its package.json names it). */
export function appUsesCdktn(dir: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    return ['dependencies', 'devDependencies'].some((field) => manifest[field]?.cdktn !== undefined || manifest[field]?.['cdktn-cli'] !== undefined);
  } catch {
    return false;
  }
}
