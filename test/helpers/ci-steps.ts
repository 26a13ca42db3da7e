// Runs the steps of a CI configuration the way the platform would: each `run:` (GitHub Actions) or
// `script:` (GitLab CI) in `bash -eo pipefail`, with the platform's variables faked, and what a
// step appends to `$GITHUB_ENV` exported to the steps after it. Actions (`uses:`) are the
// caller's to simulate (artifacts: copying a folder).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

export interface GithubStep {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

export interface ScriptResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The parsed document of a YAML file or text (GitHub workflow, .gitlab-ci.yml). */
export function parseYaml(text: string): any {
  return parse(text);
}

/** Runs one script in `bash -eo pipefail` (GitHub Actions' `shell: bash`); never rejects. */
export function runScript(script: string, cwd: string, env: NodeJS.ProcessEnv, timeout = 10 * 60_000): Promise<ScriptResult> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script],
      { cwd, env, timeout, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** `KEY=value` lines and `KEY<<DELIMITER` blocks of a `$GITHUB_ENV` (or `$GITHUB_OUTPUT`) file. */
export function readGithubFile(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  if (!existsSync(file)) return values;
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1);
      values[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const eq = lines[i].indexOf('=');
    if (eq > 0) values[lines[i].slice(0, eq)] = lines[i].slice(eq + 1);
  }
  return values;
}

/** The environment of a clean runner: PATH and HOME, no tokens or settings of the test's caller. */
export function runnerEnvironment(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8', CI: 'true', ...extra };
}

/**
 * A GitHub Actions expression (`always() && hashFiles('plan.md') != ''`): literals, context paths,
 * `==`, `!=`, `&&`, `||`, `!` and the status functions; what the templates use, evaluated as
 * GitHub does (`a || b` is the first truthy operand).
 */
export function evaluateExpression(expression: string, lookup: (path: string) => unknown, functions: Record<string, (...args: unknown[]) => unknown>): unknown {
  const tokens = expression.match(/'(?:[^']|'')*'|[A-Za-z_][\w.-]*|==|!=|&&|\|\||[!(),]|\d+|\S/g) ?? [];
  const js = tokens
    .map((token, i) => {
      if (token.startsWith("'")) return JSON.stringify(token.slice(1, -1).replace(/''/g, "'"));
      if (/^\d+$/.test(token)) return token;
      if (token === 'true' || token === 'false' || token === 'null') return token;
      if (/^[A-Za-z_]/.test(token)) {
        if (tokens[i + 1] === '(') {
          if (!Object.hasOwn(functions, token)) throw new Error(`unknown function ${token}() in ${expression}`);
          return `$f[${JSON.stringify(token)}]`;
        }
        return `$p(${JSON.stringify(token)})`;
      }
      if (['==', '!=', '&&', '||', '!', '(', ')', ','].includes(token)) return token;
      throw new Error(`unexpected "${token}" in ${expression}`);
    })
    .join(' ');
  // Loose equality, as GitHub compares a step output '0' with the literal '0' (and null with '').
  // The expressions are the templates' own, made of the tokens checked above.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const evaluate = new Function('$p', '$f', `return (${js});`) as (p: typeof lookup, f: typeof functions) => unknown;
  return evaluate((path) => lookup(path) ?? null, functions);
}

/** `${{ … }}` in a value, replaced by the expression's value ('' for null). */
export function interpolate(text: string, evaluate: (expression: string) => unknown): string {
  return text.replace(/\$\{\{\s*([\s\S]*?)\s*\}\}/g, (_, expression: string) => {
    const value = evaluate(expression);
    return value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** A path in a nested object (`github.event.pull_request.number`). */
export function pathIn(root: Record<string, unknown>, path: string): unknown {
  let value: unknown = root;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
