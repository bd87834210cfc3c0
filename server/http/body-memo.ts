/**
 * Response bodies rebuilt from the same parts are the same body, so the second one need not be
 * built, validated or serialised again. A data read's body is made of records the generator
 * caches (server/jobs/data-reads/read-data.ts shares each generated day between reads until the
 * window syncs again), so a read repeated between two syncs (a dashboard refreshing, a client
 * polling) lists the very same record objects. `body(key, parts, build)` answers the body
 * remembered under `key` when it was built from the same parts (the same objects, or equal
 * primitives, in the same order), else builds, freezes and remembers a new one. A frozen body
 * is validated once for its operation and status and then sent as its memoised bytes
 * (createApiApp). The body must be a function of its parts alone: the key only says which
 * earlier body to compare with.
 */
export class BodyMemo {
  private readonly entries = new Map<string, { parts: readonly unknown[]; body: object }>();
  private heldParts = 0;

  /**
   * At most `maxEntries` bodies of `maxParts` parts in all (a part is about a record: the bodies
   * and their memoised bytes grow with it); when a new body would go over, the memo starts over.
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxParts: number,
  ) {}

  body<T extends object>(key: string, parts: readonly unknown[], build: () => T): T {
    const entry = this.entries.get(key);
    if (entry && sameParts(entry.parts, parts)) return entry.body as T;
    const body = Object.freeze(build());
    if (parts.length > this.maxParts) return body;
    if (entry) {
      this.entries.delete(key);
      this.heldParts -= entry.parts.length;
    }
    if (this.entries.size >= this.maxEntries || this.heldParts + parts.length > this.maxParts) {
      this.entries.clear();
      this.heldParts = 0;
    }
    this.entries.set(key, { parts, body });
    this.heldParts += parts.length;
    return body;
  }
}

function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
