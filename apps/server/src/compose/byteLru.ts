/**
 * A least-recently-used cache bounded by bytes, not entries: decoded templates and images are large and
 * of very different sizes, so memory stays flat however many products and materials exist.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get bytes(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    // Re-insert: Map keeps insertion order, so the first entry is always the least recently used.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V): void {
    const bytes = this.sizeOf(value);
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.bytes;
      this.entries.delete(key);
    }
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [k, e] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(k);
      this.total -= e.bytes;
    }
  }

  /** The cached value, or `load`'s, cached. Concurrent loads of one key share one promise. */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load().finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const value = await pending;
    this.set(key, value);
    return value;
  }

  private readonly loading = new Map<string, Promise<V>>();
}
