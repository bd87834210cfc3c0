/**
 * A short-lived cache of authenticated credentials (key hash -> caller), so a
 * request does not cost a database lookup of its key. Only successful lookups
 * are cached (a new key works at once); revoking a key clears the cache of this
 * process and, before the revocation answers, of the other processes of its cluster
 * (SERVER_PROCESSES > 1, server/cluster.ts); processes of other hosts sharing the
 * PostgreSQL database stop accepting it within the time to live.
 */
export class CredentialCache<Caller> {
  private readonly entries = new Map<string, { caller: Caller; expires: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(hash: string): Caller | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.caller;
  }

  set(hash: string, caller: Caller): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(hash, { caller, expires: this.now() + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
