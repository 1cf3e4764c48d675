import { describe, expect, it } from 'vitest';
import { sessionCache } from './session-cache';

/** A lookup that answers when told to, counting how often it was started. */
function gated<T>() {
  let started = 0;
  let release: (v: T) => void = () => {};
  let fail: (e: Error) => void = () => {};
  const run = () => {
    started++;
    return new Promise<T>((resolve, reject) => {
      release = resolve;
      fail = reject;
    });
  };
  return { run, started: () => started, release: (v: T) => release(v), fail: (e: Error) => fail(e) };
}

const listeningCache = (opts: Parameters<typeof sessionCache>[0] = {}) => {
  const cache = sessionCache<string>(opts);
  cache.setListening(true);
  return cache;
};

describe('the session cache', () => {
  it('shares a running lookup with callers of the same key, not of another', async () => {
    const cache = listeningCache();
    const a = gated<string>();
    const first = cache.load('k', a.run);
    const second = cache.load('k', a.run);
    expect(a.started()).toBe(1);
    const b = gated<string>();
    const other = cache.load('other', b.run);
    expect(b.started()).toBe(1);
    a.release('row');
    b.release('else');
    expect(await Promise.all([first, second, other])).toEqual(['row', 'row', 'else']);
  });

  it('keeps an answer while it listens, and looks up again once emptied', async () => {
    const cache = listeningCache();
    const a = gated<string>();
    const first = cache.load('k', a.run);
    a.release('before');
    await first;
    expect(await cache.load('k', a.run)).toBe('before');
    expect(a.started()).toBe(1);
    cache.clear();
    const next = cache.load('k', a.run);
    expect(a.started()).toBe(2);
    a.release('after');
    expect(await next).toBe('after');
    expect(cache.stats).toMatchObject({ hits: 1, lookups: 2, size: 1 });
  });

  it('keeps nothing while it does not listen: every call looks up', async () => {
    const cache = sessionCache<string>();
    const a = gated<string>();
    const first = cache.load('k', a.run);
    a.release('row');
    await first;
    const second = cache.load('k', a.run);
    expect(a.started()).toBe(2);
    a.release('row');
    await second;
    cache.setListening(true);
    const third = cache.load('k', a.run);
    a.release('row');
    await third;
    cache.setListening(false);
    const fourth = cache.load('k', a.run);
    expect(a.started()).toBe(4);
    a.release('row');
    await fourth;
  });

  it('neither keeps nor lends a lookup that was under way when the cache was emptied', async () => {
    const cache = listeningCache();
    const old = gated<string>();
    const stale = cache.load('k', old.run);
    cache.clear();
    // A call after the change does not join the lookup that may have read the rows as they were.
    const fresh = gated<string>();
    const current = cache.load('k', fresh.run);
    expect(fresh.started()).toBe(1);
    old.release('revoked session, read before the change');
    fresh.release('as it is now');
    expect(await stale).toBe('revoked session, read before the change');
    expect(await current).toBe('as it is now');
    expect(await cache.load('k', fresh.run)).toBe('as it is now');
    expect(fresh.started()).toBe(1);
  });

  it('does not keep a lookup under way when listening stops or starts', async () => {
    const cache = listeningCache();
    const a = gated<string>();
    const first = cache.load('k', a.run);
    cache.setListening(false);
    cache.setListening(true);
    a.release('row');
    await first;
    const again = cache.load('k', a.run);
    expect(a.started()).toBe(2);
    a.release('row');
    await again;
  });

  it('keeps no miss: a session not found is looked up again', async () => {
    const cache = sessionCache<string | undefined>();
    cache.setListening(true);
    let started = 0;
    const none = async () => {
      started++;
      return undefined;
    };
    await cache.load('k', none);
    await cache.load('k', none);
    expect(started).toBe(2);
  });

  it('hands an error to every caller of the running lookup, keeps nothing, then looks up again', async () => {
    const cache = listeningCache();
    const a = gated<string>();
    const first = cache.load('k', a.run);
    const second = cache.load('k', a.run);
    a.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).rejects.toThrow('connection lost');
    const retry = cache.load('k', a.run);
    expect(a.started()).toBe(2);
    a.release('ok');
    expect(await retry).toBe('ok');
  });

  it('keeps an answer for ttlMs at most, counted from the start of its lookup', async () => {
    let clock = 1_000;
    const cache = listeningCache({ ttlMs: 100, now: () => clock });
    let started = 0;
    const lookup = async () => `row ${++started}`;
    expect(await cache.load('k', lookup)).toBe('row 1');
    clock += 99;
    expect(await cache.load('k', lookup)).toBe('row 1');
    clock += 1;
    expect(await cache.load('k', lookup)).toBe('row 2');
  });

  it('keeps maxEntries at most, forgetting the one used longest ago first', async () => {
    const cache = listeningCache({ maxEntries: 2 });
    let started = 0;
    const lookup = async () => `row ${++started}`;
    await cache.load('a', lookup);
    await cache.load('b', lookup);
    await cache.load('c', lookup);
    expect(cache.stats.size).toBe(2);
    expect(await cache.load('c', lookup)).toBe('row 3');
    expect(await cache.load('b', lookup)).toBe('row 2');
    expect(await cache.load('a', lookup)).toBe('row 4');
    // Kept now: b, then a. b used again is kept longer than a.
    expect(await cache.load('b', lookup)).toBe('row 2');
    await cache.load('d', lookup);
    expect(await cache.load('b', lookup)).toBe('row 2');
    expect(await cache.load('a', lookup)).toBe('row 6');
  });

  it('ready: answers what it keeps, else nothing at once, with one lookup started in the background', async () => {
    const cache = listeningCache();
    const a = gated<string>();
    expect(cache.ready('k', a.run)).toBeUndefined();
    expect(cache.ready('k', a.run)).toBeUndefined();
    expect(a.started()).toBe(1);
    a.release('kept');
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.ready('k', a.run)).toBe('kept');
    expect(cache.stats.hits).toBe(1);
    // Emptied while a background lookup runs: that answer is not kept, the next call starts another.
    cache.clear();
    const b = gated<string>();
    expect(cache.ready('k', b.run)).toBeUndefined();
    cache.clear();
    const c = gated<string>();
    expect(cache.ready('k', c.run)).toBeUndefined();
    b.release('read before the change');
    c.release('as it is now');
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.ready('k', c.run)).toBe('as it is now');
    // A failed background lookup keeps nothing and is started again by the next call.
    cache.clear();
    const d = gated<string>();
    expect(cache.ready('k', d.run)).toBeUndefined();
    d.fail(new Error('connection lost'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.ready('k', d.run)).toBeUndefined();
    expect(d.started()).toBe(2);
  });
});
