// Secrets only the owner reads (issue 23; conventions "Secrets are owner-only files", as
// PostgreSQL treats its data directory and OpenSSH a private key): the data directory is 0700,
// the database files and the session signing key 0600, whatever the umask.
import { chmodSync, closeSync, existsSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export const OWNER_ONLY_DIRECTORY = 0o700;
export const OWNER_ONLY_FILE = 0o600;
/** The data folder `cdkws serve` makes by default: ours alone, so it is tightened even when it exists. */
export const DEFAULT_DATA_DIRECTORY = '.cdkws';
export const SESSION_KEY_FILE = 'session.key';
/** At least 256 bits of key material. */
const SESSION_KEY_MIN_BYTES = 32;

export class OwnerOnlyError extends Error {}

/**
 * Makes the folder a data file lives in, 0700. A folder that existed before is tightened only when
 * it is the default data folder (an older version made it 0755); a folder the user chose, such as
 * the working directory, is left as it is, and the files in it are 0600 anyway.
 */
export function ensureDataDirectory(dataFile: string): void {
  const dir = path.dirname(path.resolve(dataFile));
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
    chmodSync(dir, OWNER_ONLY_DIRECTORY); // mkdir's mode is filtered by the umask; state it plainly
  } else if (path.basename(dir) === DEFAULT_DATA_DIRECTORY) {
    chmodSync(dir, OWNER_ONLY_DIRECTORY);
  }
}

/**
 * The database file and its companions (-wal, -shm, -journal) 0600. The main file is created 0600
 * before SQLite opens it; SQLite gives the companions it creates the main file's mode, and those
 * left by an older version are tightened here.
 */
export function ensureOwnerOnlyDatabaseFiles(dataFile: string): void {
  closeSync(openSync(dataFile, 'a', OWNER_ONLY_FILE));
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    try {
      chmodSync(dataFile + suffix, OWNER_ONLY_FILE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Where the session signing key is kept by default: beside the data (`.cdkws` for :memory: and PostgreSQL). */
export function defaultSessionKeyFile(dataFile: string | null): string {
  const dir = dataFile && dataFile !== ':memory:' ? path.dirname(path.resolve(dataFile)) : path.resolve(DEFAULT_DATA_DIRECTORY);
  return path.join(dir, SESSION_KEY_FILE);
}

/**
 * The trimmed text of an owner-only key file (`what` names it in errors: "session key"), creating
 * it (0600, 256 random bits in hex) when `create` and it is absent. A key file that others may read
 * is refused, as OpenSSH refuses such a private key.
 */
export function readOwnerOnlyKeyFile(file: string, create: boolean, what: string): string {
  if (create && !existsSync(file)) {
    ensureDataDirectory(file);
    // Written whole under a private name, then linked into place: two instances starting together
    // over one folder must never read a key the other has created but not yet written.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: OWNER_ONLY_FILE, flag: 'wx' });
    try {
      linkSync(draft, file);
    } catch (error) {
      // Another process sharing the folder made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  let mode: number;
  let text: string;
  try {
    mode = statSync(file).mode & 0o777;
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new OwnerOnlyError(`cannot read the ${what} file ${file}: ${(error as Error).message}`);
  }
  if ((mode & 0o077) !== 0 && process.platform !== 'win32') {
    throw new OwnerOnlyError(
      `the ${what} file ${file} may be read by other users (mode ${mode.toString(8).padStart(4, '0')}); run: chmod 600 ${JSON.stringify(file)}`,
    );
  }
  return text;
}

/**
 * Reads the console's session signing key (see readOwnerOnlyKeyFile): whoever reads it can sign in
 * as anyone. Deleting or replacing the file ends every session at the next start.
 */
export function loadSessionKey(file: string, create: boolean): Buffer {
  const text = readOwnerOnlyKeyFile(file, create, 'session key');
  const key = Buffer.from(text, 'utf8');
  if (key.length < SESSION_KEY_MIN_BYTES) {
    throw new OwnerOnlyError(
      `the session key file ${file} holds fewer than ${SESSION_KEY_MIN_BYTES} characters; put at least 32 random bytes in it (e.g. openssl rand -hex 32)`,
    );
  }
  return key;
}
