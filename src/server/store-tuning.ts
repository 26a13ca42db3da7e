import type { Cipher } from './secrets/cipher';

/**
 * What a door may be told besides its database: `bookmarkEvery`, rows between page bookmarks (for
 * tests); `cipher`, what seals states and output values (default: a random key of this process).
 */
export interface StoreTuning {
  bookmarkEvery?: number;
  cipher?: Cipher;
}
