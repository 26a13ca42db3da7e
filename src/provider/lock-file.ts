// Terraform's dependency lock file (`.terraform.lock.hcl`) for the bundled provider. A stack folder
// that already locks the provider needs no `terraform providers lock` (which asks the registry and
// ignores local mirrors): cdktf and cdktn run that command only when the lock file is missing or
// does not cover a required provider.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const LOCK_FILE = '.terraform.lock.hcl';

function filesUnder(dir: string, prefix = ''): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) files.push(...filesUnder(dir, relative));
    else files.push(relative);
  }
  return files;
}

/**
 * The `h1:` hash Terraform records for an unpacked provider package: Go's dirhash "Hash1", a
 * SHA-256 over the lines `<sha256 hex>  <relative path>\n` of every file, sorted by path.
 */
export function packageHash(dir: string): string {
  const summary = createHash('sha256');
  for (const file of filesUnder(dir).sort()) {
    const digest = createHash('sha256')
      .update(fs.readFileSync(path.join(dir, file)))
      .digest('hex');
    summary.update(`${digest}  ${file}\n`);
  }
  return `h1:${summary.digest('base64')}`;
}

/** The lock file block that pins `source` to exactly `version` with `hash`. */
export function lockBlock(source: string, version: string, hash: string): string {
  return `provider "${source}" {
  version     = "${version}"
  constraints = "${version}"
  hashes = [
    "${hash}",
  ]
}
`;
}

const HEADER = `# This file is maintained automatically by "terraform init".
# Manual edits may be lost in future updates.
`;

/** Where the block of `source` starts and ends in a lock file's text (blocks end with a "}" line). */
function blockRange(text: string, source: string): [number, number] | undefined {
  const start = text.indexOf(`provider "${source}" {`);
  if (start < 0) return undefined;
  const end = text.indexOf('\n}', start);
  return [start, end < 0 ? text.length : end + 2];
}

/** True when the lock file's text already locks `source` at `version` with `hash`. */
export function locks(text: string | undefined, source: string, version: string, hash: string): boolean {
  const range = text === undefined ? undefined : blockRange(text, source);
  if (!range || text === undefined) return false;
  const block = text.slice(range[0], range[1]);
  return new RegExp(`^\\s*version\\s*=\\s*"${version.replace(/\./g, '\\.')}"`, 'm').test(block) && block.includes(`"${hash}"`);
}

/**
 * `existing` (a lock file's text, or undefined) with the block of `source` replaced by `block`;
 * the blocks of other providers are kept as they are.
 */
export function mergeLockFile(existing: string | undefined, source: string, block: string): string {
  if (existing === undefined || existing.trim() === '') return `${HEADER}\n${block}`;
  const range = blockRange(existing, source);
  if (!range) return `${existing.replace(/\n*$/, '\n')}\n${block}`;
  return `${existing.slice(0, range[0])}${block}${existing.slice(range[1]).replace(/^\n/, '')}`;
}
