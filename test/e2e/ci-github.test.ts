// The GitHub Actions workflow that `cdkws init` writes, run step by step as GitHub would (ci-runner.ts):
// a pull request's review plans, posts the summary as one comment (updated on the next push) and
// keeps the saved plan as an artifact; the push of its merge applies that artifact. A pull request
// that removes a workspace gets the approval named at the top of its summary; its deploy refuses
// until the pull request has the label cdkws:approve-destroy.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { describeWith } from '../helpers/requirements';
import { createCiApp, withWorkspace, type CiApp } from './ci-app';
import { ApiReceiver, Runner, git, runGithubJob, type GithubEvent } from './ci-runner';

const MINUTE = 60_000;
jest.setTimeout(10 * MINUTE);

const REPOSITORY = 'acme/workspaces';
const GITHUB_TOKEN = 'ghs-test-token';

describeWith('terraform')('the GitHub Actions workflow of a new app, run step by step', () => {
  const service = useService();
  const receiver = new ApiReceiver();
  let base: string;
  let app: CiApp;
  let runner: Runner;
  let workflow: string;
  const comments = new Map<number, Array<{ id: number; body: string }>>();
  /** The pull requests each merge commit came from, as GitHub's API answers. */
  const merged = new Map<string, { number: number; head: string; labels: string[] }>();
  let nextId = 100;

  const workspace = async (name: string) => (await service.request('GET', `/organizations/${ORG}/workspaces/${name}`)).status;

  beforeAll(async () => {
    base = mkdtempSync(path.join(os.tmpdir(), 'cdkws-ci-github-'));
    receiver
      .route('GET', /^\/repos\/acme\/workspaces\/issues\/(\d+)\/comments\?/, (_r, m) => ({ status: 200, body: comments.get(Number(m[1])) ?? [] }))
      .route('POST', /^\/repos\/acme\/workspaces\/issues\/(\d+)\/comments$/, (r, m) => {
        const comment = { id: (nextId += 1), body: (JSON.parse(r.body) as { body: string }).body };
        comments.set(Number(m[1]), [...(comments.get(Number(m[1])) ?? []), comment]);
        return { status: 201, body: comment };
      })
      .route('PATCH', /^\/repos\/acme\/workspaces\/issues\/comments\/(\d+)$/, (r, m) => {
        const comment = [...comments.values()].flat().find((c) => c.id === Number(m[1]));
        if (!comment) return { status: 404 };
        comment.body = (JSON.parse(r.body) as { body: string }).body;
        return { status: 200, body: comment };
      })
      .route('GET', /^\/repos\/acme\/workspaces\/commits\/(\w+)\/pulls$/, (_r, m) => {
        const pr = merged.get(m[1]);
        const answer = pr
          ? [{ number: pr.number, merged_at: '2026-11-28T12:00:00Z', head: { sha: pr.head }, labels: pr.labels.map((name) => ({ name })) }]
          : [];
        return { status: 200, body: answer };
      })
      .route('GET', /^\/repos\/acme\/workspaces\/actions\/artifacts\?name=([\w-]+)&/, (_r, m) => ({
        status: 200,
        body: { artifacts: runner.artifacts.has(m[1]) ? [{ name: m[1], workflow_run: { id: 4242 } }] : [] },
      }));
    await receiver.start();
    app = await createCiApp(base, { engine: 'cdktf', ci: 'github', name: 'platform-ws' });
    workflow = readFileSync(path.join(app.origin, '.github', 'workflows', 'workspaces.yml'), 'utf8');
    runner = new Runner(base, app.origin, app.name, { npm_config_prefer_offline: 'true' });
  }, 10 * MINUTE);

  afterAll(async () => {
    await receiver.stop();
    if (base) rmSync(base, { recursive: true, force: true });
  });

  const context = () => ({
    apiUrl: receiver.url,
    repository: REPOSITORY,
    token: GITHUB_TOKEN,
    vars: { CDKWS_ADDRESS: service.url },
    secrets: { CDKWS_TOKEN: TOKENS.owner },
  });
  const pullRequest = (number: number, head: string): GithubEvent => ({
    name: 'pull_request',
    sha: head,
    ref: `refs/pull/${number}/merge`,
    payload: { pull_request: { number, head: { sha: head } } },
  });
  const push = (sha: string): GithubEvent => ({ name: 'push', sha, ref: 'refs/heads/main', payload: {} });
  const expectPassed = (job: { passed: boolean; log: string }) => {
    if (!job.passed) throw new Error(`the job failed:\n${job.log.slice(-8000)}`);
  };

  it('reviews a pull request: one comment with the summary, updated on the next push, and the saved plan as the artifact of its head', async () => {
    const first = app.change('team-a', withWorkspace('team-a'));
    expectPassed(await runGithubJob(workflow, 'diff', pullRequest(1, first), runner, context()));
    expect(comments.get(1)).toHaveLength(1);
    expect(comments.get(1)?.[0].body).toMatch(/^<!-- cdkws summary -->\n### cdkws diff: workspaces\n\n\*\*2 to add, 0 to change, 0 to destroy\*\*/);
    // The artifact of that head: the saved plan, the full report and the JSON.
    expect(runner.artifacts.has(`cdkws-plan-${first}`)).toBe(true);

    // A second push to the pull request: the same comment now shows the new plan.
    git(app.origin, 'checkout', '--quiet', 'team-a');
    const main = path.join(app.origin, 'main.ts');
    writeFileSync(main, readFileSync(main, 'utf8').replace("description: 'added in review'", "description: 'team A'"));
    git(app.origin, 'commit', '--quiet', '-am', 'describe team A');
    const second = git(app.origin, 'rev-parse', 'HEAD');
    git(app.origin, 'checkout', '--quiet', 'main');
    expectPassed(await runGithubJob(workflow, 'diff', pullRequest(1, second), runner, context()));
    expect(comments.get(1)).toHaveLength(1);
    expect(comments.get(1)?.[0].body).toContain('`description: "team A"`');
    const requests = receiver.requests.filter((r) => r.path.includes('/issues/'));
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'PATCH']);
    for (const r of requests) expect(r.headers.authorization).toBe(`Bearer ${GITHUB_TOKEN}`);
    expect(await workspace('team-a')).toBe(404); // a review changes nothing
  });

  it('deploys the merge by applying the artifact of the pull request’s head, planning nothing again', async () => {
    const head = git(app.origin, 'rev-parse', 'team-a');
    const merge = app.merge('team-a');
    merged.set(merge, { number: 1, head, labels: [] });
    const deployed = await runGithubJob(workflow, 'deploy', push(merge), runner, context());
    expectPassed(deployed);
    const log = deployed.steps.find((s) => s.name === 'cdkws deploy --plan')?.output ?? '';
    expect(log).not.toContain('Planning workspaces');
    expect(log).toContain('workspaces: deployed: 2 added, 0 changed, 0 destroyed');
    expect(await workspace('team-a')).toBe(200);
    const description = (await service.request('GET', `/organizations/${ORG}/workspaces/team-a`)).body.data.attributes.description;
    expect(description).toBe('team A');
  });

  it('names the approval a removal needs, refuses to deploy it without the label, and deploys it with the label', async () => {
    const head = app.change('retire-team-a', (main) => main.replace(/new Workspace\(stack, 'team-a'[^;]*;\n\n/, ''));
    expectPassed(await runGithubJob(workflow, 'diff', pullRequest(2, head), runner, context()));
    const summary = comments.get(2)?.[0].body ?? '';
    expect(summary.split('\n').slice(0, 4)).toEqual([
      '<!-- cdkws summary -->',
      '> 🛑 **Needs approval: this change destroys 1 workspace of stack workspaces (team-a), with its state.**',
      '>',
      '> To deploy it, add the label `cdkws:approve-destroy` to this pull request (merge request), or run `cdkws deploy --approve-destroy`. Without it the deploy refuses before changing anything.',
    ]);

    const merge = app.merge('retire-team-a');
    merged.set(merge, { number: 2, head, labels: [] });
    const refused = await runGithubJob(workflow, 'deploy', push(merge), runner, context());
    expect(refused.passed).toBe(false);
    const step = refused.steps.find((s) => s.name === 'cdkws deploy --plan');
    expect(step?.code).toBe(1);
    expect(step?.output).toContain(
      'cdkws deploy: this deploy destroys 1 workspace of stack workspaces (team-a), with its state, and was not approved: nothing was applied.',
    );
    expect(await workspace('team-a')).toBe(200);

    merged.set(merge, { number: 2, head, labels: ['cdkws:approve-destroy'] });
    expectPassed(await runGithubJob(workflow, 'deploy', push(merge), runner, context()));
    expect(await workspace('team-a')).toBe(404);
    expect(await workspace('platform-ws')).toBe(200);
  });

  it('refuses to deploy a commit that no reviewed plan belongs to', async () => {
    const direct = app.change('direct', withWorkspace('unreviewed'));
    const result = await runGithubJob(workflow, 'deploy', push(direct), runner, context());
    expect(result.passed).toBe(false);
    expect(result.steps.find((s) => s.name === 'Find the reviewed plan')?.output).toContain(
      `::error::no reviewed plan for commit ${direct} (artifact cdkws-plan-${direct})`,
    );
    expect(await workspace('unreviewed')).toBe(404);
  });
});
