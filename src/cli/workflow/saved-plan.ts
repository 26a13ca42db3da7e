// The reviewed plan as a CI artifact: `cdkws diff --save-plan DIR` keeps, per stack, Terraform's
// saved plan with the synthesized configuration and lock file it was made from; `cdkws deploy
// --plan DIR` applies exactly that plan, and refuses when the app at hand synthesizes to something
// else (the reviewed plan would not be what the code says).
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CliError } from '../common/output';
import type { StackInfo } from '../common/project';
import { PLAN_FILE, type StackPlan } from './workflow';

export const MANIFEST_FILE = 'cdkws-plan.json';
const SYNTHESIZED_FILE = 'cdk.tf.json';
const LOCK_FILE = '.terraform.lock.hcl';

const ManifestSchema = z.object({
  version: z.literal(1),
  createdAt: z.string(),
  /** The commit the plan was made at, when CI names it. */
  commit: z.string().optional(),
  stacks: z.array(z.object({ stack: z.string().min(1), changed: z.boolean(), synthesized: z.string() })),
});
export type SavedPlanManifest = z.infer<typeof ManifestSchema>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The commit CI checked out (GitHub Actions, GitLab CI), for the messages of a later deploy. */
function ciCommit(): string | undefined {
  return process.env.GITHUB_SHA || process.env.CI_COMMIT_SHA || undefined;
}

/** Writes each stack's saved plan, synthesized stack and lock file into `dir` (replacing what it held). */
export function savePlans(dir: string, plans: StackPlan[]): void {
  rmSync(dir, { recursive: true, force: true });
  const stacks: SavedPlanManifest['stacks'] = [];
  for (const plan of plans) {
    const target = path.join(dir, plan.stack.name);
    mkdirSync(target, { recursive: true });
    // The plan holds the prior state: owner-only, like the state file it came from.
    copyFileSync(path.join(plan.stack.workingDirectory, PLAN_FILE), path.join(target, PLAN_FILE));
    chmodSync(path.join(target, PLAN_FILE), 0o600);
    const synthesized = readFileSync(plan.stack.synthesizedStackPath, 'utf8');
    writeFileSync(path.join(target, SYNTHESIZED_FILE), synthesized);
    // For the record: the plan itself pins the providers' checksums, and Terraform checks them at apply.
    const lock = path.join(plan.stack.workingDirectory, LOCK_FILE);
    if (existsSync(lock)) copyFileSync(lock, path.join(target, LOCK_FILE));
    stacks.push({ stack: plan.stack.name, changed: plan.changed, synthesized: sha256(synthesized) });
  }
  const commit = ciCommit();
  const manifest: SavedPlanManifest = { version: 1, createdAt: new Date().toISOString(), ...(commit ? { commit } : {}), stacks };
  writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Reads and checks the manifest of a saved-plan folder. */
export function readManifest(dir: string): SavedPlanManifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) {
    throw new CliError(`${dir} holds no reviewed plan (${MANIFEST_FILE} is missing): give --plan the folder that "cdkws diff --save-plan DIR" wrote`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const result = ManifestSchema.safeParse(parsed);
  if (!result.success) throw new CliError(`${file} is not a reviewed plan of this version of cdkws: make it again with "cdkws diff --save-plan DIR"`);
  for (const entry of result.data.stacks) {
    if (!/^[A-Za-z0-9_.-]+$/.test(entry.stack) || entry.stack.startsWith('.')) throw new CliError(`${file} names an invalid stack "${entry.stack}"`);
    if (!existsSync(path.join(dir, entry.stack, PLAN_FILE)))
      throw new CliError(`${path.join(dir, entry.stack, PLAN_FILE)} is missing: the artifact is incomplete`);
  }
  return result.data;
}

type Blocks = Map<string, string>;

/** A synthesized stack as named blocks (`resource cdkws_workspace.x`, `terraform`), each as canonical JSON. */
function blocksOf(text: string): Blocks {
  const json = JSON.parse(text) as Record<string, unknown>;
  const blocks: Blocks = new Map();
  for (const [section, value] of Object.entries(json)) {
    // The engine's own notes (its version, the stack's name) do not change what Terraform does.
    if (section === '//') continue;
    const nested = section === 'resource' || section === 'data';
    if (nested && value && typeof value === 'object') {
      for (const [type, byName] of Object.entries(value as Record<string, Record<string, unknown>>)) {
        for (const [name, block] of Object.entries(byName ?? {})) blocks.set(`${section} ${type}.${name}`, canonical(block));
      }
    } else {
      blocks.set(section, canonical(value));
    }
  }
  return blocks;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The blocks that differ between the reviewed synthesized stack and the current one (empty: the same). */
export function synthDifferences(reviewed: string, current: string): string[] {
  const a = blocksOf(reviewed);
  const b = blocksOf(current);
  const differences: string[] = [];
  for (const [key, value] of a) {
    if (!b.has(key)) differences.push(`${key} (removed)`);
    else if (b.get(key) !== value) differences.push(`${key} (changed)`);
  }
  for (const key of b.keys()) if (!a.has(key)) differences.push(`${key} (added)`);
  return differences.sort();
}

/**
 * Checks that the stack synthesized now is the one the plan was made from, then puts the reviewed
 * plan where Terraform runs for the stack.
 */
export function placeReviewedPlan(dir: string, manifest: SavedPlanManifest, stack: StackInfo): SavedPlanManifest['stacks'][number] {
  const entry = manifest.stacks.find((s) => s.stack === stack.name);
  const made = manifest.commit ? ` (made at commit ${manifest.commit.slice(0, 12)})` : '';
  if (!entry) {
    throw new CliError(
      `the reviewed plan${made} has no stack "${stack.name}" (it has ${manifest.stacks.map((s) => s.stack).join(', ') || 'none'}): nothing was applied. Review the change again so that its plan covers every stack`,
    );
  }
  const reviewed = readFileSync(path.join(dir, stack.name, SYNTHESIZED_FILE), 'utf8');
  if (sha256(reviewed) !== entry.synthesized)
    throw new CliError(`${path.join(dir, stack.name, SYNTHESIZED_FILE)} is not the file the plan was made from: the artifact was changed`);
  const differences = synthDifferences(reviewed, readFileSync(stack.synthesizedStackPath, 'utf8'));
  if (differences.length > 0) {
    const listed = differences.length > 10 ? [...differences.slice(0, 10), `and ${differences.length - 10} more`] : differences;
    throw new CliError(
      `stack "${stack.name}": the app here synthesizes to a different configuration than the reviewed plan${made}: ${listed.join(', ')}. ` +
        `Nothing was applied. The reviewed plan is not what this code says (the branch moved on after the review, or the artifact belongs to another commit): ` +
        `plan and review this commit again, then deploy its plan`,
    );
  }
  copyFileSync(path.join(dir, stack.name, PLAN_FILE), path.join(stack.workingDirectory, PLAN_FILE));
  return entry;
}
