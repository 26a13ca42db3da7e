import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { declaredResourceCount, parseEvent, PlanProgress } from './plan-progress';

describe('plan progress', () => {
  it('counts the resource and data blocks a synthesized stack declares', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cdkws-progress-')), 'cdk.tf.json');
    writeFileSync(
      file,
      JSON.stringify({ resource: { cdkws_workspace: { a: {}, b: {} }, cdkws_tag_binding: { t: {} } }, data: { cdkws_workspaces: { all: {} } } }),
    );
    expect(declaredResourceCount(file)).toBe(4);
  });

  it('moves once per resource reached, whichever event reaches it first', () => {
    const progress = new PlanProgress(3);
    const events = [
      '{"type":"refresh_start","hook":{"resource":{"addr":"cdkws_workspace.a"}}}',
      '{"type":"refresh_complete","hook":{"resource":{"addr":"cdkws_workspace.a"}}}',
      '{"type":"planned_change","change":{"resource":{"addr":"cdkws_workspace.a"}}}',
      '{"type":"planned_change","change":{"resource":{"addr":"cdkws_workspace.b"}}}',
      'not json',
    ].map(parseEvent);
    const moved = events.map((e) => (e ? progress.observe(e) : false));
    expect(moved).toEqual([false, true, false, true, false]);
    expect(progress.text()).toBe('2 of 3');
  });

  it('never shows more reached than declared (count and for_each expand)', () => {
    const progress = new PlanProgress(1);
    for (const addr of ['x[0]', 'x[1]']) progress.observe({ type: 'planned_change', change: { resource: { addr } } });
    expect(progress.text()).toBe('2 of 2');
  });
});
