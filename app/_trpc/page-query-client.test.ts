import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { PageQueryClient } from './page-query-client';

/**
 * A page's list on its first load, and a change committed while that load is in flight: the
 * server answers the first request with what it held when the request arrived.
 */
async function listAfterChangeDuringFirstLoad(client: QueryClient): Promise<string[] | undefined> {
  let stored = ['Demo Merchant'];
  let answerFirst: () => void = () => {};
  let firstArrived: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
  let requests = 0;
  const queryFn = async () => {
    requests += 1;
    const seen = [...stored];
    if (requests === 1) {
      firstArrived();
      await new Promise<void>((resolve) => (answerFirst = resolve));
    }
    return seen;
  };
  const observer = new QueryObserver(client, { queryKey: ['merchants'], queryFn, retry: false });
  const unsubscribe = observer.subscribe(() => {});
  try {
    await arrived;
    stored = [...stored, 'Console Co'];
    const invalidated = client.invalidateQueries({ queryKey: ['merchants'] });
    answerFirst();
    await invalidated;
    return client.getQueryData<string[]>(['merchants']);
  } finally {
    unsubscribe();
    client.clear();
  }
}

describe("the pages' query client", () => {
  it('reads a list again when it was invalidated during its first fetch', async () => {
    expect(await listAfterChangeDuringFirstLoad(new PageQueryClient())).toEqual(['Demo Merchant', 'Console Co']);
  });

  it('reads a list again when it was invalidated during a later fetch, as TanStack Query does', async () => {
    const client = new PageQueryClient();
    let stored = 1;
    const observer = new QueryObserver(client, { queryKey: ['count'], queryFn: async () => stored, retry: false });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    stored = 2;
    await client.invalidateQueries({ queryKey: ['count'] });
    expect(client.getQueryData(['count'])).toBe(2);
    unsubscribe();
  });

  // TanStack Query's own client keeps the first fetch's old result. When this fails, upstream has
  // fixed it and PageQueryClient can go.
  it('is needed: the library alone keeps the result of the fetch that began before the change', async () => {
    expect(await listAfterChangeDuringFirstLoad(new QueryClient())).toEqual(['Demo Merchant']);
  });
});
