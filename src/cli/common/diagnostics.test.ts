import { collapseDiagnosticText, formatDiagnostics } from './diagnostics';

describe('formatDiagnostics', () => {
  it('shows a diagnostic repeated for every resource once, naming the resources', () => {
    const unauthorized = (address: string) => ({ severity: 'error', summary: 'Unauthorized', detail: 'the token was refused', address });
    const lines = formatDiagnostics([
      unauthorized('cdkws_workspace.a'),
      unauthorized('cdkws_workspace.b'),
      { severity: 'warning', summary: 'Slow' },
      unauthorized('cdkws_workspace.c'),
    ]);
    expect(lines).toEqual([
      'Error: Unauthorized (3 resources: cdkws_workspace.a, cdkws_workspace.b, cdkws_workspace.c)\n  the token was refused',
      'Warning: Slow',
    ]);
  });

  it('keeps distinct diagnostics apart', () => {
    expect(
      formatDiagnostics([
        { severity: 'error', summary: 'A', address: 'x' },
        { severity: 'error', summary: 'B', address: 'x' },
      ]),
    ).toEqual(['Error: A (x)', 'Error: B (x)']);
  });
});

describe('collapseDiagnosticText', () => {
  const block = (address: string, line: number) =>
    [
      `Error: Unauthorized`,
      '',
      `  with ${address},`,
      `  on cdk.tf.json line ${line}, in resource "cdkws_workspace" "x":`,
      `  ${line}: "name": "x"`,
      '',
      'the token was refused: check CDKWS_TOKEN',
      '',
    ].join('\n');

  it('prints the same error about 30 workspaces once, with how many and which', () => {
    const text = Array.from({ length: 30 }, (_, i) => block(`cdkws_workspace.w${i}`, i + 10)).join('\n');
    const collapsed = collapseDiagnosticText(text);
    expect(collapsed.match(/Error: Unauthorized/g)).toHaveLength(1);
    expect(collapsed).toContain('Error: Unauthorized (30 resources: cdkws_workspace.w0, cdkws_workspace.w1,');
    expect(collapsed).toContain('and 20 more)');
    expect(collapsed).toContain('the token was refused: check CDKWS_TOKEN');
    expect(collapsed.split('\n').length).toBeLessThan(10);
  });

  it('leaves text with distinct errors as it is', () => {
    const text = `Planning failed.\n${block('a', 1)}\nError: something else\n`;
    expect(collapseDiagnosticText(text)).toBe(text);
  });
});
