// End to end: `npm run demo` (scripts/demo.js) as a new user runs it. It shows the plan once, as the
// pull-request summary with one row per workspace; the diff's and the deploy's own terminal
// summaries of the same plan are not printed again.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../helpers/processes';
import { describeWith } from '../helpers/requirements';

const describeWithTerraform = describeWith('terraform');

function demo(): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, CHECKPOINT_DISABLE: '1', NO_COLOR: '1' };
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(ROOT, 'scripts', 'demo.js')], { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describeWithTerraform('npm run demo', () => {
  it('prints the plan once, by workspace, and the deploy and second diff after it', async () => {
    const { code, stdout, stderr } = await demo();
    if (code !== 0) throw new Error(`the demo exited ${code}:\n${stderr.slice(-4000)}`);
    const count = (text: string) => stdout.split(text).length - 1;
    expect(count('### cdkws diff: platform')).toBe(1);
    expect(count('20 to add, 0 to change, 0 to destroy')).toBe(1);
    // Once: the diff's terminal summary is not repeated, nor the deploy's.
    expect(stdout).not.toContain('+ workspace networking-prod');
    expect(count('| 🟢 | networking-prod |')).toBe(1);
    expect(stdout).toContain('| 🟢 | networking-prod | ');
    expect(stdout).toContain("(Terraform's own plan follows in plan.md, collapsed.)");
    expect(stdout).toContain('✔ platform: deployed: 20 added, 0 changed, 0 destroyed');
    expect(stdout).toContain('Stack platform: no changes. The workspaces match the configuration.');
    expect(stdout.split('\n').length).toBeLessThan(80);
  }, 300_000);
});
