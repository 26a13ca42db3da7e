// Access levels nest (read ⊂ plan ⊂ write ⊂ admin), and the permissions attribute reports what a level grants.
import { ACCESS_LEVELS, atLeast, PERMISSION_KEYS, PERMISSION_LEVELS, permissionsFor } from './permissions';

describe('access levels', () => {
  it('nest: each grants what the ones below it grant', () => {
    ACCESS_LEVELS.forEach((level, i) => {
      for (const lower of ACCESS_LEVELS.slice(0, i + 1)) expect({ level, lower, grants: atLeast(level, lower) }).toEqual({ level, lower, grants: true });
      for (const higher of ACCESS_LEVELS.slice(i + 1)) expect({ level, higher, grants: atLeast(level, higher) }).toEqual({ level, higher, grants: false });
    });
  });
  it('grant nothing to a caller without access', () => {
    expect(atLeast(null, 'read')).toBe(false);
  });
});

describe('the permissions attribute', () => {
  it('has every key, each true exactly from its level up', () => {
    for (const level of [null, ...ACCESS_LEVELS]) {
      const permissions = permissionsFor(level, false);
      expect(Object.keys(permissions).sort()).toEqual([...PERMISSION_KEYS].sort());
      for (const key of PERMISSION_KEYS) {
        const required = PERMISSION_LEVELS[key];
        if (required !== 'owner') expect({ level, key, granted: permissions[key] }).toEqual({ level, key, granted: atLeast(level, required) });
      }
    }
  });
  it('grants reading to read, locking to write and updating to admin', () => {
    expect(permissionsFor('read', false)).toMatchObject({ 'can-read-settings': true, 'can-lock': false, 'can-update': false });
    expect(permissionsFor('write', false)).toMatchObject({ 'can-lock': true, 'can-unlock': true, 'can-force-unlock': false });
    expect(permissionsFor('admin', false)).toMatchObject({ 'can-update': true, 'can-destroy': true, 'can-manage-tags': true });
  });
  it('grants force delete only as the organization allows, whatever the level', () => {
    expect(permissionsFor('admin', false)['can-force-delete']).toBe(false);
    expect(permissionsFor('read', true)['can-force-delete']).toBe(true);
  });
});
