// A stand-in for the CI platforms, enough to run the app's CI files as written: a job's steps (GitHub
// Actions) or scripts (GitLab CI) run in order in one runner folder, checked out afresh at the same
// path for every job (as hosted runners do), with the platform's variables faked; artifacts pass by
// copying folders; the platform's API (comments, notes, pull requests, artifacts) is a local HTTP
// receiver that records every request. Used by ci-github.test.ts and ci-gitlab.test.ts.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  evaluateExpression,
  interpolate,
  parseYaml,
  pathIn,
  readGithubFile,
  runScript,
  runnerEnvironment,
  type GithubStep,
  type ScriptResult,
} from '../helpers/ci-steps';

// ---------------------------------------------------------------------------------------------
// The platform's API
// ---------------------------------------------------------------------------------------------

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Handler = (request: RecordedRequest, match: RegExpExecArray) => { status: number; body?: unknown };

/** A local HTTP server answering the routes it is given and recording every request. */
export class ApiReceiver {
  readonly requests: RecordedRequest[] = [];
  private readonly routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [];
  private server: http.Server | undefined;
  url = '';

  route(method: string, pattern: RegExp, handler: Handler): this {
    this.routes.push({ method, pattern, handler });
    return this;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
        this.requests.push(recorded);
        for (const { method, pattern, handler } of this.routes) {
          const match = pattern.exec(recorded.path);
          if (method !== recorded.method || !match) continue;
          const answer = handler(recorded, match);
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
          return;
        }
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"message":"Not Found"}');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }
}

// ---------------------------------------------------------------------------------------------
// The app's repository and the runner
// ---------------------------------------------------------------------------------------------

export const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' }).trim();

/** Where jobs run: one folder, emptied and checked out again at the same path for every job. */
export class Runner {
  readonly workspace: string;
  readonly temp: string;
  /** Artifacts by name: folders holding what the jobs uploaded. */
  readonly artifacts = new Map<string, string>();

  constructor(
    private readonly base: string,
    private readonly origin: string,
    appName: string,
    private readonly environment: NodeJS.ProcessEnv,
  ) {
    this.workspace = path.join(base, 'runner', appName);
    this.temp = path.join(base, 'runner-temp');
  }

  checkout(sha: string): void {
    rmSync(this.workspace, { recursive: true, force: true });
    rmSync(this.temp, { recursive: true, force: true });
    mkdirSync(this.temp, { recursive: true });
    git(this.base, 'clone', '--quiet', this.origin, this.workspace);
    git(this.workspace, 'checkout', '--quiet', sha);
  }

  /** The environment of a fresh runner: PATH, HOME, and what the test passes (tokens, the service). */
  env(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    return runnerEnvironment(path.join(this.base, 'home'), { ...this.environment, RUNNER_TEMP: this.temp, ...extra });
  }

  upload(name: string, paths: string[]): void {
    const store = mkdtempSync(path.join(this.base, 'artifact-'));
    for (const entry of paths) {
      const from = path.join(this.workspace, entry);
      if (existsSync(from)) cpSync(from, path.join(store, entry), { recursive: true });
    }
    this.artifacts.set(name, store);
  }

  download(name: string, into: string): void {
    const store = this.artifacts.get(name);
    if (!store) throw new Error(`no artifact named ${name}`);
    mkdirSync(into, { recursive: true });
    for (const entry of readdirSync(store)) cpSync(path.join(store, entry), path.join(into, entry), { recursive: true });
  }
}

export interface StepRun {
  name: string;
  skipped: boolean;
  code: number;
  output: string;
}

export interface JobRun {
  passed: boolean;
  steps: StepRun[];
  /** The output of every step that ran, for a failing assertion to show. */
  log: string;
}

function jobRun(steps: StepRun[]): JobRun {
  const log = steps
    .filter((s) => !s.skipped)
    .map((s) => `--- ${s.name} (exit ${s.code})\n${s.output}`)
    .join('\n');
  return { passed: steps.every((s) => s.skipped || s.code === 0), steps, log };
}

