import { escapeHtml, html, trustedHtml } from './html';

describe('html template', () => {
  it('escapes every interpolated string, in text and in attributes', () => {
    const name = `<img src=x onerror="alert('x')">&\``;
    const out = html`<p title="${name}">${name}</p>`.toString();
    expect(out).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;&#96;">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;&#96;</p>',
    );
    expect(out).not.toContain('<img');
  });

  it('keeps nested templates as markup and escapes the strings inside them', () => {
    const items = ['<a>', 'b&c'];
    expect(html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`.toString()).toBe('<ul><li>&lt;a&gt;</li><li>b&amp;c</li></ul>');
  });

  it('renders null, undefined and false as nothing, numbers and true as text', () => {
    expect(html`${null}${undefined}${false}|${0}|${true}`.toString()).toBe('|0|true');
  });

  it('passes only markup marked trusted through unchanged', () => {
    expect(html`${trustedHtml('<em>x</em>')}`.toString()).toBe('<em>x</em>');
    expect(html`${'<em>x</em>'}`.toString()).toBe('&lt;em&gt;x&lt;/em&gt;');
    expect(escapeHtml('"\'')).toBe('&quot;&#39;');
  });
});
