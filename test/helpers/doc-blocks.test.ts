import path from 'node:path';
import { documentedPages, extractBlocks, pageBlocks } from './doc-blocks';

describe('extractBlocks', () => {
  const page = [
    'Intro',
    '```sh',
    'echo one',
    '```',
    '```ts',
    'const x = 1;',
    '```',
    '<!-- doc-test: skip (needs a token) -->',
    '```bash',
    'curl https://example.com',
    '```',
    '<!-- doc-test: file ci/bootstrap.json -->',
    '',
    '```json',
    '{}',
    '```',
    '<!-- doc-test: skip (only the next block) -->',
    'Some words.',
    '```sh',
    'echo two',
    '```',
    '1. A step:',
    '',
    '   ```sh',
    '   echo three',
    '   ```',
  ].join('\n');

  it('takes shell blocks and blocks marked as files, with their markers and lines', () => {
    expect(extractBlocks('p.md', page)).toEqual([
      { page: 'p.md', line: 2, language: 'sh', code: 'echo one\n' },
      { page: 'p.md', line: 9, language: 'bash', code: 'curl https://example.com\n', skip: 'needs a token' },
      { page: 'p.md', line: 14, language: 'json', code: '{}\n', file: 'ci/bootstrap.json' },
      { page: 'p.md', line: 19, language: 'sh', code: 'echo two\n' },
      { page: 'p.md', line: 24, language: 'sh', code: 'echo three\n' },
    ]);
  });

  it('refuses a marker it does not know, and file paths that leave the page folder', () => {
    expect(() => extractBlocks('p.md', '<!-- doc-test: skip -->\n```sh\nls\n```\n')).toThrow(/p\.md:1: unknown doc-test marker/);
    expect(() => extractBlocks('p.md', '<!-- doc-test: file ../x -->\n```sh\nls\n```\n')).toThrow(/inside the page's folder/);
  });
});

describe('documentedPages', () => {
  // docs.test.ts makes one test per block it finds: a walk that found no page or no block would leave it passing on nothing.
  it('finds the README and every page under docs/, with blocks to run', () => {
    const root = path.resolve(__dirname, '..', '..');
    const pages = documentedPages(root);
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/guide-test-double.md', 'docs/operating.md', 'docs/resources/workspace.md']));
    const runnable = pages.flatMap((page) => pageBlocks(root, page)).filter((block) => block.skip === undefined && block.file === undefined);
    expect(runnable.length).toBeGreaterThanOrEqual(10);
  });
});
