import { renderMarkdown } from './markdown';

const render = (source: string) => renderMarkdown(source).toString();

describe('change-request markdown', () => {
  it('renders markdown', () => {
    expect(render('**bold** and `code`')).toBe('<p><strong>bold</strong> and <code>code</code></p>\n');
  });

  it('shows raw HTML as text', () => {
    const out = render('<script>alert(1)</script>\n\nhi <img src=x onerror=alert(1)>');
    expect(out).not.toMatch(/<script|<img/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('gives links rel="noopener" and drops javascript: URLs', () => {
    expect(render('[docs](https://example.com/x)')).toBe('<p><a href="https://example.com/x" rel="noopener noreferrer nofollow">docs</a></p>\n');
    expect(render('[x](javascript:alert(1))')).not.toContain('href="javascript');
    expect(render('see https://example.com')).toContain('rel="noopener noreferrer nofollow"');
  });

  it('shows images as links, so a message cannot make the browser fetch them', () => {
    const out = render('![chart](https://example.com/c.png)');
    expect(out).not.toContain('<img');
    expect(out).toContain('<a href="https://example.com/c.png" rel="noopener noreferrer nofollow">chart</a>');
  });
});
