/**
 * Seeded randomness for the generated store: the same seed gives the same store on every machine, Node version and
 * run. Every record draws from a stream of its own (the store's seed, the kind of record, its number), so a record
 * is the same whether or not the records before it were generated, and a field added later from a new stream
 * leaves every existing field as it was.
 */

/** A 32-bit hash of whole numbers (MurmurHash3's finaliser over each, chained). */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A stream's name as a number: what hash32 mixes in. */
export function streamId(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [0, n). */
  int(n: number): number;
  /** A whole number in [min, max]. */
  between(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
}

/** Mulberry32: small, fast and good enough to make catalog data look varied. */
export function randomFrom(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    pick: (list) => list[int(list.length)],
    chance: (p) => next() < p,
  };
}

/** The stream of record `index` of kind `stream` in the store seeded with `seed`. */
export function streamOf(seed: number, stream: string, index: number): Random {
  return randomFrom(hash32(seed, streamId(stream), index));
}

/**
 * Picks from a list with Zipf's law (the k-th entry about 1/k as often as the first): a few words in very many
 * products, most in a few hundred, as words are in a real catalog. Built once per list.
 */
export function zipf<T>(list: readonly T[], exponent = 1): (r: Random) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 0; k < list.length; k++) cumulative.push((total += 1 / Math.pow(k + 1, exponent)));
  return (r) => {
    const x = r.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return list[lo];
  };
}
