// The shell blocks of README.md and docs/**/*.md, as the doc test runs them (docs/doc-tests.md).
// A block may be preceded by one marker comment:
//   <!-- doc-test: skip (reason) -->   not run; the test lists it as skipped, with the reason
//   <!-- doc-test: file PATH -->       any block: written to PATH (in the page's folder), not run
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Fence languages that are run as shell commands. */
export const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell']);

export interface DocBlock {
  /** The page, relative to the repository root. */
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  code: string;
  /** Why the block is not run (skip marker). */
  skip?: string;
  /** Where the block's text is written instead of being run (file marker). */
  file?: string;
}

// Fences may be indented (inside a list item); the indentation is taken off the block's lines.
const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/;
const MARKER = /^<!--\s*doc-test:\s*(.*?)\s*-->$/;

/** Parses one marker's directive; throws on anything else, so a typo never silently runs a block. */
function directive(text: string, where: string): Pick<DocBlock, 'skip' | 'file'> {
  const skip = /^skip\s*\((.+)\)$/.exec(text);
  if (skip) return { skip: skip[1].trim() };
  const file = /^file\s+(\S+)$/.exec(text);
  if (file) {
    if (path.isAbsolute(file[1]) || file[1].split(/[\\/]/).includes('..')) throw new Error(`${where}: a doc-test file path stays inside the page's folder`);
    return { file: file[1] };
  }
  throw new Error(`${where}: unknown doc-test marker "${text}": use "skip (reason)" or "file PATH"`);
}

/** The blocks of one page's text that the doc test handles: shell blocks, and blocks marked as files. */
export function extractBlocks(page: string, text: string): DocBlock[] {
  const lines = text.split(/\r?\n/);
  const blocks: DocBlock[] = [];
  let marker: { text: string; line: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const trimmed = lines[i].trim();
    const isMarker = MARKER.exec(trimmed);
    if (isMarker) {
      marker = { text: isMarker[1], line: i + 1 };
      continue;
    }
    const fence = FENCE.exec(lines[i]);
    if (!fence) {
      if (trimmed !== '') marker = undefined; // a marker belongs to the block right below it
      continue;
    }
    const [, indent, marks] = fence;
    const close = lines.findIndex((l, j) => j > i && l.trim().startsWith(marks) && l.trim().replace(/[`~]/g, '') === '');
    const end = close < 0 ? lines.length : close;
    const language = fence[3].toLowerCase();
    const directives = marker ? directive(marker.text, `${page}:${marker.line}`) : {};
    if (SHELL_LANGUAGES.has(language) || directives.file !== undefined) {
      blocks.push({
        page,
        line: i + 1,
        language,
        code: `${lines
          .slice(i + 1, end)
          .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
          .join('\n')}\n`,
        ...directives,
      });
    }
    marker = undefined;
    i = end;
  }
  return blocks;
}

/** README.md and every page under docs/, in a stable order. */
export function documentedPages(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return walk(rel);
      return entry.name.endsWith('.md') ? [rel] : [];
    });
  return ['README.md', ...walk('docs').sort()];
}

export function pageBlocks(root: string, page: string): DocBlock[] {
  return extractBlocks(page, readFileSync(path.join(root, page), 'utf8'));
}
