// JSON:API pieces shared by the service and the client: page parameters and error documents.
import { DEFAULT_PAGE_SIZE, errorDocumentSchema, MAX_PAGE_SIZE, pageQuerySchema, relationshipSchema } from './jsonapi';

describe('page parameters', () => {
  it('default to the first page of 20', () => {
    expect(pageQuerySchema.parse({})).toEqual({ number: 1, size: DEFAULT_PAGE_SIZE });
  });
  it('are read from query strings', () => {
    expect(pageQuerySchema.parse({ number: '3', size: '50' })).toEqual({ number: 3, size: 50 });
  });
  it('refuse a size above 100, a page below 1 and fractions', () => {
    for (const query of [{ size: String(MAX_PAGE_SIZE + 1) }, { size: '0' }, { number: '0' }, { number: '1.5' }, { number: 'two' }]) {
      expect({ query, ok: pageQuerySchema.safeParse(query).success }).toEqual({ query, ok: false });
    }
    expect(pageQuerySchema.parse({ size: String(MAX_PAGE_SIZE) }).size).toBe(MAX_PAGE_SIZE);
  });
});

describe('error documents', () => {
  it('accept the status as the hosted service sends it (a string) and as a number, and keep our code', () => {
    const parsed = errorDocumentSchema.parse({
      errors: [
        { status: '422', title: 'invalid', source: { pointer: '/data/attributes/name' }, code: 'invalid-attribute' },
        { status: 429, detail: 'slow down' },
      ],
    });
    expect(parsed.errors.map((e) => [e.status, e.code])).toEqual([
      ['422', 'invalid-attribute'],
      [429, undefined],
    ]);
  });
  it('keep members they do not name', () => {
    expect(errorDocumentSchema.parse({ errors: [], jsonapi: { version: '1.0' } })).toHaveProperty('jsonapi');
  });
  it('need an errors list', () => {
    expect(errorDocumentSchema.safeParse({ data: {} }).success).toBe(false);
  });
});

describe('relationships', () => {
  it('hold one identifier, a list of them, or null', () => {
    for (const data of [{ id: 'prj-1', type: 'projects' }, [{ id: 'tag-1', type: 'tags' }], null])
      expect(relationshipSchema.safeParse({ data }).success).toBe(true);
    expect(relationshipSchema.safeParse({ data: { id: 'prj-1' } }).success).toBe(false);
  });
});
