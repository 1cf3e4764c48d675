import { describe, expect, it } from 'vitest';
import { nextParams } from './use-url-params';

const p = (s: string) => new URLSearchParams(s);

describe('nextParams', () => {
  it('sets and removes parameters', () => {
    expect(nextParams(p('a=1&b=2'), null, { a: null, b: '', c: '3' }).next.toString()).toBe('c=3');
  });

  it('keeps a change not yet rendered: a settled search removed just before a filter is picked', () => {
    const rendered = p('search=SA-2-FR');
    const first = nextParams(rendered, null, { search: null, page: null });
    // The address has not been rendered anew: the filter starts from the search's removal, not from the search.
    const second = nextParams(rendered, first, { kind: 'power', page: null });
    expect(second.next.toString()).toBe('kind=power');
  });

  it('starts from the rendered address once it has moved (the change landed, or the user went back)', () => {
    const first = nextParams(p('search=x'), null, { search: null });
    expect(nextParams(p('folder=7'), first, { page: '2' }).next.toString()).toBe('folder=7&page=2');
  });
});
