// Flat tags: the name rule, the lowercase the service stores, and the add/remove body.
import { declaredFlatTagNameProblem, FLAT_TAG_NAME_MAX_LENGTH, flatTagNameProblem, flatTagsBodySchema, normalizeFlatTagName } from './tag';

describe('flat tag names', () => {
  it('are letters, numbers, ":", "-" and "_", at most 255 characters', () => {
    for (const ok of ['prod', 'team:net', 'cost-center_1', 'x'.repeat(FLAT_TAG_NAME_MAX_LENGTH)])
      expect({ ok, problem: flatTagNameProblem(ok) }).toEqual({ ok, problem: undefined });
    expect(flatTagNameProblem('')).toBe('{} must not be empty');
    expect(flatTagNameProblem('x'.repeat(FLAT_TAG_NAME_MAX_LENGTH + 1))).toBe('{} must be at most 255 characters');
    expect(flatTagNameProblem('a,b')).toBe('{} may contain only letters, numbers, ":", "-" and "_"');
  });
  it('are stored lowercased, so configuration must write them so', () => {
    expect(normalizeFlatTagName('Prod')).toBe('prod');
    expect(declaredFlatTagNameProblem('prod')).toBeUndefined();
    expect(declaredFlatTagNameProblem('Prod')).toContain('("prod")');
    // The name rule comes first: an invalid name is not told to be lowercased.
    expect(declaredFlatTagNameProblem('A B')).toBe('{} may contain only letters, numbers, ":", "-" and "_"');
  });
});

describe('the body that adds or removes flat tags', () => {
  const parse = (data: unknown[]) => flatTagsBodySchema.safeParse({ data });
  it('names each tag by ID or by name', () => {
    expect(
      parse([
        { type: 'tags', id: 'tag-1' },
        { type: 'tags', attributes: { name: 'prod' } },
      ]).success,
    ).toBe(true);
  });
  it('refuses an entry with both or neither, the wrong type, a bad name, and more than 100 entries', () => {
    const messages = (data: unknown[]) => (parse(data).error?.issues ?? []).map((i) => i.message);
    expect(messages([{ type: 'tags', id: 'tag-1', attributes: { name: 'prod' } }])).toEqual(['give either id or attributes.name, not both and not neither']);
    expect(messages([{ type: 'tags' }])).toEqual(['give either id or attributes.name, not both and not neither']);
    expect(messages([{ type: 'tag', id: 'tag-1' }])).toEqual(['type must be "tags"']);
    expect(messages([{ type: 'tags', attributes: { name: 'a b' } }])).toContain('name may contain only letters, numbers, ":", "-" and "_"');
    expect(messages(Array.from({ length: 101 }, (_, i) => ({ type: 'tags', id: `tag-${i}` })))).toEqual(['at most 100 tags per request']);
  });
});
