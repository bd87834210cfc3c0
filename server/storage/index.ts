export {
  openDatabase,
  isUniqueViolation,
  isDatabaseError,
  DEFAULT_PGLITE_DATA_DIR,
  type Database,
  type Queryable,
  type EngineKind,
  type OpenDatabaseOptions,
} from './database.js';
export { acquireDataDirLock, DataDirInUseError, type DataDirLock } from './data-dir-lock.js';
export { migrate, loadMigrations, MIGRATIONS_DIR, type Migration } from './migrate.js';

// One namespace per aggregate: `storage.users.findUser(db, ...)`.
export * as orgs from './repositories/orgs.js';
export * as credentials from './repositories/credentials.js';
export * as teams from './repositories/teams.js';
export * as users from './repositories/users.js';
export * as userInfos from './repositories/user-infos.js';
export * as insurances from './repositories/insurances.js';
export * as connections from './repositories/connections.js';
export * as linkCodes from './repositories/link-codes.js';
export * as signInTokens from './repositories/sign-in-tokens.js';
export * as linkTokens from './repositories/link-tokens.js';
export * as bulkOps from './repositories/bulk-ops.js';
export * as pullPreferences from './repositories/pull-preferences.js';
