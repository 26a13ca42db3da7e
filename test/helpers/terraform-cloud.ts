// Terraform's own `cloud` block and `backend "remote"` against `cdkws serve --tls` as a process:
// the service on SQLite (a temporary file) or, in the PostgreSQL pass, on a fresh database; a CLI
// configuration file holding the token for `localhost:PORT`; SSL_CERT_FILE naming the CA that serve
// printed. Everything lives in one temporary folder outside the repository.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, request as undiciRequest } from 'undici';
import { BOOTSTRAP_FILE, spawnServe, stopServe, type ServeProcess } from './processes';
import { createTestDatabaseUrl, ORG, TOKENS, usingPostgres } from './service';
import { TERRAFORM } from './requirements';
import type { TerraformResult } from './terraform';

export { TERRAFORM } from './requirements';

export interface TlsApiResponse {
  status: number;
  body: any;
  text: string;
}

/** `cdkws serve --tls` on storage that outlives the process, so a test can kill and restart it. */
export class TlsService {
  private agent: Agent | undefined;
  private process_: ServeProcess | undefined;
  private constructor(
    /** The folder of the data (SQLite), the TLS files and every Terraform workdir. */
    readonly dir: string,
    private readonly storageArgs: string[],
    private readonly bootstrapFile: string,
  ) {}

  /**
   * Starts serve with the example bootstrap, its organizations' default execution mode set to
   * local: the service runs no runs, and Terraform runs remotely unless the workspace says local.
   */
  static async start(): Promise<TlsService> {
    const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-state-e2e-'));
    const bootstrap = JSON.parse(readFileSync(BOOTSTRAP_FILE, 'utf8'));
    for (const organization of bootstrap.organizations) {
      organization.settings = { ...organization.settings, 'default-execution-mode': 'local' };
    }
    const bootstrapFile = path.join(dir, 'bootstrap.json');
    writeFileSync(bootstrapFile, JSON.stringify(bootstrap));
    const storageArgs = usingPostgres() ? ['--database', await createTestDatabaseUrl()] : ['--data', path.join(dir, 'service.db')];
    const service = new TlsService(dir, storageArgs, bootstrapFile);
    await service.spawn([]);
    return service;
  }

  private async spawn(extraArgs: string[]): Promise<void> {
    // serve keeps its TLS files beside the SQLite file, or in `.cdkws/tls` below its folder on PostgreSQL.
    this.process_ = await spawnServe(this.storageArgs, ['--tls', ...extraArgs], 30_000, this.bootstrapFile, this.dir);
  }

  get process(): ServeProcess {
    if (!this.process_) throw new Error('the service is not running');
    return this.process_;
  }

  get port(): string {
    return new URL(this.process.url).port;
  }

  /** What Terraform calls the host: the name the certificate covers, with the port. */
  get hostname(): string {
    return `localhost:${this.port}`;
  }

  /** The CA file serve printed on stderr ("certificate authority: FILE"). */
  get caFile(): string {
    const match = /certificate authority: (\S+)/.exec(this.process.output().stderr);
    if (!match) throw new Error(`serve --tls printed no CA file: ${this.process.output().stderr}`);
    return match[1];
  }

  /** Ends the process the hard way (SIGKILL: no clean shutdown) and waits for it. */
  async kill(): Promise<void> {
    await stopServe(this.process_, 'SIGKILL');
    this.process_ = undefined;
  }

  /**
   * Kills serve (SIGKILL), leaves it down for `downMs`, and starts it again on the same data and the
   * same port, so Terraform's configuration (and a Terraform still retrying) reaches it again.
   */
  async restart(downMs = 0): Promise<void> {
    const port = this.port;
    await this.kill();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.spawn(['--port', port]);
  }

