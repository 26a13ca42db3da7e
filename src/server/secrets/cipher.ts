// Secrets at rest (states, JSON states, output values, variable values): AES-256-GCM with a key kept
// apart from the database, so a copy of the database alone reveals none of them. Each sealed value
// names the key that sealed it, so a later key can be added without rewriting every row at once.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_DATA_DIRECTORY, OwnerOnlyError, readOwnerOnlyKeyFile } from '../owner-only';

export const ENCRYPTION_KEY_FILE = 'encryption.key';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** The format byte that opens every sealed value: [format][key id length][key id][nonce][tag][ciphertext]. */
const FORMAT = 1;

export class CipherError extends Error {}

export class Cipher {
  private readonly keys = new Map<string, Buffer>();

  /** `keyId`: the name sealed values carry (the key file's digest would do; a short name is enough). */
  constructor(
    key: Buffer,
    private readonly keyId = 'k1',
  ) {
    if (key.length !== KEY_BYTES) throw new CipherError(`an encryption key is ${KEY_BYTES} bytes, not ${key.length}`);
    this.keys.set(keyId, key);
  }

  /** A cipher with a random key of this process (`:memory:` databases and tests). */
  static ephemeral(): Cipher {
    return new Cipher(randomBytes(KEY_BYTES), 'ephemeral');
  }

  /**
   * Seals `plain`, bound to `context` (the row and column it is stored in), so a sealed value moved
   * to another row does not open there.
   */
  seal(plain: Buffer, context: string): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.keyId)!, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const id = Buffer.from(this.keyId, 'utf8');
    return Buffer.concat([Buffer.from([FORMAT, id.length]), id, nonce, cipher.getAuthTag(), body]);
  }

  /** Opens a sealed value; throws CipherError when it was changed, or sealed for another context or key. */
  open(sealed: Buffer, context: string): Buffer {
    if (sealed.length < 2 || sealed[0] !== FORMAT) throw new CipherError('not a sealed value');
    const idEnd = 2 + sealed[1];
    const key = this.keys.get(sealed.subarray(2, idEnd).toString('utf8'));
    if (!key) throw new CipherError('sealed with a key this service does not hold');
    const nonce = sealed.subarray(idEnd, idEnd + NONCE_BYTES);
    const tag = sealed.subarray(idEnd + NONCE_BYTES, idEnd + NONCE_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(sealed.subarray(idEnd + NONCE_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      throw new CipherError('a stored secret failed its integrity check (changed, or sealed with another key)');
    }
  }
}

/** Where the encryption key is kept by default: beside the data (`.cdkws` for :memory: and PostgreSQL). */
export function defaultEncryptionKeyFile(dataFile: string | null): string {
  const dir = dataFile && dataFile !== ':memory:' ? path.dirname(path.resolve(dataFile)) : path.resolve(DEFAULT_DATA_DIRECTORY);
  return path.join(dir, ENCRYPTION_KEY_FILE);
}

/**
 * Reads the key (64 hexadecimal digits) from an owner-only file, creating it when `create` and it
 * is absent. Losing the file loses every state: it is to be backed up apart from the database.
 */
export function loadEncryptionKey(file: string, create: boolean): Cipher {
  const text = readOwnerOnlyKeyFile(file, create, 'encryption key');
  if (!/^[0-9a-fA-F]{64}$/.test(text)) {
    throw new OwnerOnlyError(`the encryption key file ${file} must hold 64 hexadecimal digits (32 bytes), e.g. the output of: openssl rand -hex 32`);
  }
  return new Cipher(Buffer.from(text, 'hex'));
}
