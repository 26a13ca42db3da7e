// HashiCorp go-tfe's own integration tests (Debian's golang-github-hashicorp-go-tfe-dev, 0.11),
// unchanged, against `cdkws serve --tls`: TestWorkspaces*, TestOrganizations*, TestSSHKeys*,
// TestStateVersions*, TestStateVersionOutputs*, TestVariables*, TestTeams*, TestTeamMembers*,
// TestTeamAccesses*, TestOrganizationMemberships*, TestUsers*, TestOrganizationTokens* and TestTeamTokens*.
// What they assert (error values such as ErrResourceNotFound and ErrWorkspaceLocked, counts,
// pages) is the contract. The service starts from a bootstrap holding only a site administrator,
// as those tests create their own organizations through the API.
//
// The package and its dependencies are copied from Debian's Go tree into a temporary GOPATH and
// tested in GOPATH mode with no module proxy, so nothing is fetched. Every top-level test must
// pass, except those that skip by themselves for the reasons in ALLOWED_SKIPS. Without Go or the
// package the test is skipped, saying why; with CI set it fails instead (test/helpers/requirements.ts).
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServe, stopServe, type ServeProcess } from '../helpers/processes';
import { describeWith, GO_TFE_GOPATH } from '../helpers/requirements';

jest.setTimeout(600_000);

const SOURCE_GOPATH = GO_TFE_GOPATH;
const PACKAGE = path.join('src', 'github.com', 'hashicorp', 'go-tfe');
const TEST_PATTERN =
  '^Test(Workspaces|Organizations|SSHKeys|StateVersions|StateVersionOutputs|Variables|Teams|TeamMembers|TeamAccesses|OrganizationMemberships|Users|OrganizationTokens|TeamTokens)';
const TESTS = new RegExp(TEST_PATTERN);
const SITE_ADMIN_TOKEN = 'go-tfe-suite-site-admin-token';
const STATE_FIXTURE = path.resolve(__dirname, '..', 'fixtures', 'go-tfe', 'state-version', 'terraform.tfstate');

/** Skips go-tfe's tests make by themselves, and why (docs/service.md "go-tfe's own tests"). */
const ALLOWED_SKIPS: ReadonlyArray<{ reason: RegExp; why: string }> = [
  { reason: /Capacity queues are not available in the API/, why: 'capacity and run queue: runs are not part of this service' },
  { reason: /Export a valid GITHUB_TOKEN/, why: 'needs a GitHub OAuth client, which needs a real GitHub token' },
];

interface TopLevelResult {
  outcome: 'PASS' | 'FAIL' | 'SKIP';
  /** The lines the test logged (t.Log, t.Skip, failed assertions), without indentation. */
  messages: string[];
}

/** The top-level tests of `go test -v` output; subtests (indented) count toward their parent. */
function parseGoTestOutput(output: string): Map<string, TopLevelResult> {
  const results = new Map<string, TopLevelResult>();
  const messages = new Map<string, string[]>();
  let current: string | undefined;
  for (const line of output.split('\n')) {
    const run = /^=== RUN\s+(Test[^/\s]+)$/.exec(line);
    if (run) {
      current = run[1];
      if (!messages.has(current)) messages.set(current, []);
      continue;
    }
    const done = /^--- (PASS|FAIL|SKIP): (Test\S+) /.exec(line);
    if (done) {
      results.set(done[2], { outcome: done[1] as TopLevelResult['outcome'], messages: messages.get(done[2]) ?? [] });
      continue;
    }
    if (current && /^\s+\S+_test\.go:\d+: /.test(line)) messages.get(current)!.push(line.trim());
  }
  return results;
}

/** The top-level test functions the files of the package declare that match TESTS. */
function declaredTests(packageDir: string): string[] {
  const names: string[] = [];
  for (const file of readdirSync(packageDir).filter((f) => f.endsWith('_test.go'))) {
    for (const match of readFileSync(path.join(packageDir, file), 'utf8').matchAll(/^func (Test\w+)\(t \*testing\.T\)/gm)) {
      if (TESTS.test(match[1])) names.push(match[1]);
    }
  }
  return names.sort();
}

describeWith('go-tfe')("go-tfe's own suite against cdkws serve --tls", () => {
  let dir: string;
  let server: ServeProcess | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cdkws-go-tfe-suite-'));
    // The whole Debian tree is a few megabytes: go-tfe and everything it imports.
    cpSync(path.join(SOURCE_GOPATH, 'src'), path.join(dir, 'gopath', 'src'), { recursive: true, dereference: true });
    // The state version tests read test-fixtures/state-version/terraform.tfstate, which Debian's
    // package leaves out: ours is a Terraform state of our own, with the lineage those tests post.
    const fixtures = path.join(dir, 'gopath', PACKAGE, 'test-fixtures', 'state-version');
    mkdirSync(fixtures, { recursive: true });
    copyFileSync(STATE_FIXTURE, path.join(fixtures, 'terraform.tfstate'));
    const bootstrap = path.join(dir, 'bootstrap.json');
    writeFileSync(bootstrap, JSON.stringify({ users: [{ username: 'site-admin', 'site-admin': true, tokens: [SITE_ADMIN_TOKEN] }] }));
    server = await spawnServe(['--data', path.join(dir, 'service.db')], ['--tls'], 30_000, bootstrap);
  });
  afterAll(async () => {
    if (server) await stopServe(server, 'SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes every test but those that skip by themselves for the documented reasons', () => {
    const packageDir = path.join(dir, 'gopath', PACKAGE);
    const run = spawnSync('go', ['test', '-run', TEST_PATTERN, '-v', '-count=1', '.'], {
      cwd: packageDir,
      encoding: 'utf8',
      timeout: 540_000,
      maxBuffer: 64 * 1024 * 1024,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        GO111MODULE: 'off',
        GOPATH: path.join(dir, 'gopath'),
        GOCACHE: path.join(dir, 'gocache'),
        GOFLAGS: '',
        GOPROXY: 'off',
        TFE_ADDRESS: `https://localhost:${new URL(server!.url).port}`,
        TFE_TOKEN: SITE_ADMIN_TOKEN,
        SSL_CERT_FILE: path.join(dir, 'tls', 'ca.pem'),
      },
    });
    const output = `${run.stdout}\n${run.stderr}`;
    const results = parseGoTestOutput(output);
    // Every declared test ran and reported, so a crash or a filter that matched less is caught.
    expect([...results.keys()].filter((name) => TESTS.test(name)).sort()).toEqual(declaredTests(packageDir));
    const broken = [...results]
      .filter(([, r]) => r.outcome === 'FAIL' || (r.outcome === 'SKIP' && !ALLOWED_SKIPS.some((s) => r.messages.some((m) => s.reason.test(m)))))
      .map(([name, r]) => `${name}: ${r.outcome}\n  ${r.messages.join('\n  ')}`);
    expect(broken).toEqual([]);
    expect(run.status).toBe(0);
    const passed = [...results.values()].filter((r) => r.outcome === 'PASS').length;
    const skipped = [...results.values()].filter((r) => r.outcome === 'SKIP').length;
    // 24 of workspaces, organizations and SSH keys, 8 of state versions and their outputs, 5 of variables,
    // 24 of teams, team members, team access, organization memberships and users, 3 of organization
    // tokens and 3 of team tokens pass; 4 skip by themselves.
    expect({ passed, skipped }).toEqual({ passed: 67, skipped: 4 });
  });
});
