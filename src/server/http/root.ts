// GET / (and HEAD /): where a person or a script that opens the service's bare address goes next,
// the web console or the API. Fixed text, no storage, no token: as cheap as an answer can be.
import { ERRORS, JSON_API_MEDIA_TYPE } from '../../contract';
import { errorObject } from '../errors';
/** Whether a request target is the service's root (with or without a query). */
export function isServiceRoot(target: string | undefined): boolean {
  return target === '/' || (target !== undefined && target.startsWith('/?'));
}

/** The two places the root points at (fixed paths without markup characters). */
export interface RootLinks {
  console: string;
  api: string;
}

const jsonBody = (links: RootLinks) => `${JSON.stringify({ links })}\n`;
const htmlBody = (links: RootLinks) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cdk-workspaces service</title></head>
<body><h1>cdk-workspaces service</h1>
<ul><li>The web console: <a href="${links.console}">${links.console}</a></li>
<li>The API: ${links.api} (e.g. GET ${links.api}/ping)</li></ul></body></html>
`;

export interface RootAnswer {
  status: number;
  contentType: string;
  body: string;
  headers: Record<string, string>;
}

/** JSON for clients that ask for it (Accept naming json), else a small HTML page. */
export function rootAnswer(method: string | undefined, accept: string | undefined, links: RootLinks): RootAnswer {
  if (method !== 'GET' && method !== 'HEAD') {
    const body = JSON.stringify({ errors: [errorObject(ERRORS.methodNotAllowed, `${String(method).slice(0, 20)} is not supported on /; use GET, HEAD`)] });
    return { status: 405, contentType: JSON_API_MEDIA_TYPE, body, headers: { allow: 'GET, HEAD' } };
  }
  const wantsJson = accept !== undefined && /json/i.test(accept) && !/text\/html/i.test(accept);
  return wantsJson
    ? { status: 200, contentType: 'application/json', body: jsonBody(links), headers: {} }
    : { status: 200, contentType: 'text/html; charset=utf-8', body: htmlBody(links), headers: {} };
}
