// Runs Terraform for one synthesized stack, with the provider installed offline from this package
// (architecture "CLI": CHECKPOINT_DISABLE, TF_IN_AUTOMATION, our own CLI configuration).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { installProvider, versionDir, findBuiltPackage, BUILT_MIRROR, packageRoot, executableName } from '../../provider/install';
import { ensureProviderSnapshot } from '../../provider/snapshot';
import { collapseDiagnosticText } from '../common/diagnostics';
import { CliError, StepError, redact } from '../common/output';
import type { ReattachedProvider } from './provider-process';
import type { StackInfo } from '../common/project';

export interface TerraformResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface TerraformRunner {
  /** Runs `terraform <args>` in the stack's directory; never throws for a non-zero exit. */
  run(args: string[], options?: { onLine?: (line: string) => void }): Promise<TerraformResult>;
  /** Runs and throws a CliError (with Terraform's own messages, tokens redacted) unless the exit code is allowed. */
  check(args: string[], allowed?: number[]): Promise<TerraformResult>;
}

/** Hash of every file in a folder, to tell whether an installed copy is the built one. */
function folderHash(dir: string): string {
  const hash = createHash('sha256');
  if (!existsSync(dir)) return '';
  for (const name of readdirSync(dir).sort()) {
    hash.update(name);
    hash.update(readFileSync(path.join(dir, name)));
  }
  return hash.digest('hex');
}

export interface ProviderInstallation {
  cliConfigFile: string;
  /** The installed provider executable (the one Terraform would start). */
  executable: string;
  /** Changes whenever the installed provider does: a new one needs `terraform init` again. */
  fingerprint: string;
}

/**
 * Installs the provider into `<project>/.cdkws/providers` (or `CDKWS_PROVIDER_DIR`) unless the same
 * build is already there, so repeated runs copy nothing.
 */
export function ensureProvider(projectDir: string): ProviderInstallation {
  const dir = path.resolve(projectDir, process.env.CDKWS_PROVIDER_DIR ?? path.join('.cdkws', 'providers'));
  let built: string;
  try {
    built = findBuiltPackage(path.join(packageRoot(), BUILT_MIRROR));
  } catch (error) {
    throw new CliError(`the provider is not built: ${(error as Error).message}`);
  }
  const fingerprint = folderHash(built);
  const cliConfigFile = path.join(dir, 'terraform.tfrc');
  if (!existsSync(cliConfigFile) || folderHash(versionDir(path.join(dir, 'mirror'))) !== fingerprint) {
    mkdirSync(dir, { recursive: true });
    installProvider({ dir });
  } else {
    // Node may have changed since: a snapshot for the node at hand (nothing to do when it is there).
    ensureProviderSnapshot(versionDir(path.join(dir, 'mirror')));
  }
  return { cliConfigFile, fingerprint, executable: path.join(versionDir(path.join(dir, 'mirror')), executableName()) };
}

/** The environment Terraform runs with: offline, non-interactive, our provider mirror. */
export function terraformEnvironment(install: Pick<ProviderInstallation, 'cliConfigFile' | 'fingerprint'>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CHECKPOINT_DISABLE: '1',
    TF_IN_AUTOMATION: '1',
    TF_INPUT: '0',
    TF_CLI_CONFIG_FILE: install.cliConfigFile,
  };
}

/** `CDKWS_TERRAFORM` (e.g. `tofu`), else `terraform` from PATH. */
export function terraformBinary(): string {
  return process.env.CDKWS_TERRAFORM || 'terraform';
}

/**
 * `provider`: a provider process started ahead (provider-process.ts) that every command but `init`
 * reattaches to; when it is absent or failed to start, Terraform starts the provider itself.
 */
export function terraformRunner(stack: StackInfo, install: ProviderInstallation, provider?: Promise<ReattachedProvider | undefined>): TerraformRunner {
  const plainEnv = terraformEnvironment(install);
  const binary = terraformBinary();
  // init installs and locks the provider: it must see the provider as Terraform installs it.
  const envFor = async (args: string[]) => {
    const reattached = args[0] === 'init' ? undefined : await provider;
    return reattached ? { ...plainEnv, ...reattached.env } : plainEnv;
  };
  const run = async (args: string[], options: { onLine?: (line: string) => void } = {}): Promise<TerraformResult> => {
    const env = await envFor(args);
    return new Promise((resolve, reject) => {
      const child = spawn(binary, args, { cwd: stack.workingDirectory, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let pending = '';
      child.stdout.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        stdout += text;
        if (!options.onLine) return;
        pending += text;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) options.onLine(line);
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', (error: NodeJS.ErrnoException) => {
        reject(
          error.code === 'ENOENT'
            ? new CliError(`"${binary}" was not found: install Terraform 1.5 or later (or OpenTofu), or set CDKWS_TERRAFORM to its path`)
            : error,
        );
      });
      child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    });
  };
  return {
    run,
    async check(args, allowed = [0]) {
      const result = await run(args);
      if (!allowed.includes(result.code)) {
        const detail = collapseDiagnosticText(redact(`${result.stderr}${result.stdout}`.trim()));
        throw new StepError(args[0], `terraform ${args[0]} failed for stack "${stack.name}" (exit ${result.code}):\n${detail}`, stack.name);
      }
      return result;
    },
  };
}

/**
 * `terraform init` when the stack's providers or backend changed since the last one, or the provider
 * was reinstalled; otherwise nothing (init is the slowest step of a small plan).
 */
export async function initIfNeeded(stack: StackInfo, install: ProviderInstallation, runner: TerraformRunner): Promise<boolean> {
  const config = JSON.parse(readFileSync(stack.synthesizedStackPath, 'utf8')) as { terraform?: unknown };
  const wanted = createHash('sha256')
    .update(JSON.stringify(config.terraform ?? {}))
    .update(install.fingerprint)
    .digest('hex');
  const stampFile = path.join(stack.workingDirectory, '.terraform', 'cdkws-init');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return false;
  // The lock file records the provider's hash: a rebuilt provider has a new one.
  rmSync(path.join(stack.workingDirectory, '.terraform.lock.hcl'), { force: true });
  await runner.check(['init', '-input=false', '-no-color', '-upgrade']);
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, wanted);
  return true;
}
