// One provider process for every Terraform command of a cdkws run. Terraform starts a provider
// three times for one plan (and once more for each `show`); a Node.js provider spends most of a
// small plan starting. cdkws starts the installed provider itself, alongside synth, and hands it to
// Terraform with TF_REATTACH_PROVIDERS: Terraform then connects to it for each session instead of
// starting it. Terraform treats such a provider as "unmanaged": it never stops it ("Test": true
// tells go-plugin not to kill or shut it down), asks for its schema and configures it again in each
// session, and leaves `terraform init` and the lock file as they are (init runs without it).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXIT_WITH_PARENT_ENV, MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from '../../provider/protocol/handshake';
import { PROVIDER_SOURCE } from '../../provider/version';

/** `0` turns reattaching off: Terraform starts the provider itself, as plain `terraform plan` does. */
export const REATTACH_SWITCH_ENV = 'CDKWS_PROVIDER_REATTACH';

export interface ReattachedProvider {
  /** The environment variable that points Terraform at this process. */
  env: { TF_REATTACH_PROVIDERS: string };
  pid: number;
  stop(): void;
}

/**
 * Reattaching is on unless switched off, or `TF_LOG` asks for Terraform's log: that log holds a
 * provider's lines only when Terraform started the provider.
 */
export function reattachWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[REATTACH_SWITCH_ENV] !== '0' && !env.TF_LOG;
}

/** The TF_REATTACH_PROVIDERS value for a provider serving plain gRPC on `socketPath`. */
export function reattachValue(pid: number, socketPath: string): string {
  return JSON.stringify({
    [PROVIDER_SOURCE]: { Protocol: 'grpc', ProtocolVersion: 6, Pid: pid, Test: true, Addr: { Network: 'unix', String: socketPath } },
  });
}

/**
 * Starts `executable` as Terraform would, minus mutual TLS (Terraform reattaches without it): the
 * socket is in a folder only this user may enter. Resolves once the handshake line is out; rejects
 * if the provider exits or prints something else first.
 */
export function startReattachedProvider(executable: string, env: NodeJS.ProcessEnv, cwd: string): Promise<ReattachedProvider> {
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-provider-')); // mode 0700
  const child: ChildProcess = spawn(executable, [], {
    cwd,
    env: {
      ...env,
      [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
      PLUGIN_PROTOCOL_VERSIONS: '6',
      PLUGIN_CLIENT_CERT: '',
      PLUGIN_UNIX_SOCKET_DIR: socketDir,
      [EXIT_WITH_PARENT_ENV]: '1',
    },
    // stdin stays open as long as cdkws runs; its logs go where a Terraform started provider's go
    // without TF_LOG: nowhere.
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    child.kill('SIGTERM');
    rmSync(socketDir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  return new Promise((resolve, reject) => {
    let out = '';
    const fail = (message: string) => {
      stop();
      reject(new Error(message));
    };
    child.on('error', (error) => fail(`the provider did not start: ${error.message}`));
    child.on('exit', (code) => {
      if (!out.includes('\n')) fail(`the provider exited (${code}) before its handshake`);
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      if (out.includes('\n')) return;
      out += chunk.toString();
      if (!out.includes('\n')) return;
      const fields = out.slice(0, out.indexOf('\n')).split('|');
      if (fields.length < 5 || fields[1] !== '6' || fields[2] !== 'unix' || fields[4] !== 'grpc' || child.pid === undefined) {
        return fail(`the provider's handshake is not one Terraform could reattach to: ${out.slice(0, 200)}`);
      }
      // Nothing of this child may keep cdkws running: it ends when cdkws does.
      child.unref();
      (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
      (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
      resolve({ env: { TF_REATTACH_PROVIDERS: reattachValue(child.pid, fields[3]) }, pid: child.pid, stop });
    });
  });
}
