// The GitLab CI file that `cdkws init --ci gitlab` writes (here for a CDK Terrain app), run job by
// job as GitLab would (ci-runner.ts): a merge request pipeline plans and posts the summary as one
// merge request note through the API with the project token; the default branch's pipeline plans
// the merged commit, posts that plan on its merge request, and its manual deploy job applies exactly
// that plan (the plan job's artifact). A removal of workspaces is refused until it is approved (here
// with the label on the merge request; the other approval, the variable CDKWS_APPROVE_DESTROY=true
// of the manual job, is left out to keep the jobs few).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { describeWith } from '../helpers/requirements';
import { createCiApp, withWorkspace, type CiApp } from './ci-app';
import { ApiReceiver, Runner, gitlabJobWhen, runGitlabJob } from './ci-runner';

const MINUTE = 60_000;
jest.setTimeout(10 * MINUTE);

const PROJECT_TOKEN = 'glpat-test-token';

describeWith('terraform')('the GitLab CI file of a new cdktn app, run job by job', () => {
  const service = useService();
  const receiver = new ApiReceiver();
  let base: string;
  let app: CiApp;
  let runner: Runner;
  let ci: string;
  const notes = new Map<number, Array<{ id: number; body: string }>>();
  /** The merge request each merge commit came from, as GitLab's API answers. */
  const mergedBy = new Map<string, { iid: number; labels: string[] }>();
  let nextId = 500;

  const workspace = async (name: string) => (await service.request('GET', `/organizations/${ORG}/workspaces/${name}`)).status;

  beforeAll(async () => {
    base = mkdtempSync(path.join(os.tmpdir(), 'cdkws-ci-gitlab-'));
    receiver
      .route('GET', /^\/api\/v4\/projects\/7\/merge_requests\/(\d+)\/notes\?/, (_r, m) => ({
        status: 200,
        body: [...(notes.get(Number(m[1])) ?? [])].reverse(),
      }))
      .route('POST', /^\/api\/v4\/projects\/7\/merge_requests\/(\d+)\/notes$/, (r, m) => {
        const note = { id: (nextId += 1), body: (JSON.parse(r.body) as { body: string }).body };
        notes.set(Number(m[1]), [...(notes.get(Number(m[1])) ?? []), note]);
        return { status: 201, body: note };
      })
      .route('PUT', /^\/api\/v4\/projects\/7\/merge_requests\/(\d+)\/notes\/(\d+)$/, (r, m) => {
        const note = notes.get(Number(m[1]))?.find((n) => n.id === Number(m[2]));
        if (!note) return { status: 404 };
        note.body = (JSON.parse(r.body) as { body: string }).body;
        return { status: 200, body: note };
      })
      .route('GET', /^\/api\/v4\/projects\/7\/repository\/commits\/(\w+)\/merge_requests$/, (_r, m) => {
        const mr = mergedBy.get(m[1]);
        return { status: 200, body: mr ? [{ iid: mr.iid, state: 'merged', labels: mr.labels }] : [] };
      });
    await receiver.start();
    app = await createCiApp(base, { engine: 'cdktn', ci: 'gitlab', name: 'platform-ws' });
    ci = readFileSync(path.join(app.origin, '.gitlab-ci.yml'), 'utf8');
    runner = new Runner(base, app.origin, app.name, { npm_config_prefer_offline: 'true' });
  }, 10 * MINUTE);

  afterAll(async () => {
    await receiver.stop();
    if (base) rmSync(base, { recursive: true, force: true });
  });

  /** The variables GitLab sets, faked; the project's CI/CD variables; `extra` as a person running a manual job sets them. */
  const variables = (sha: string, source: 'merge_request_event' | 'push', extra: Record<string, string> = {}) => ({
    CI: 'true',
    CI_API_V4_URL: `${receiver.url}/api/v4`,
    CI_PROJECT_ID: '7',
    CI_COMMIT_SHA: sha,
    CI_COMMIT_SHORT_SHA: sha.slice(0, 8),
    CI_DEFAULT_BRANCH: 'main',
    CI_PIPELINE_SOURCE: source,
    CI_PIPELINE_URL: 'https://gitlab.example.com/acme/workspaces/-/pipelines/1',
    CI_JOB_TOKEN: 'job-token',
    ...(source === 'push' ? { CI_COMMIT_BRANCH: 'main', CI_COMMIT_REF_SLUG: 'main' } : { CI_COMMIT_REF_SLUG: 'mr' }),
    CDKWS_ADDRESS: service.url,
    CDKWS_TOKEN: TOKENS.owner,
    CDKWS_GITLAB_TOKEN: PROJECT_TOKEN,
    ...extra,
  });
  const expectPassed = (job: { passed: boolean; log: string }) => {
    if (!job.passed) throw new Error(`the job failed:\n${job.log.slice(-8000)}`);
  };

  it('plans a merge request and posts its summary as one note through the API, with the project token', async () => {
    const head = app.change('team-a', withWorkspace('team-a'));
    const mr = { ...variables(head, 'merge_request_event'), CI_MERGE_REQUEST_IID: '3' };
    expect(gitlabJobWhen(ci, 'plan', mr)).toBe('on_success');
    expect(gitlabJobWhen(ci, 'deploy', mr)).toBeUndefined();
    expectPassed(await runGitlabJob(ci, 'plan', head, runner, mr));
    expect(notes.get(3)).toHaveLength(1);
    expect(notes.get(3)?.[0].body).toMatch(/^<!-- cdkws summary review -->\n### Plan of the merge request\n\n### cdkws diff: workspaces\n\n\*\*2 to add/);
    // A second pipeline of the same merge request updates that note.
    expectPassed(await runGitlabJob(ci, 'plan', head, runner, mr));
    expect(notes.get(3)).toHaveLength(1);
    const calls = receiver.requests.filter((r) => r.path.includes('/merge_requests/3/notes'));
    expect(calls.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'PUT']);
    for (const r of calls) expect(r.headers['private-token']).toBe(PROJECT_TOKEN);
    expect(await workspace('team-a')).toBe(404);
  });

  it('plans the merged commit on the default branch, posts that plan on its merge request, and the manual deploy applies exactly it', async () => {
    const merge = app.merge('team-a');
    mergedBy.set(merge, { iid: 3, labels: [] });
    const main = variables(merge, 'push');
    expect(gitlabJobWhen(ci, 'plan', main)).toBe('on_success');
    expect(gitlabJobWhen(ci, 'deploy', main)).toBe('manual');
    expectPassed(await runGitlabJob(ci, 'plan', merge, runner, main));
    const posted = notes.get(3)?.find((n) => n.body.startsWith(`<!-- cdkws summary deploy ${merge} -->`));
    expect(posted?.body).toContain(`### Plan to deploy (commit ${merge.slice(0, 8)}): the manual job of pipeline`);
    const deployed = await runGitlabJob(ci, 'deploy', merge, runner, main);
    expectPassed(deployed);
    expect(deployed.log).not.toContain('Planning workspaces');
    expect(deployed.log).toContain('workspaces: deployed: 2 added, 0 changed, 0 destroyed');
    expect(await workspace('team-a')).toBe(200);
  });

  it('refuses a removal without approval (CDKWS_APPROVE_DESTROY=false is none), and applies it once its merge request has the label', async () => {
    app.change('retire-team-a', (source) => source.replace(/new Workspace\(stack, 'team-a'[^;]*;\n\n/, ''));
    const merge = app.merge('retire-team-a');
    mergedBy.set(merge, { iid: 4, labels: [] });
    const main = variables(merge, 'push');
    expectPassed(await runGitlabJob(ci, 'plan', merge, runner, main));
    expect(notes.get(4)?.[0].body).toContain('> 🛑 **Needs approval: this change destroys 1 workspace of stack workspaces (team-a), with its state.**');
    const refused = await runGitlabJob(ci, 'deploy', merge, runner, { ...main, CDKWS_APPROVE_DESTROY: 'false' });
    expect(refused.passed).toBe(false);
    expect(refused.log).toContain(
      'cdkws deploy: this deploy destroys 1 workspace of stack workspaces (team-a), with its state, and was not approved: nothing was applied.',
    );
    expect(await workspace('team-a')).toBe(200);
    // Someone adds the label to the merged merge request and runs the manual job again.
    mergedBy.set(merge, { iid: 4, labels: ['cdkws:approve-destroy'] });
    expectPassed(await runGitlabJob(ci, 'deploy', merge, runner, main));
    expect(await workspace('team-a')).toBe(404);
    expect(await workspace('platform-ws')).toBe(200);
  });
});
