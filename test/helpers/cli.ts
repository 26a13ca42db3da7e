// Runs the real `cdkws` CLI (bin/cdkws.js, from dist/) in a folder, as a user would.
import { execFile } from 'node:child_process';
import { CLI } from './processes';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `cdkws <args>` in `cwd` with `env`; never rejects: the exit code is in the result. */
export function cdkws(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
