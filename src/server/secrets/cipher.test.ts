import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OwnerOnlyError } from '../owner-only';
import { Cipher, CipherError, loadEncryptionKey } from './cipher';

describe('the cipher', () => {
  const cipher = Cipher.ephemeral();

  it('opens what it sealed, in the context it was sealed for only', () => {
    const sealed = cipher.seal(Buffer.from('a secret state'), 'state:sv-1:raw');
    expect(sealed.includes(Buffer.from('a secret state'))).toBe(false);
    expect(cipher.open(sealed, 'state:sv-1:raw').toString()).toBe('a secret state');
    expect(() => cipher.open(sealed, 'state:sv-2:raw')).toThrow(CipherError);
  });

  it('refuses a changed value and a value sealed under another key', () => {
    const sealed = cipher.seal(Buffer.from('a secret state'), 'c');
    const changed = Buffer.from(sealed);
    changed[changed.length - 1] ^= 1;
    expect(() => cipher.open(changed, 'c')).toThrow('integrity');
    expect(() => Cipher.ephemeral().open(sealed, 'c')).toThrow('integrity');
    expect(() => cipher.open(Buffer.from('plain'), 'c')).toThrow('not a sealed value');
  });
});

describe('the encryption key file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-key-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is made owner-only on first use and read back the same', () => {
    const file = path.join(dir, 'encryption.key');
    const sealed = loadEncryptionKey(file, true).seal(Buffer.from('x'), 'c');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(loadEncryptionKey(file, true).open(sealed, 'c').toString()).toBe('x');
  });

  it('refuses a key others may read, and one that is not 32 bytes in hex', () => {
    const file = path.join(dir, 'encryption.key');
    writeFileSync(file, `${'ab'.repeat(32)}\n`, { mode: 0o644 });
    chmodSync(file, 0o644);
    expect(() => loadEncryptionKey(file, false)).toThrow(OwnerOnlyError);
    chmodSync(file, 0o600);
    expect(() => loadEncryptionKey(file, false)).not.toThrow();
    writeFileSync(file, 'too short\n');
    expect(() => loadEncryptionKey(file, false)).toThrow('64 hexadecimal digits');
  });
});