// ---------------------------------------------------------------------------------------------
// GitHub Actions
// ---------------------------------------------------------------------------------------------

export interface GithubEvent {
  name: 'pull_request' | 'push' | 'workflow_dispatch';
  /** The commit checked out (a pull request: its head, as `actions/checkout` of the head ref). */
  sha: string;
  ref: string;
  payload: Record<string, unknown>;
  inputs?: Record<string, unknown>;
}

interface GithubWorkflow {
  env?: Record<string, string>;
  jobs: Record<string, { if?: string; steps: GithubStep[]; env?: Record<string, string> }>;
}

/** Runs one job of a GitHub Actions workflow for an event; `context` holds vars, secrets and the token. */
export async function runGithubJob(
  workflowText: string,
  jobName: string,
  event: GithubEvent,
  runner: Runner,
  context: { apiUrl: string; repository: string; token: string; vars: Record<string, string>; secrets: Record<string, string> },
): Promise<JobRun> {
  const workflow = parseYaml(workflowText) as GithubWorkflow;
  const job = workflow.jobs[jobName];
  const stepsContext: Record<string, { outputs: Record<string, string>; outcome: string }> = {};
  let failed = false;
  const scope = (env: Record<string, string>) => ({
    github: { event_name: event.name, ref: event.ref, sha: event.sha, token: context.token, event: event.payload, repository: context.repository },
    inputs: event.inputs ?? {},
    vars: context.vars,
    secrets: context.secrets,
    steps: stepsContext,
    env,
  });
  const functions = {
    always: () => true,
    success: () => !failed,
    failure: () => failed,
    hashFiles: (...patterns: unknown[]) => (patterns.some((p) => existsSync(path.join(runner.workspace, String(p)))) ? 'hash' : ''),
  };
  const evaluate = (expression: string, env: Record<string, string>) => evaluateExpression(expression, (p) => pathIn(scope(env), p), functions);
  if (job.if !== undefined && !evaluate(job.if, {})) throw new Error(`job ${jobName} does not run on ${event.name} (if: ${job.if})`);

  runner.checkout(event.sha);
  const githubEnv = path.join(runner.temp, 'github-env');
  writeFileSync(githubEnv, '');
  const workflowEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...workflow.env, ...job.env })) workflowEnv[key] = interpolate(String(value), (e) => evaluate(e, {}));
  const steps: StepRun[] = [];
  for (const [index, step] of job.steps.entries()) {
    const name = step.name ?? step.uses ?? step.run?.split('\n')[0] ?? `step ${index}`;
    const env: Record<string, string> = { ...workflowEnv, ...readGithubFile(githubEnv) };
    const condition = step.if ?? 'success()';
    if (!evaluate(condition.replace(/^\$\{\{\s*|\s*\}\}$/g, ''), env)) {
      steps.push({ name, skipped: true, code: 0, output: '' });
      continue;
    }
    for (const [key, value] of Object.entries(step.env ?? {})) env[key] = interpolate(String(value), (e) => evaluate(e, env));
    const inputs: Record<string, string> = {};
    for (const [key, value] of Object.entries(step.with ?? {})) inputs[key] = interpolate(String(value), (e) => evaluate(e, env));
    let result: ScriptResult;
    if (step.uses !== undefined) {
      result = useAction(step.uses, inputs, runner);
    } else {
      const output = path.join(runner.temp, `github-output-${index}`);
      writeFileSync(output, '');
      result = await runScript(step.run ?? '', runner.workspace, {
        ...runner.env(env),
        GITHUB_ACTIONS: 'true',
        GITHUB_API_URL: context.apiUrl,
        GITHUB_REPOSITORY: context.repository,
        GITHUB_SHA: event.sha,
        GITHUB_REF: event.ref,
        GITHUB_EVENT_NAME: event.name,
        GITHUB_WORKSPACE: runner.workspace,
        GITHUB_ENV: githubEnv,
        GITHUB_OUTPUT: output,
      });
      if (step.id) stepsContext[step.id] = { outputs: readGithubFile(output), outcome: result.code === 0 ? 'success' : 'failure' };
    }
    steps.push({ name, skipped: false, code: result.code, output: `${result.stdout}${result.stderr}` });
    if (result.code !== 0) failed = true;
  }
  return jobRun(steps);
}

