// Users' own tokens (issue 23 "tokens that can be revoked"): the hosted service's user-token
// endpoints. Only the user sees and changes their tokens; the value is answered once, on create;
// a deleted token, and a console session signed in with it, end at once in this process.
import { authenticationTokenDocumentSchema, authenticationTokenListDocumentSchema } from '../../src/contract';
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { getPage, signIn } from '../e2e/console-support';

const service = useService();
const ALICE = 'user-alice';
const tokensOf = (userId: string, token: string = TOKENS.owner) => service.request('GET', `/users/${userId}/authentication-tokens`, { token });
const createToken = (attributes: Record<string, unknown> = {}, userId = ALICE, token: string = TOKENS.owner) =>
  service.request('POST', `/users/${userId}/authentication-tokens`, { token, body: { data: { type: 'authentication-tokens', attributes } } });
const whoAmI = (token: string) => service.request('GET', '/account/details', { token });

describe('user tokens', () => {
  it('lists the user own tokens, bootstrap ones included, never with their values', async () => {
    const list = await tokensOf(ALICE);
    expect(list.status).toBe(200);
    const parsed = authenticationTokenListDocumentSchema.parse(list.body);
    expect(parsed.data.length).toBeGreaterThanOrEqual(1);
    for (const token of parsed.data) {
      expect(token.id).toMatch(/^at-/);
      expect(token.attributes.token).toBeNull();
      expect(token.relationships?.['created-by'].data).toEqual({ id: ALICE, type: 'users' });
    }
    expect(list.text).not.toContain(TOKENS.owner);
  });

  it('shows another user, an organization token and the user alike nothing of someone else tokens', async () => {
    expect((await tokensOf(ALICE, TOKENS.admin)).body).toEqual({ data: [] });
    expect((await tokensOf(ALICE, TOKENS.org)).body).toEqual({ data: [] });
    const ownId = (await tokensOf(ALICE)).body.data[0].id;
    expect((await service.request('GET', `/authentication-tokens/${ownId}`, { token: TOKENS.admin })).status).toBe(404);
    expect((await service.request('DELETE', `/authentication-tokens/${ownId}`, { token: TOKENS.admin })).status).toBe(404);
    expect((await createToken({}, ALICE, TOKENS.admin)).status).toBe(404);
    expect((await whoAmI(TOKENS.owner)).status).toBe(200);
  });

  it('creates a token that signs in as the user, answering its value only once', async () => {
    const created = await createToken({ description: 'ci pipeline' });
    expect(created.status).toBe(201);
    const document = authenticationTokenDocumentSchema.parse(created.body);
    const value = document.data.attributes.token!;
    expect(value.length).toBeGreaterThan(40);
    expect(document.data.attributes.description).toBe('ci pipeline');
    expect((await whoAmI(value)).body.data.id).toBe(ALICE);
    const shown = await service.request('GET', `/authentication-tokens/${document.data.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes.token).toBeNull();
    expect(shown.body.data.attributes.description).toBe('ci pipeline');
    expect((await tokensOf(ALICE)).text).not.toContain(value);
  });

  it('refuses bad create documents with 422 naming the member', async () => {
    const tooLong = await createToken({ description: 'x'.repeat(256) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors[0].source.pointer).toBe('/data/attributes/description');
    const badTime = await createToken({ 'expired-at': 'tomorrow' });
    expect(badTime.status).toBe(422);
    expect(badTime.body.errors[0].source.pointer).toBe('/data/attributes/expired-at');
    expect((await service.request('POST', `/users/${ALICE}/authentication-tokens`, { body: [] })).status).toBe(422);
  });

  it('refuses 422 a token whose expired-at has already passed (issue 37)', async () => {
    const past = await createToken({ 'expired-at': new Date(Date.now() - 1000).toISOString() });
    expect(past.status).toBe(422);
    expect(past.body.errors[0].source.pointer).toBe('/data/attributes/expired-at');
  });

  it('does not sign in with a token past its expired-at', async () => {
    const created = await createToken({ 'expired-at': new Date(Date.now() + 800).toISOString() });
    expect(created.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await whoAmI(created.body.data.attributes.token)).status).toBe(401);
  });

  it('revokes a token for good: the API and the console sessions signed in with it end at once', async () => {
    const created = await createToken({ description: 'to revoke' });
    const value = created.body.data.attributes.token;
    const cookie = await signIn(service, value);
    expect((await getPage(service, `/app/${ORG}/workspaces`, cookie)).status).toBe(200);
    const revoked = await service.request('DELETE', `/authentication-tokens/${created.body.data.id}`, { token: value });
    expect(revoked.status).toBe(204);
    expect((await whoAmI(value)).status).toBe(401);
    expect((await getPage(service, `/app/${ORG}/workspaces`, cookie)).status).toBe(303);
    expect((await service.request('GET', `/authentication-tokens/${created.body.data.id}`)).status).toBe(404);
    expect((await service.request('DELETE', `/authentication-tokens/${created.body.data.id}`)).status).toBe(404);
  });

  it('revokes a token from the bootstrap file, which stays revoked', async () => {
    const spare = (await createToken({ description: 'spare' }, 'user-dave', TOKENS.reader)).body.data.attributes.token;
    const bootstrapToken = (await tokensOf('user-dave', TOKENS.reader)).body.data.find((t: any) => t.attributes['created-at'] === null);
    expect(bootstrapToken).toBeDefined();
    expect((await service.request('DELETE', `/authentication-tokens/${bootstrapToken.id}`, { token: spare })).status).toBe(204);
    expect((await whoAmI(TOKENS.reader)).status).toBe(401);
    expect((await whoAmI(spare)).status).toBe(200);
  });
});
