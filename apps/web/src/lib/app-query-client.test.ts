/**
 * A write's invalidation reads a list again after the write, also when the list's first read (a new search)
 * was still on its way: TanStack's own client joins that read and keeps its answer from before the write.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AppQueryClient } from './app-query-client';

/** A server whose reads answer after `delay` ms with the state at the time they arrived. */
function server() {
  let open = ['Tür schließt nicht'];
  return {
    read: (delay: number) => {
      const seen = [...open];
      return new Promise<string[]>((resolve) => setTimeout(() => resolve(seen), delay));
    },
    close: () => {
      open = [];
    },
  };
}

/** A search typed just before the write: its read leaves, the write commits, then the write invalidates. */
async function listAfterWrite(client: QueryClient) {
  const db = server();
  const observer = new QueryObserver(client, {
    queryKey: ['defectreports', 'list', { search: 'Tür' }],
    queryFn: () => db.read(30),
  });
  const shown: string[][] = [];
  const unsubscribe = observer.subscribe((result) => {
    if (result.data) shown.push(result.data);
  });
  await new Promise((resolve) => setTimeout(resolve, 5));
  db.close();
  await client.invalidateQueries({ queryKey: ['defectreports'] });
  await new Promise((resolve) => setTimeout(resolve, 60));
  unsubscribe();
  return { last: observer.getCurrentResult().data, shown };
}

describe('AppQueryClient', () => {
  it('reads again after a write a query whose first read was still on its way', async () => {
    const { last, shown } = await listAfterWrite(new AppQueryClient());
    expect(last).toEqual([]);
    // The cancelled read never showed its answer from before the write.
    expect(shown).toEqual([[]]);
  });

  it('is needed: the plain client keeps the answer from before the write', async () => {
    const { last } = await listAfterWrite(new QueryClient());
    expect(last).toEqual(['Tür schließt nicht']);
  });

  it('leaves a read nobody shows to its caller, who gets its answer', async () => {
    const client = new AppQueryClient();
    const db = server();
    const key = ['defectreports', 'count'];
    const asked = client.fetchQuery({ queryKey: key, queryFn: () => db.read(30) });
    await new Promise((resolve) => setTimeout(resolve, 5));
    db.close();
    await client.invalidateQueries({ queryKey: ['defectreports'] });
    // Asked before the write, answered as before it: not refused by a cancelled read.
    expect(await asked).toEqual(['Tür schließt nicht']);
  });

  it('keeps a running read with data to TanStack, which cancels it itself', async () => {
    const client = new AppQueryClient();
    const db = server();
    const key = ['defectreports', 'list', {}];
    client.setQueryData(key, ['alt']);
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => db.read(30), staleTime: 0 });
    const unsubscribe = observer.subscribe(() => undefined);
    void observer.refetch();
    await new Promise((resolve) => setTimeout(resolve, 5));
    db.close();
    await client.invalidateQueries({ queryKey: ['defectreports'] });
    expect(observer.getCurrentResult().data).toEqual([]);
    unsubscribe();
  });
});
