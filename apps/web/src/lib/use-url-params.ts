/** List state (page, sort, search, folder) kept in the address, so a reload or a shared link shows the same. */
import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A change asked for, and the address (as rendered) it was made on. */
export interface PendingParams {
  next: URLSearchParams;
  basedOn: string;
}

/**
 * Parameters to set or (null or '') remove; or a function of the parameters as they will be before the change
 * (a change not rendered yet included), for a change that depends on them.
 */
export type ParamChanges =
  | Record<string, string | null>
  | ((current: URLSearchParams) => Record<string, string | null>);

/**
 * The parameters after `changes` (null or '' removes one). React Router computes a change from the parameters of
 * the last render: two changes before the next render (the search text settling just as a filter is picked) would
 * both start from them, and the second would put back what the first removed. While the rendered address is still
 * the one the last change was made on, a change starts from that change instead.
 */
export function nextParams(
  rendered: URLSearchParams,
  pending: PendingParams | null,
  changes: ParamChanges,
): PendingParams {
  const basedOn = rendered.toString();
  const next = new URLSearchParams(pending?.basedOn === basedOn ? pending.next : rendered);
  for (const [key, value] of Object.entries(typeof changes === 'function' ? changes(next) : changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return { next, basedOn };
}

export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const pending = useRef<PendingParams | null>(null);
  /** Sets or (with null or '') removes parameters, replacing the history entry. */
  const update = (changes: ParamChanges) => {
    pending.current = nextParams(params, pending.current, changes);
    setParams(pending.current.next, { replace: true });
  };
  return [params, update] as const;
}
