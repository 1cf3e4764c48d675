import { describe, expect, it } from 'vitest';
import { sharedWhileRunning } from './shared-lookup';

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

describe('sharedWhileRunning', () => {
  it('shares a running lookup with callers of the same key, not of another', async () => {
    const share = sharedWhileRunning<string>();
    const a = gated<string>();
    const first = share('k', a.run);
    const second = share('k', a.run);
    expect(a.started()).toBe(1);
    const b = gated<string>();
    const other = share('other', b.run);
    expect(b.started()).toBe(1);
    a.release('row');
    b.release('else');
    expect(await Promise.all([first, second, other])).toEqual(['row', 'row', 'else']);
  });

  it('keeps nothing once the lookup has answered: the next call looks up again', async () => {
    const share = sharedWhileRunning<string>();
    const a = gated<string>();
    const first = share('k', a.run);
    a.release('before');
    await first;
    const next = share('k', a.run);
    expect(a.started()).toBe(2);
    a.release('after');
    expect(await next).toBe('after');
  });

  it('hands an error to every caller of the running lookup, then frees the key', async () => {
    const share = sharedWhileRunning<string>();
    const a = gated<string>();
    const first = share('k', a.run);
    const second = share('k', a.run);
    a.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).rejects.toThrow('connection lost');
    const retry = share('k', a.run);
    expect(a.started()).toBe(2);
    a.release('ok');
    expect(await retry).toBe('ok');
  });
});
