// Runs the real terraform binary against our provider, installed offline from a filesystem mirror
// (bundled from the sources once per test file). Terraform runs asynchronously: the service the
// provider talks to usually lives in the same jest process and must keep answering meanwhile.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { installProvider, type Installed } from '../../src/provider/install';
import { PROVIDER_VERSION } from '../../src/provider/version';
import { TERRAFORM } from './requirements';

export { TERRAFORM } from './requirements';

const BUILT_MIRROR = path.resolve(__dirname, '..', '..', 'dist', 'provider-mirror');

export interface TerraformResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, for matching messages wherever terraform put them. */
  output: string;
}

let installed: Promise<Installed> | undefined;
const cleanups: string[] = [];

/**
 * Installs the provider that the global set-up bundled from src/ (dist/provider-mirror) into a temp
 * mirror, once per test file: the bundle is built once per run, not once per file.
 */
export function installTestProvider(): Promise<Installed> {
  installed ??= (async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-tf-provider-'));
    cleanups.push(tmp);
    return installProvider({ dir: path.join(tmp, 'install'), from: BUILT_MIRROR });
  })();
  return installed;
}

/** The `terraform { required_providers }` block for our provider. */
export function requiredProviders(version = PROVIDER_VERSION): string {
  return `terraform {\n  required_providers {\n    cdkws = {\n      source  = "cdk-workspaces/cdkws"\n      version = "${version}"\n    }\n  }\n}\n`;
}

export interface WorkdirOptions {
  /** CDKWS_ADDRESS for the provider. */
  address?: string;
  /** CDKWS_TOKEN for the provider. */
  token?: string;
  /** Extra environment (e.g. TF_LOG, CDKWS_ORGANIZATION). */
  env?: Record<string, string>;
}

export class TerraformWorkdir {
  private constructor(
    readonly dir: string,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  static async create(options: WorkdirOptions = {}): Promise<TerraformWorkdir> {
    const { cliConfigFile } = await installTestProvider();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-tf-work-'));
    cleanups.push(dir);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: dir,
      CHECKPOINT_DISABLE: '1',
      TF_IN_AUTOMATION: '1',
      TF_INPUT: '0',
      TF_CLI_CONFIG_FILE: cliConfigFile,
      ...(options.address ? { CDKWS_ADDRESS: options.address } : {}),
      ...(options.token ? { CDKWS_TOKEN: options.token } : {}),
      ...options.env,
    };
    return new TerraformWorkdir(dir, env);
  }

  /** Writes files into the workdir: strings as they are, anything else as JSON (for *.tf.json). */
  write(files: Record<string, string | object>): void {
    for (const [name, content] of Object.entries(files)) {
      fs.writeFileSync(path.join(this.dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    }
  }

  /** Replaces the configuration with one main.tf (string) or main.tf.json (object). */
  config(content: string | object): void {
    for (const f of fs.readdirSync(this.dir)) if (/\.tf(\.json)?$/.test(f)) fs.rmSync(path.join(this.dir, f));
    this.write(typeof content === 'string' ? { 'main.tf': content } : { 'main.tf.json': content });
  }

  /** Starts terraform; the caller may signal the child before awaiting the result. */
  start(args: string[], timeoutMs = 180_000): { child: ChildProcess; result: Promise<TerraformResult>; output(): string } {
    const [command, ...rest] = args;
    const child = spawn(TERRAFORM, [command, ...rest, '-no-color'], { cwd: this.dir, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const result = new Promise<TerraformResult>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, stdout, stderr, output: `${stdout}\n${stderr}` });
      });
    });
    return { child, result, output: () => `${stdout}\n${stderr}` };
  }

  run(...args: string[]): Promise<TerraformResult> {
    return this.start(args).result;
  }

  /** Runs terraform and throws with its output unless it exits with one of `codes`. */
  async ok(args: string[], codes: number[] = [0]): Promise<TerraformResult> {
    const r = await this.run(...args);
    if (r.code === null || !codes.includes(r.code)) throw new Error(`terraform ${args.join(' ')} exited ${r.code ?? r.signal}:\n${r.output}`);
    return r;
  }

  init(): Promise<TerraformResult> {
    return this.ok(['init', '-input=false']);
  }

  /** `plan -detailed-exitcode`: code 0 no changes, 2 changes, 1 error. */
  plan(...args: string[]): Promise<TerraformResult> {
    return this.run('plan', '-input=false', '-detailed-exitcode', ...args);
  }

  apply(...args: string[]): Promise<TerraformResult> {
    return this.run('apply', '-input=false', '-auto-approve', ...args);
  }

  destroy(...args: string[]): Promise<TerraformResult> {
    return this.run('destroy', '-input=false', '-auto-approve', ...args);
  }

  import(address: string, id: string): Promise<TerraformResult> {
    return this.run('import', '-input=false', address, id);
  }

  /** `show -json` of the state, parsed. */
  async show(): Promise<any> {
    const r = await this.ok(['show', '-json']);
    return JSON.parse(r.stdout);
  }

  /** The attribute values of one resource in state (undefined when absent). */
  async resource(address: string): Promise<Record<string, any> | undefined> {
    const state = await this.show();
    const all: any[] = state.values?.root_module?.resources ?? [];
    return all.find((r) => r.address === address)?.values;
  }

  /** The raw terraform.tfstate text ('' when there is none). */
  stateText(): string {
    const file = path.join(this.dir, 'terraform.tfstate');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  }
}

/** Removes every temp folder this file's tests made; call from afterAll. */
export function cleanupTerraform(): void {
  for (const dir of cleanups.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  installed = undefined;
}
