import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { POLICY_REPORT_FILE } from '../../contract/policy-report';
import { readPolicyReports } from './policy-check';
import { renderPolicyText } from './plan-report';

describe('readPolicyReports', () => {
  let outdir: string;
  const write = (stack: string, content: string) => {
    mkdirSync(path.join(outdir, 'stacks', stack), { recursive: true });
    writeFileSync(path.join(outdir, 'stacks', stack, POLICY_REPORT_FILE), content);
  };
  beforeEach(() => (outdir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-policy-'))));
  afterEach(() => rmSync(outdir, { recursive: true, force: true }));

  it('reads the report of each checked stack, in stack order', () => {
    const finding = { path: 'b/ws', ruleId: 'r', severity: 'warning', attribute: 'name', message: 'm', fix: 'f' };
    write('b', JSON.stringify({ version: 1, stack: 'b', findings: [finding], suppressions: [] }));
    write('a', JSON.stringify({ version: 1, stack: 'a', findings: [], suppressions: [{ path: 'a', ruleId: 'r', reason: 'why', suppressed: 0 }] }));
    mkdirSync(path.join(outdir, 'stacks', 'unchecked'));
    const reports = readPolicyReports(outdir);
    expect(reports.map((r) => r.stack)).toEqual(['a', 'b']);
    expect(renderPolicyText(reports, { color: false })).toBe('Policy warning: b/ws: r: name: m; fix: f\nPolicy suppressed: r on a (0 findings): why\n');
  });

  it('refuses a report it does not understand, saying what to do', () => {
    write('a', JSON.stringify({ version: 2, stack: 'a', findings: [], suppressions: [] }));
    expect(() => readPolicyReports(outdir)).toThrow(/cdkws-policy\.json is not a policy report this cdkws understands .*: update cdk-workspaces in the app/);
    write('a', '{');
    expect(() => readPolicyReports(outdir)).toThrow(/is not valid JSON: .*; run synth again/);
  });

  it('finds nothing before the first synth', () => {
    expect(readPolicyReports(path.join(outdir, 'missing'))).toEqual([]);
  });
});
