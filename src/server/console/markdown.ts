// Change-request messages are markdown written by whoever called the explorer bulk action, so they
// are rendered by markdown-it with raw HTML off (`<script>` stays text) and its default link
// validation (no javascript:, vbscript:, file: or non-image data: URLs). Links open with
// rel="noopener noreferrer nofollow" so a linked page can neither reach nor learn the console.
import MarkdownIt from 'markdown-it';
import { type SafeHtml, trustedHtml } from './html';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// Images would make the reader's browser fetch third-party URLs; they are shown as links instead.
md.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx];
  const src = String(token.attrGet('src') ?? '');
  const alt = token.children?.map((c) => c.content).join('') || src;
  return `<a href="${md.utils.escapeHtml(src)}" rel="noopener noreferrer nofollow">${md.utils.escapeHtml(String(alt))}</a>`;
};

export function renderMarkdown(source: string): SafeHtml {
  return trustedHtml(md.render(source));
}
