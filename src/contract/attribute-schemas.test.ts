// The request and answer schemas derived from a table: what the service accepts and how it says no.
import { requestAttributesSchema, responseAttributesSchema } from './attribute-schemas';
import { WORKSPACE_VALUE_RULES } from './rules';
import { WORKSPACE_ATTRIBUTES } from './workspace-attributes';

const issuesOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('request attributes', () => {
  const create = requestAttributesSchema(WORKSPACE_ATTRIBUTES, 'create', WORKSPACE_VALUE_RULES);
  const update = requestAttributesSchema(WORKSPACE_ATTRIBUTES, 'update', WORKSPACE_VALUE_RULES);

  it('run the value rules inside, naming the member by its wire path', () => {
    expect(issuesOf(create.safeParse({ name: 'bad name', 'vcs-repo': { identifier: 'nope' } }))).toEqual([
      ['name', 'name may contain only letters, numbers, "-" and "_"'],
      ['vcs-repo.identifier', 'vcs-repo.identifier must have the form ":org/:repo"'],
    ]);
  });
  it('check kinds and enum values', () => {
    expect(issuesOf(create.safeParse({ 'auto-apply': 'yes' }))[0][0]).toBe('auto-apply');
    expect(issuesOf(create.safeParse({ 'execution-mode': 'somewhere' }))[0][0]).toBe('execution-mode');
  });
  it('take null only where null is a value', () => {
    expect(create.safeParse({ description: null }).success).toBe(true);
    expect(create.safeParse({ 'auto-apply': null }).success).toBe(false);
  });
  it('accept a create-only attribute on create, and ignore it on update as an unknown member', () => {
    expect(create.safeParse({ 'source-name': 7 }).success).toBe(false);
    expect(update.safeParse({ 'source-name': 7 }).success).toBe(true);
  });
  it('keep members they do not know (the spec ignores them)', () => {
    expect(create.parse({ name: 'net', 'made-up': 1 })).toEqual({ name: 'net', 'made-up': 1 });
  });
  it("check a hosted name under both dialects, and only the hosted service's in the hosted one", () => {
    const hosted = requestAttributesSchema(WORKSPACE_ATTRIBUTES, 'create', WORKSPACE_VALUE_RULES, undefined, 'hosted');
    expect(issuesOf(create.safeParse({ 'terraform-version': 'one' }))[0][0]).toBe('terraform-version');
    expect(issuesOf(create.safeParse({ 'engine-version': 'one' }))[0][0]).toBe('engine-version');
    expect(issuesOf(hosted.safeParse({ 'terraform-version': 'one' }))[0][0]).toBe('terraform-version');
    expect(hosted.safeParse({ 'engine-version': 'one' }).success).toBe(true);
  });
});

describe('answer attributes', () => {
  const answer = responseAttributesSchema(WORKSPACE_ATTRIBUTES);
  it('accept either spelling and null where the service answers it', () => {
    expect(answer.safeParse({ 'terraform-version': '1.9.0', 'vcs-repo': { 'oauth-token-id': null, identifier: 'a/b' } }).success).toBe(true);
  });
  it('refuse a member of the wrong kind', () => {
    expect(answer.safeParse({ locked: 'no' }).success).toBe(false);
  });
});
