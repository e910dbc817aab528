import { Migrator } from 'kysely';
import type { Db } from './dialect.js';
import { migrationProvider } from './migrations/index.js';

/** Brings the schema up to date; runs at every start. */
export async function migrateToLatest({ db, dialect }: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