  async stop(): Promise<void> {
    await stopServe(this.process_, 'SIGTERM');
    this.process_ = undefined;
    await this.agent?.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** An API request over HTTPS trusting only serve's CA; a path is taken from /api/v2, a URL as it is. */
  async request(method: string, apiPath: string, options: { token?: string; body?: unknown } = {}): Promise<TlsApiResponse> {
    this.agent ??= new Agent({ connect: { ca: readFileSync(this.caFile, 'utf8') } });
    const answer = await undiciRequest(/^https:/.test(apiPath) ? apiPath : `https://${this.hostname}/api/v2${apiPath}`, {
      method: method as 'GET',
      dispatcher: this.agent,
      headers: {
        authorization: `Bearer ${options.token ?? TOKENS.owner}`,
        ...(options.body === undefined ? {} : { 'content-type': 'application/vnd.api+json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await answer.body.text();
    let body: any;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: answer.statusCode, body, text };
  }

  /** The workspace's ID in the organization (throws unless it exists). */
  async workspaceId(name: string, organization = ORG): Promise<string> {
    const answer = await this.request('GET', `/organizations/${organization}/workspaces/${name}`);
    if (answer.status !== 200) throw new Error(`workspace ${name}: ${answer.status} ${answer.text}`);
    return answer.body.data.id;
  }

  /** A Terraform working folder whose CLI configuration holds `token` for this host. */
  workdir(name: string, token: string = TOKENS.owner): CloudWorkdir {
    return new CloudWorkdir(this, path.join(this.dir, name), token);
  }
}

/** The `terraform { cloud { … } }` block naming one workspace on the service. */
export function cloudBlock(hostname: string, workspace: string, organization = ORG): string {
  return `terraform {
  cloud {
    hostname     = "${hostname}"
    organization = "${organization}"
    workspaces {
      name = "${workspace}"
    }
  }
}
`;
}

/** The `terraform { backend "remote" { … } }` block naming one workspace on the service. */
export function remoteBackendBlock(hostname: string, workspace: string, organization = ORG): string {
  return `terraform {
  backend "remote" {
    hostname     = "${hostname}"
    organization = "${organization}"
    workspaces {
      name = "${workspace}"
    }
  }
}
`;
}

/** A folder Terraform runs in, with its own CLI configuration file (the token) and the CA to trust. */
export class CloudWorkdir {
  readonly env: NodeJS.ProcessEnv;
  readonly cliConfigFile: string;

  constructor(
    private readonly service: TlsService,
    readonly dir: string,
    token: string,
  ) {
    mkdirSync(dir, { recursive: true });
    this.cliConfigFile = path.join(dir, '.terraformrc');
    this.env = {
      PATH: process.env.PATH,
      HOME: dir,
      CHECKPOINT_DISABLE: '1',
      TF_IN_AUTOMATION: '1',
      TF_INPUT: '0',
      TF_CLI_CONFIG_FILE: this.cliConfigFile,
      SSL_CERT_FILE: service.caFile,
    };
    this.token(token);
  }

  /** Writes the CLI configuration's credentials for the service's host (the port is part of the name). */
  token(token: string): void {
    writeFileSync(this.cliConfigFile, `credentials "${this.service.hostname}" {\n  token = "${token}"\n}\n`, { mode: 0o600 });
  }

  /** Replaces the configuration with one main.tf. */
  config(main: string): void {
    for (const f of readdirSync(this.dir)) if (f.endsWith('.tf')) rmSync(path.join(this.dir, f));
    writeFileSync(path.join(this.dir, 'main.tf'), main);
  }

  /** Starts terraform; the caller may watch its output or signal it before awaiting the result. */
  start(args: string[], timeoutMs = 180_000): { child: ChildProcess; result: Promise<TerraformResult>; output(): string } {
    const child = spawn(TERRAFORM, [...args, '-no-color'], { cwd: this.dir, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
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

  /** Runs terraform and throws with its output unless it exits 0. */
  async ok(...args: string[]): Promise<TerraformResult> {
    const r = await this.run(...args);
    if (r.code !== 0) throw new Error(`terraform ${args.join(' ')} exited ${r.code ?? r.signal}:\n${r.output}`);
    return r;
  }

  init(): Promise<TerraformResult> {
    return this.ok('init', '-input=false');
  }

  apply(...args: string[]): Promise<TerraformResult> {
    return this.run('apply', '-input=false', '-auto-approve', ...args);
  }

  /** `terraform state pull`, parsed. */
  async pull(): Promise<any> {
    return JSON.parse((await this.ok('state', 'pull')).stdout);
  }

  /** `terraform output -json`, parsed. */
  async outputs(): Promise<Record<string, { sensitive: boolean; type: unknown; value: unknown }>> {
    return JSON.parse((await this.ok('output', '-json')).stdout);
  }
}

/** Waits until `check` holds, polling; throws with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Fails with Terraform's whole output unless it exited with `code`. */
export function expectExit(result: TerraformResult, code: number): void {
  if (result.code !== code) throw new Error(`terraform exited ${result.code ?? result.signal}, expected ${code}:\n${result.output}`);
}
