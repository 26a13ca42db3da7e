// Key-value tag bindings: the key and value rules, the limit per workspace, and the request entry.
import {
  TAG_BINDING_KEY_MAX_LENGTH,
  TAG_BINDING_VALUE_MAX_LENGTH,
  TAG_BINDINGS_MAX_DIRECT,
  tagBindingCountProblem,
  tagBindingInputSchema,
  tagBindingKeyProblem,
  tagBindingValueProblem,
} from './tag-binding';

describe('tag binding keys', () => {
  it('are letters, numbers and _ . = + - @ :, at most 128 characters', () => {
    for (const ok of ['team', 'cost.center', 'a=b+c-d@e:f_g', 'k'.repeat(TAG_BINDING_KEY_MAX_LENGTH)])
      expect({ ok, problem: tagBindingKeyProblem(ok) }).toEqual({ ok, problem: undefined });
    expect(tagBindingKeyProblem('')).toBe('{} must not be empty');
    expect(tagBindingKeyProblem('k'.repeat(TAG_BINDING_KEY_MAX_LENGTH + 1))).toBe('{} must be at most 128 characters');
    expect(tagBindingKeyProblem('has space')).toBe('{} may contain only letters, numbers and _ . = + - @ :');
  });
  it('may not start with a reserved prefix, in any case', () => {
    for (const reserved of ['hc:owner', 'hcp:x', 'HC:owner']) expect(tagBindingKeyProblem(reserved)).toBe('{} must not start with "hc:" or "hcp:" (reserved)');
    expect(tagBindingKeyProblem('hcx:owner')).toBeUndefined();
  });
});

describe('tag binding values', () => {
  it("may be empty, use the keys' characters, and hold at most 256 characters", () => {
    expect(tagBindingValueProblem('')).toBeUndefined();
    expect(tagBindingValueProblem('v'.repeat(TAG_BINDING_VALUE_MAX_LENGTH))).toBeUndefined();
    expect(tagBindingValueProblem('v'.repeat(TAG_BINDING_VALUE_MAX_LENGTH + 1))).toBe('{} must be at most 256 characters');
    expect(tagBindingValueProblem('a/b')).toBe('{} may contain only letters, numbers and _ . = + - @ :');
  });
});

describe('the bindings of one workspace', () => {
  it('are at most 10 of its own', () => {
    expect(tagBindingCountProblem(TAG_BINDINGS_MAX_DIRECT)).toBeUndefined();
    expect(tagBindingCountProblem(TAG_BINDINGS_MAX_DIRECT + 1)).toBe('a workspace can have at most 10 tag bindings of its own; {} has 11');
  });
});

describe('a tag binding in a request', () => {
  it('has a key and an optional value, and names a broken rule by its member', () => {
    expect(tagBindingInputSchema.safeParse({ type: 'tag-bindings', attributes: { key: 'team' } }).success).toBe(true);
    const issues = tagBindingInputSchema.safeParse({ type: 'tag-bindings', attributes: { key: 'hc:x', value: 'a b' } }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['attributes.key', 'key must not start with "hc:" or "hcp:" (reserved)'],
      ['attributes.value', 'value may contain only letters, numbers and _ . = + - @ :'],
    ]);
  });
  it('refuses another type', () => {
    expect(tagBindingInputSchema.safeParse({ type: 'tags', attributes: { key: 'team' } }).error?.issues[0].message).toBe('type must be "tag-bindings"');
  });
});
