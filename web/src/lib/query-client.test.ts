import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** Spec accounts §7 data-fetching defaults. */
describe('query defaults (lib/query-client)', () => {
  it('never stale, no refetch on interval or window focus, no retries for queries or mutations', () => {
    const { queries, mutations } = queryClient.getDefaultOptions();
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
  });

  it('a plain query is one GET to its key parts joined by "/", not retried when it fails, and then not refetched', async () => {
    const calls: { url: string; method: string }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), method: init?.method ?? 'GET' });
      return new Response(JSON.stringify({ message: 'boom' }), { status: 500, headers: { 'content-type': 'application/json' } });
    });
    await expect(queryClient.fetchQuery({ queryKey: ['/api/professionals', 7] })).rejects.toThrow();
    expect(calls).toEqual([{ url: '/api/professionals/7', method: 'GET' }]);

    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ id: 7 }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(queryClient.fetchQuery({ queryKey: ['/api/institutions', 3] })).resolves.toEqual({ id: 7 });
    // Never stale: asking again uses the cached result without a request.
    const again = vi.fn();
    vi.stubGlobal('fetch', again);
    await expect(queryClient.fetchQuery({ queryKey: ['/api/institutions', 3] })).resolves.toEqual({ id: 7 });
    expect(again).not.toHaveBeenCalled();
  });
});
