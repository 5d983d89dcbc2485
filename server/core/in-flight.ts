/** Numbers name the same entry as their decimal strings, as an object's keys do. */
type Key = string | number;

/**
 * What is in flight, by key: entries that a request adds and removes a few milliseconds later, in
 * a table that lives as long as the server.
 *
 * Not a Map or a Set. V8 11 (Node 20) gives a Map or Set a new hash table every few dozen
 * additions and deletions; once a table was promoted, its successors are allocated straight in
 * the old generation, and every old table keeps what it held, and its link to the next, until the
 * next full collection. Young collections take those for live, so whatever passed through the
 * table, with all that its pending promises reach (the whole request), is promoted and then left
 * for a full collection: with the invitation's maps, 70-90 % of each invitation's objects went
 * that way, and the 150 MiB heap was marked every few seconds (bench/README, the eleventh pass).
 * A null-prototype object keeps its entries in a dictionary whose small tables are young and
 * forget what was deleted.
 */
export class InFlight<V> {
  private entries: Record<string, V> = Object.create(null);
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(key: Key): V | undefined {
    return this.entries[key];
  }

  has(key: Key): boolean {
    return key in this.entries;
  }

  set(key: Key, value: V): void {
    if (!(key in this.entries)) this.count++;
    this.entries[key] = value;
  }

  delete(key: Key): boolean {
    if (!(key in this.entries)) return false;
    delete this.entries[key];
    this.count--;
    return true;
  }

  /** Takes every entry out, for a caller that must settle them all (a worker that stopped). */
  drain(): V[] {
    const values = Object.values(this.entries);
    this.entries = Object.create(null);
    this.count = 0;
    return values;
  }
}
