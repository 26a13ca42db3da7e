// A cdktf project as cdkws sees it: `cdktf.json` (the `app` command, `output`, `context`), the
// synth that runs the app, and the stacks of `<output>/manifest.json`.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CliError, containsSecret } from './output';

export interface ProjectConfig {
  /** The directory of cdktf.json; the app runs there. */
  dir: string;
  /** Shell command that synthesizes the app. */
  app: string;
  /** Absolute output directory (default `cdktf.out`). */
  outdir: string;
  context: Record<string, unknown>;
}

export interface StackInfo {
  name: string;
  /** Absolute directory Terraform runs in: `<output>/stacks/<stack>`. */
  workingDirectory: string;
  /** Absolute path of `cdk.tf.json`. */
  synthesizedStackPath: string;
}

export function readProjectConfig(dir = process.cwd()): ProjectConfig {
  const file = path.join(dir, 'cdktf.json');
  if (!existsSync(file)) throw new CliError(`no cdktf.json in ${dir}: run cdkws in the directory of your cdktf app`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new CliError(`${file} is not a JSON object: write { "app": "npx ts-node --transpile-only main.ts" }`);
  const json = parsed as Record<string, unknown>;
  if (typeof json.app !== 'string' || json.app.trim() === '')
    throw new CliError(`${file} has no "app" command (e.g. "app": "npx ts-node --transpile-only main.ts")`);
  const output = typeof json.output === 'string' ? json.output : 'cdktf.out';
  const context = json.context && typeof json.context === 'object' ? (json.context as Record<string, unknown>) : {};
  return { dir, app: json.app, outdir: path.resolve(dir, output), context };
}

/**
 * The environment the app runs with: never the tokens, so no construct can put one into synth
 * output; and no version check against HashiCorp's checkpoint service, which fails noisily offline.
 */
export function appEnvironment(config: ProjectConfig): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CHECKPOINT_DISABLE: '1',
    CDKTF_OUTDIR: config.outdir,
    CDKTF_CONTEXT_JSON: JSON.stringify(config.context),
  };
  delete env.CDKWS_TOKEN;
  delete env.TFE_TOKEN;
  return env;
}

/** Runs the app command; its output goes to stderr so stdout stays the command's own. */
export async function runApp(config: ProjectConfig): Promise<void> {
  const child = spawn(config.app, { cwd: config.dir, env: appEnvironment(config), shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exit) => resolve(exit ?? 1));
  });
  if (code !== 0) throw new CliError(`the app command "${config.app}" failed (exit ${code}):\n${output.trim()}`);
}

export function readStacks(config: ProjectConfig): StackInfo[] {
  const manifestFile = path.join(config.outdir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new CliError(`${manifestFile} is missing: the app did not synthesize (does it call app.synth()?)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    stacks?: Record<string, { name: string; workingDirectory: string; synthesizedStackPath: string }>;
  };
  return Object.values(manifest.stacks ?? {})
    .map((s) => ({
      name: s.name,
      workingDirectory: path.resolve(config.outdir, s.workingDirectory),
      synthesizedStackPath: path.resolve(config.outdir, s.synthesizedStackPath),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Synthesizes the app and checks that no stack holds a token. */
export async function synthesize(config: ProjectConfig): Promise<StackInfo[]> {
  await runApp(config);
  const stacks = readStacks(config);
  for (const stack of stacks) {
    const text = readFileSync(stack.synthesizedStackPath, 'utf8');
    const json = JSON.parse(text) as { provider?: Record<string, Array<Record<string, unknown>>> };
    const configured = (json.provider?.cdkws ?? []).some((block) => 'token' in block);
    if (configured || containsSecret(text)) {
      throw new CliError(`stack "${stack.name}" contains a token: leave it out of the app and set CDKWS_TOKEN where Terraform runs`);
    }
  }
  return stacks;
}

/** The stacks a command acts on: the one named, or all of them. */
export function selectStacks(stacks: StackInfo[], name: string | undefined): StackInfo[] {
  if (stacks.length === 0) throw new CliError('the app has no stacks');
  if (name === undefined) return stacks;
  const found = stacks.find((s) => s.name === name);
  if (!found) throw new CliError(`no stack named "${name}"; stacks: ${stacks.map((s) => s.name).join(', ')}`);
  return [found];
}
