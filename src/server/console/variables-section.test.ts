import { variablesSection } from './variables-section';

const SECRET = 'console-secret-41ab';

const variable = (id: string, attributes: Record<string, unknown>) => ({ id, type: 'vars', attributes: { hcl: false, description: null, ...attributes } });

describe('the variables section', () => {
  it('shows keys, categories and plain values, and never a sensitive value even when handed one', () => {
    const out = variablesSection({
      variables: [
        variable('var-1', { key: 'region', value: 'eu-west-1', category: 'terraform', sensitive: false, description: 'where' }),
        // The API answers null; the page must not render a value it was given anyway.
        variable('var-2', { key: 'DB_PASSWORD', value: SECRET, category: 'env', sensitive: true }),
        variable('var-3', { key: 'cfg', value: '{ a = "<b>" }', category: 'terraform', sensitive: false, hcl: true }),
      ],
      variableTotal: 3,
      sets: [{ id: 'varset-1', type: 'varsets', attributes: { name: 'aws', global: false, priority: true, 'var-count': 2 } }],
      setTotal: 1,
    }).toString();
    expect(out).not.toContain(SECRET);
    expect(out).toContain('<code>DB_PASSWORD</code></td><td><span class="badge sensitive">sensitive</span></td><td>environment</td>');
    expect(out).toContain('<code>eu-west-1</code>');
    expect(out).toContain('{ a = &quot;&lt;b&gt;&quot; }');
    expect(out).toContain('<strong>aws</strong> <span class="chip">priority</span>');
  });

  it('says so when the caller may not read them', () => {
    expect(variablesSection(null).toString()).toContain("You may not read this workspace's variables.");
  });
});