/** The actions the templates use: checkout and tool set-up are the runner's; artifacts are copies. */
function useAction(uses: string, inputs: Record<string, string>, runner: Runner): ScriptResult {
  const ok = { code: 0, stdout: '', stderr: '' };
  const action = uses.replace(/@.*$/, '');
  switch (action) {
    case 'actions/checkout':
      return ok; // checked out when the job started
    case 'actions/setup-node':
    case 'hashicorp/setup-terraform':
      return ok; // the runner's node and terraform are on PATH
    case 'actions/upload-artifact':
      runner.upload(
        inputs.name,
        inputs.path
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      );
      return ok;
    case 'actions/download-artifact':
      try {
        runner.download(inputs.name, path.join(runner.workspace, inputs.path));
        return ok;
      } catch (error) {
        return { code: 1, stdout: '', stderr: (error as Error).message };
      }
    default:
      return { code: 1, stdout: '', stderr: `the test runner does not know the action ${uses}` };
  }
}

// ---------------------------------------------------------------------------------------------
// GitLab CI
// ---------------------------------------------------------------------------------------------

interface GitlabJob {
  rules?: Array<{ if?: string; when?: string }>;
  script: Array<string | string[]>;
  before_script?: Array<string | string[]>;
  needs?: string[];
  variables?: Record<string, string>;
  artifacts?: { paths?: string[]; when?: string };
}

/** `$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH`: variables, double-quoted strings, `==`, `!=`, `&&`, `||`. */
function gitlabRule(expression: string, variables: Record<string, string>): boolean {
  const js = expression.replace(/"(?:[^"\\]|\\.)*"|\$(\w+)/g, (token, name: string | undefined) =>
    name === undefined ? token : JSON.stringify(Object.hasOwn(variables, name) ? variables[name] : null),
  );
  // The rules are the template's own; variables were replaced by JSON strings above.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return Boolean(new Function(`return (${js.replace(/==/g, '===').replace(/!===/g, '!==')});`)());
}

/** When the job runs in a pipeline with these variables: `on_success`, `manual`, or undefined (not in the pipeline). */
export function gitlabJobWhen(ciText: string, jobName: string, variables: Record<string, string>): string | undefined {
  const job = (parseYaml(ciText) as Record<string, GitlabJob>)[jobName];
  for (const rule of job.rules ?? [{}]) if (rule.if === undefined || gitlabRule(rule.if, variables)) return rule.when ?? 'on_success';
  return undefined;
}

/**
 * Runs one GitLab job: before_script and script in one `bash -eo pipefail` (as the runner's shell
 * does), after the artifacts of the jobs it needs are copied in; its artifacts are kept under the
 * job's name (`when: always`: also when it failed).
 */
export async function runGitlabJob(ciText: string, jobName: string, sha: string, runner: Runner, variables: Record<string, string>): Promise<JobRun> {
  const ci = parseYaml(ciText) as Record<string, unknown> & { default?: { before_script?: Array<string | string[]> }; variables?: Record<string, string> };
  const job = ci[jobName] as GitlabJob;
  runner.checkout(sha);
  for (const needed of job.needs ?? []) runner.download(`gitlab:${needed}`, runner.workspace);
  const lines = [...(job.before_script ?? ci.default?.before_script ?? []), ...job.script].flat(10);
  const result = await runScript(lines.join('\n'), runner.workspace, runner.env({ ...ci.variables, ...job.variables, ...variables, GITLAB_CI: 'true' }));
  if (job.artifacts?.paths && (result.code === 0 || job.artifacts.when === 'always')) runner.upload(`gitlab:${jobName}`, job.artifacts.paths);
  return jobRun([{ name: jobName, skipped: false, code: result.code, output: `${result.stdout}${result.stderr}` }]);
}
