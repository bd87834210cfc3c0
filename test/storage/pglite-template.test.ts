import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/storage/database.js';
import { loadMigrations, migrate } from '../../server/storage/migrate.js';
import { buildPgliteTemplate } from '../../server/storage/pglite-template.js';
import { SETUP_TIMEOUT_MS } from './helpers.js';

describe('PGlite template (a migrated data directory that a first start copies)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
  const template = path.join(root, 'template');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(
    'when a fresh data directory opens with the template, then it starts migrated; an existing one is left as it is',
    async () => {
      expect(await buildPgliteTemplate(template)).toBe(true);
      expect(await buildPgliteTemplate(template)).toBe(false);
      const templateFiles = readdirSync(template, { recursive: true }).length;

      const fresh = path.join(root, 'fresh', 'pglite');
      const db = await openDatabase({ dataDir: fresh, lockDir: path.join(root, 'fresh'), template });
      try {
        expect(existsSync(path.join(fresh, 'PG_VERSION'))).toBe(true);
        expect((await migrate(db)).applied).toEqual([]);
        const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY version');
        expect(applied.map((row) => row.name)).toEqual((await loadMigrations()).map((m) => m.name));
        await db.exec("CREATE TABLE only_here (id int); INSERT INTO only_here VALUES (1)");
      } finally {
        await db.close();
      }
      expect(readdirSync(template, { recursive: true }).length).toBe(templateFiles);

      const again = await openDatabase({ dataDir: fresh, lockDir: path.join(root, 'fresh'), template });
      try {
        expect(await again.one('SELECT count(*)::int AS n FROM only_here')).toEqual({ n: 1 });
      } finally {
        await again.close();
      }
    },
    SETUP_TIMEOUT_MS * 3,
  );
});
