import { withProgress, type Output } from './output';

function recorder(tty: boolean): Output & { text: () => string } {
  let err = '';
  return { tty, color: false, out: () => undefined, err: (t) => (err += t), text: () => err };
}

describe('withProgress', () => {
  it('off a terminal prints plain lines: the start, each note, and ✔ at the end', async () => {
    const output = recorder(false);
    await withProgress(output, 'Deploying platform', async (note, progress) => {
      progress.status('1 of 2');
      note('  [1 of 2] cdkws_workspace.a: Creation complete');
      progress.status('2 of 2');
    });
    expect(output.text()).toMatch(
      /^Deploying platform\.\.\.\n {2}\[1 of 2\] cdkws_workspace\.a: Creation complete\n✔ Deploying platform \(2 of 2\) \(\d+\.\ds\)\n$/,
    );
    expect(output.text()).not.toContain('\u001b');
  });

  it('ends a failed step with ✘ and "failed", never ✔', async () => {
    const output = recorder(false);
    await expect(withProgress(output, 'Destroying platform', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(output.text()).toContain('✘ Destroying platform failed');
    expect(output.text()).not.toContain('✔');
  });

  it('on a terminal shows "N of M" beside the spinner', async () => {
    const output = recorder(true);
    await withProgress(output, 'Deploying platform', async (_note, progress) => {
      progress.status('3 of 20');
      await new Promise((resolve) => setTimeout(resolve, 150));
    });
    expect(output.text()).toContain('Deploying platform 3 of 20');
    expect(output.text()).toContain('✔ Deploying platform (3 of 20)');
  });
});
