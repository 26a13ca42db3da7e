// cdkws starts the provider once per run and Terraform reattaches to it (src/cli/workflow/provider-process.ts):
// every plan, show and apply of the run uses that one process, `terraform init` installs and locks
// the provider as usual, and the process never outlives cdkws.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cdkws } from '../helpers/cli';
import { ROOT } from '../helpers/processes';
import { describeWith, TERRAFORM } from '../helpers/requirements';
import { installTestProvider } from '../helpers/terraform';
import { useService } from '../helpers/use-service';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createExampleProject } = require('../../scripts/example-project.js') as { createExampleProject: (prefix?: string) => string };

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves once `pid` is gone (the test's own timeout bounds the wait). */
async function exited(pid: number): Promise<void> {
  while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
}

interface Invocation {
  command: string;
  reattach: string;
}

describeWith('terraform')('one provider process per cdkws run', () => {
  const service = useService();
  let project: string;
  let tools: string;
  let log: string;

  beforeAll(() => {
    project = createExampleProject('cdkws-reattach-');
    tools = mkdtempSync(path.join(os.tmpdir(), 'cdkws-reattach-tools-'));
    log = path.join(tools, 'invocations.log');
    // Stands in for terraform: notes each command and what it was told to reattach to, then runs it.
    const wrapper = path.join(tools, 'terraform');
    writeFileSync(wrapper, `#!/bin/sh\nprintf '%s\\t%s\\n' "$1" "\${TF_REATTACH_PROVIDERS:-none}" >> "${log}"\nexec "${TERRAFORM}" "$@"\n`);
    chmodSync(wrapper, 0o755);
  });

  afterAll(() => {
    for (const dir of [project, tools]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const invocations = (): Invocation[] =>
    readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const [command, reattach] = line.split('\t');
        return { command, reattach };
      });

  it('serves every plan, show and apply of a deploy from one process that ends with cdkws', async () => {
    rmSync(log, { force: true });
    const result = await cdkws(project, service.cliEnv(undefined, { CDKWS_TERRAFORM: path.join(tools, 'terraform') }), 'deploy', '--auto-approve');
    expect(result).toMatchObject({ code: 0 });
    const calls = invocations();
    expect(calls.map((c) => c.command)).toEqual(['init', 'plan', 'show', 'show', 'apply']);
    // init installs and locks the provider as Terraform always does: it is not told to reattach.
    expect(calls[0].reattach).toBe('none');
    const reattached = calls.slice(1).map((c) => c.reattach);
    expect(new Set(reattached).size).toBe(1);
    const config = JSON.parse(reattached[0]) as Record<string, { Pid: number; Test: boolean; Addr: { Network: string; String: string } }>;
    const provider = config['registry.terraform.io/cdk-workspaces/cdkws'];
    expect(provider).toMatchObject({ Test: true, Addr: { Network: 'unix' } });
    await exited(provider.Pid);
    expect(readFileSync(path.join(project, 'cdktf.out', 'stacks', 'platform', '.terraform.lock.hcl'), 'utf8')).toContain(
      'provider "registry.terraform.io/cdk-workspaces/cdkws"',
    );
  });

  it('lets Terraform start the provider itself when CDKWS_PROVIDER_REATTACH=0', async () => {
    rmSync(log, { force: true });
    const env = service.cliEnv(undefined, { CDKWS_TERRAFORM: path.join(tools, 'terraform'), CDKWS_PROVIDER_REATTACH: '0' });
    const result = await cdkws(project, env, 'diff');
    expect(result).toMatchObject({ code: 0 });
    expect(invocations()).toEqual([
      { command: 'plan', reattach: 'none' },
      { command: 'show', reattach: 'none' },
      { command: 'show', reattach: 'none' },
    ]);
  });

  it('stops the provider when cdkws is killed', async () => {
    const { executable } = await installTestProvider();
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(path.join(ROOT, 'dist', 'src', 'cli', 'workflow', 'provider-process.js'))})
          .startReattachedProvider(${JSON.stringify(executable)}, process.env, process.cwd())
          .then((p) => { process.stdout.write(p.pid + '\\n'); setInterval(() => {}, 1000); });`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const pid = await new Promise<number>((resolve, reject) => {
      let out = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(Number(out.trim()));
      });
      parent.on('exit', (code) => reject(new Error(`the parent exited (${code}) before the provider started`)));
    });
    expect(alive(pid)).toBe(true);
    const variable = 'PLUGIN_UNIX_SOCKET_DIR=';
    const socketDir = readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .find((v) => v.startsWith(variable))!
      .slice(variable.length);
    parent.kill('SIGKILL'); // no exit handler runs: only the closed stdin tells the provider
    await exited(pid);
    expect(existsSync(socketDir)).toBe(false); // nothing left behind
  });
});
