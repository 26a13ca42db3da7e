import { ApplyProgress, parseEvent, PlanProgress } from './plan-progress';

describe('plan progress', () => {
  it('moves once per resource reached, whichever event reaches it first, and claims no total Terraform did not tell', () => {
    const progress = new PlanProgress();
    const events = [
      '{"type":"refresh_start","hook":{"resource":{"addr":"cdkws_workspace.a"}}}',
      '{"type":"refresh_complete","hook":{"resource":{"addr":"cdkws_workspace.a"}}}',
      '{"type":"planned_change","change":{"resource":{"addr":"cdkws_workspace.a"}}}',
      '{"type":"planned_change","change":{"resource":{"addr":"cdkws_workspace.b"}}}',
      'not json',
    ].map(parseEvent);
    const moved = events.map((e) => (e ? progress.observe(e) : false));
    expect(moved).toEqual([false, true, false, true, false]);
    expect(progress.text()).toBe('2 resources planned');
  });
});

describe('apply progress', () => {
  const complete = { type: 'apply_complete', hook: { resource: { addr: 'cdkws_workspace.a' } } };

  it('counts "N of M" over the changes Terraform planned, a replacement being two (destroy, then create)', () => {
    const progress = new ApplyProgress({ import: 0, add: 2, change: 1, destroy: 1 });
    expect(progress.text()).toBe('0 of 4 changes');
    progress.observe(complete);
    progress.observe({ type: 'apply_start', hook: complete.hook });
    progress.observe(complete);
    expect(progress.text()).toBe('2 of 4 changes');
  });

  it('counts imports apart: Terraform read them while planning, so an import-only apply has nothing left to count up', () => {
    expect(new ApplyProgress({ import: 62, add: 0, change: 0, destroy: 0 }).text()).toBe('62 imported');
    expect(new ApplyProgress({ import: 2, add: 1, change: 0, destroy: 0 }).text()).toBe('0 of 1 changes, 2 imported');
  });
});
