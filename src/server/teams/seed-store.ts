import type { Directory } from '../bootstrap';
import type { Db } from '../storage/db';
import { seedDirectory } from './seed';

// The bootstrap seeds (`store.accessSeeds`): the directory's teams, projects and grants written into
// their records where new or changed since they were last seeded (seed.ts).

export class AccessSeedStore {
  static readonly door = 'accessSeeds';

  constructor(private readonly db: Db) {}

  /** Seeds every organization of the directory in one transaction; answers how many entries it wrote. */
  seed(directory: Directory): Promise<number> {
    return seedDirectory(this.db, directory);
  }
}
