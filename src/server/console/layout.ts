// The page frame and the small pieces every page shares.
import { html, type SafeHtml } from './html';
import type { Session } from './session';

export interface Crumb {
  label: string;
  href?: string;
}

export function describeCaller(session: Session): string {
  const caller = session.caller;
  if (caller.kind === 'user') return caller.username;
  if (caller.kind === 'organization-token') return `organization token of ${caller.organization}`;
  if (caller.kind === 'team-token') return `team token of ${caller.teamId}`;
  return 'emulator';
}

export function page(options: { title: string; session?: Session | null; crumbs?: Crumb[]; body: SafeHtml }): SafeHtml {
  const { title, session, crumbs = [], body } = options;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · cdkws console</title>
<link rel="stylesheet" href="/app/console.css">
</head>
<body>
<header class="top">
  <a class="brand" href="/app">cdkws console</a>
  <nav aria-label="breadcrumbs">${crumbs.map((c, i) => html`${i > 0 ? ' / ' : ''}${c.href ? html`<a href="${c.href}">${c.label}</a>` : c.label}`)}</nav>
  ${
    session
      ? html`<div class="who"><span>Signed in as <strong data-testid="who">${describeCaller(session)}</strong></span>
    <form method="post" action="/app/logout"><input type="hidden" name="csrf" value="${session.csrf}"><button type="submit">Sign out</button></form></div>`
      : null
  }
</header>
<main>
${body}
</main>
</body>
</html>
`;
}

/** An ISO timestamp as a short UTC time, machine-readable in `datetime`. */
export function when(iso: unknown): SafeHtml {
  if (typeof iso !== 'string' || iso === '') return html`<span class="muted">—</span>`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return html`${iso}`;
  const text = `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return html`<time datetime="${iso}" class="nowrap">${text}</time>`;
}

export function dash(value: unknown): SafeHtml {
  if (value === null || value === undefined || value === '') return html`<span class="muted">—</span>`;
  if (typeof value === 'boolean') return html`${value ? 'yes' : 'no'}`;
  if (Array.isArray(value)) return value.length === 0 ? html`<span class="muted">none</span>` : html`${value.join(', ')}`;
  // Attribute values are JSON: a number prints as it does in the API's document, an object as JSON.
  return html`${typeof value === 'string' ? value : JSON.stringify(value)}`;
}

export function errorPage(status: number, title: string, detail: string, session: Session | null, back?: Crumb): SafeHtml {
  return page({
    title,
    session,
    body: html`<div class="card"><h1>${title}</h1><p class="sub" data-testid="error-detail">${detail}</p>
    ${back?.href ? html`<p><a href="${back.href}">${back.label}</a></p>` : html`<p><a href="/app">Back to your organizations</a></p>`}
    <p class="muted">HTTP ${status}</p></div>`,
  });
}

export const NOT_FOUND_DETAIL = 'This page does not exist, or you are not allowed to see it.';
