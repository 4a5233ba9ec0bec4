import type { DictData } from '@backroom/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn<(url: string, body: unknown) => Promise<DictData>>();
vi.mock('../../../core/request', () => ({
  call: (endpoint: { url: string }, body: unknown) => post(endpoint.url, body),
}));

const { DICT_DATA_KEY, useDict } = await import('./use-dict');
const { setLocale } = await import('../../../core/i18n');
const { useDictLookup } = await import('../../../core/dictionaries');

const DATA: DictData = {
  goodsType: [
    {
      id: 1,
      typeId: 1,
      name: '生鲜',
      labels: { 'zh-cn': '生鲜', 'zh-tw': '生鲜', en: '生鲜' },
      value: 1,
      orderNum: 1,
      parentId: null,
    },
    {
      id: 2,
      typeId: 1,
      name: '水果',
      labels: { 'zh-cn': '水果', 'zh-tw': '水果', en: '水果' },
      value: 11,
      orderNum: 1,
      parentId: 1,
    },
    {
      id: 3,
      typeId: 1,
      name: '日用百货',
      labels: { 'zh-cn': '日用百货', 'zh-tw': '日用百货', en: '日用百货' },
      value: 3,
      orderNum: 2,
      parentId: null,
    },
  ],
  storeType: [
    {
      id: 9,
      typeId: 2,
      name: '直营店',
      labels: { 'zh-cn': '直营店', 'zh-tw': '直营店', en: '直营店' },
      value: 'direct',
      orderNum: 1,
      parentId: null,
    },
  ],
};

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useDict', () => {
  afterEach(() => post.mockReset());

  it('gives options, labels and typed items of one type from one shared data call', async () => {
    post.mockResolvedValue(DATA);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => ({ goods: useDict('goodsType'), store: useDict('storeType') }), {
      wrapper: wrapper(client),
    });
    expect(result.current.goods.loading).toBe(true);
    expect(result.current.goods.label(1)).toBe('1');
    await waitFor(() => expect(result.current.goods.loading).toBe(false));

    // Both hooks read the same single request for every type.
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/admin/dict/info/data', { types: [] });
    const { goods, store } = result.current;
    expect(goods.options).toEqual([
      { label: '生鲜', value: 1, children: [{ label: '水果', value: 11 }] },
      { label: '日用百货', value: 3 },
    ]);
    expect(goods.label(11)).toBe('水果');
    expect(goods.label('3')).toBe('日用百货');
    expect(goods.items.map((i) => i.type)).toEqual(['goodsType', 'goodsType', 'goodsType']);
    expect(store.label('direct')).toBe('直营店');
    expect(store.options).toEqual([{ label: '直营店', value: 'direct' }]);
  });

  it('reloads after the dictionary changes (the data key is invalidated)', async () => {
    post.mockResolvedValueOnce(DATA);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useDict('storeType'), { wrapper: wrapper(client) });
    await waitFor(() => expect(result.current.label('direct')).toBe('直营店'));

    post.mockResolvedValueOnce({
      storeType: [
        {
          id: 9,
          typeId: 2,
          name: '直营门店',
          labels: { 'zh-cn': '直营门店', 'zh-tw': '直营门店', en: '直营门店' },
          value: 'direct',
          orderNum: 1,
          parentId: null,
        },
      ],
    });
    await act(() => client.invalidateQueries({ queryKey: DICT_DATA_KEY }));
    await waitFor(() => expect(result.current.label('direct')).toBe('直营门店'));
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('gives core’s derived screens any type’s choices and names from the same call, asking nothing until enabled', async () => {
    post.mockResolvedValue(DATA);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result, rerender } = renderHook(({ enabled }) => useDictLookup(enabled), {
      wrapper: wrapper(client),
      initialProps: { enabled: false },
    });
    expect(result.current.options('goodsType')).toEqual([]);
    expect(post).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.label('storeType', 'direct')).toBe('直营店'));
    expect(result.current.options('goodsType').map((o) => o.label)).toEqual(['生鲜', '日用百货']);
    expect(result.current.label('goodsType', 11)).toBe('水果');
  });

  it('names the items in the UI language and follows a switch without asking again', async () => {
    post.mockResolvedValue({
      customerType: [
        {
          id: 5,
          typeId: 3,
          name: 'VIP客户',
          labels: { 'zh-cn': 'VIP客户', 'zh-tw': 'VIP客戶', en: 'VIP customer' },
          value: 'vip',
          orderNum: 1,
          parentId: null,
        },
      ],
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(() => setLocale('en'));
    try {
      const { result } = renderHook(() => useDict('customerType'), { wrapper: wrapper(client) });
      await waitFor(() => expect(result.current.label('vip')).toBe('VIP customer'));
      expect(result.current.options).toEqual([{ label: 'VIP customer', value: 'vip' }]);
      await act(() => setLocale('zh-tw'));
      await waitFor(() => expect(result.current.label('vip')).toBe('VIP客戶'));
      expect(post).toHaveBeenCalledTimes(1);
    } finally {
      await act(() => setLocale('zh-cn'));
    }
  });
});
