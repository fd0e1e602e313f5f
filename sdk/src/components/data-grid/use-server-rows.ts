import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { DataGridPage, DataGridQuery } from './types';

export interface ServerRows<Row> {
  items: Row[];
  total: number;
  loading: boolean;
  error: string | null;
}

const EMPTY: never[] = [];

/**
 * Server-side row model: fetches one page whenever page, limit, sort or reloadKey change.
 * Keeps the previous page visible while loading; answers of superseded requests are dropped.
 */
export function useServerRows<Row>(
  fetchPage: ((query: DataGridQuery) => Promise<DataGridPage<Row>>) | undefined,
  query: DataGridQuery,
  reloadKey: unknown,
  loadErrorFallback: string,
): ServerRows<Row> {
  const [state, setState] = useState<ServerRows<Row>>({ items: EMPTY, total: 0, loading: !!fetchPage, error: null });
  // the latest callbacks, so an inline fetchPage does not refetch on every render
  const fetchRef = useRef(fetchPage);
  const fallbackRef = useRef(loadErrorFallback);
  useLayoutEffect(() => {
    fetchRef.current = fetchPage;
    fallbackRef.current = loadErrorFallback;
  });

  const enabled = fetchPage !== undefined;
  const { page, limit } = query;
  const sortId = query.sort?.id;
  const sortDesc = query.sort?.desc ?? false;

  useEffect(() => {
    const fetcher = fetchRef.current;
    if (!enabled || !fetcher) return;
    let current = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    const request: DataGridQuery = { page, limit };
    if (sortId !== undefined) request.sort = { id: sortId, desc: sortDesc };
    let pending: Promise<DataGridPage<Row>>;
    try {
      pending = Promise.resolve(fetcher(request));
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
        (result) => {
          if (current) setState({ items: result.items, total: result.total, loading: false, error: null });
        },
        (error: unknown) => {
          if (!current) return;
          const message = error instanceof Error && error.message ? error.message : fallbackRef.current;
          setState((s) => ({ ...s, items: EMPTY, loading: false, error: message }));
        },
      );
    return () => {
      current = false;
    };
  }, [enabled, page, limit, sortId, sortDesc, reloadKey]);

  return state;
}
