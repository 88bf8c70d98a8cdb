import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters } from '@tanstack/react-query';

/**
 * The pages' query client. An invalidation says the data changed, so the next result must be read
 * after it: a mutation's `onSuccess` invalidates the list it changed. TanStack Query keeps that
 * promise only for a query that already has data. A query still on its first fetch lends that
 * fetch to the invalidation, although it began before the change, and the page keeps the old result
 * until something else refetches: a merchant created while the Merchants page was still loading
 * never appeared in its table. Those queries are fetched once more after the invalidation
 * (page-query-client.test.ts says when the library no longer needs this).
 */
export class PageQueryClient extends QueryClient {
  override async invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    const firstFetches = new Set(
      this.getQueryCache()
        .findAll(filters)
        .filter((query) => query.state.data === undefined && query.state.fetchStatus !== 'idle'),
    );
    await super.invalidateQueries(filters, options);
    if (firstFetches.size > 0) await this.refetchQueries({ type: 'active', predicate: (query) => firstFetches.has(query) }, options);
  }
}
