import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppCaches } from '../../server/caches.js';
import { loadConfig } from '../../server/config.js';

const ARCHITECTURE = path.resolve(import.meta.dirname, '../../docs/architecture.md');

/** The "Caches" section of docs/architecture.md. */
function cachesSection(): string {
  const text = readFileSync(ARCHITECTURE, 'utf8');
  const start = text.indexOf('\n## Caches');
  if (start === -1) throw new Error('docs/architecture.md has no "## Caches" section');
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

/**
 * The bound the table gives each cache: a row names one cache or several (`a`, `b`) in its first
 * cell, and gives one bound for all of them or one each (`10,000 / 1,000`) in its third.
 */
function documentedBounds(): Map<string, string> {
  const bounds = new Map<string, string>();
  for (const line of cachesSection().split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 5 || !cells[1]!.startsWith('`')) continue;
    const names = [...cells[1]!.matchAll(/`([a-z][a-z0-9-]*)`/g)].map((match) => match[1]!);
    const values = cells[3]!.split('/').map((value) => value.trim());
    names.forEach((name, index) => bounds.set(name, values.length === names.length ? values[index]! : cells[3]!));
  }
  return bounds;
}

const registry = () => createAppCaches(loadConfig({})).registry.list();

describe('docs/architecture.md, "Caches"', () => {
  it('has a row for every cache the app makes, with its bound', () => {
    const bounds = documentedBounds();
    const missing = registry()
      .filter(({ definition }) => bounds.get(definition.name) !== definition.maxEntries.toLocaleString('en-US'))
      .map(({ definition }) => `${definition.name} (${definition.maxEntries.toLocaleString('en-US')}; documented: ${bounds.get(definition.name) ?? 'no row'})`);
    expect(missing, 'caches without a row of the form | `name` | key | bound | invalidated by |').toEqual([]);
  });

  it('names no cache the app does not make', () => {
    const names = new Set(registry().map(({ definition }) => definition.name));
    expect([...documentedBounds().keys()].filter((name) => !names.has(name))).toEqual([]);
  });
});
