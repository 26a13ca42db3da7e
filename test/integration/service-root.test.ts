// GET / on the service's bare address: a pointer to the console and the API, with no token.
import { TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';

describe('the service root', () => {
  const service = useService();

  it('points a browser at the console and the API', async () => {
    const res = await fetch(`${service.url}/`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('href="/app"');
    expect(page).toContain('/api/v2');
  });

  it('answers JSON to a client that asks for it, and the links lead to live pages', async () => {
    const res = await fetch(`${service.url}/`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    const { links } = (await res.json()) as { links: { console: string; api: string } };
    expect(links).toEqual({ console: '/app', api: '/api/v2' });
    expect((await fetch(`${service.url}${links.api}/ping`, { headers: { authorization: `Bearer ${TOKENS.owner}` } })).status).toBe(204);
    expect((await fetch(`${service.url}${links.console}`, { redirect: 'manual' })).status).toBe(303); // to the sign-in page
  });

  it('refuses other methods with a JSON:API error object', async () => {
    const res = await fetch(`${service.url}/`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    const body = (await res.json()) as { errors: Array<{ status: string; code: string }> };
    expect(body.errors[0]).toMatchObject({ status: '405', code: 'method-not-allowed' });
  });
});
