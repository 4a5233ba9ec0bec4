import type { DictData } from '@backroom/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Callable } from '../request';
import { testGoods } from './test-goods';

/*
 * The screen a declaration gives by itself, rendered: `<CrudPage entity={testGoods} />` with the
 * request layer replaced by a fake server that remembers what it was sent.
 */

type Sent = { url: string; body: unknown };
const sent: Sent[] = [];
const ROW = {
  id: 7,
  title: 'Green tea',
  price: 12.5,
  stock: 30,
  status: 1,
  onSale: false,
  kind: 'fresh',
  detail: null,
  images: ['a.png', 'b.png'],
  publishAt: '2026-01-02 09:30:00',
  shopName: 'Harbour Road',
  createTime: '2026-01-01 08:00:00',
  updateTime: '2026-01-01 08:00:00',
};

/** The dictionaries, as dict/info/data answers them: the kind column names `goodsType`. */
const DICTIONARIES: DictData = {
  goodsType: [
    {
      id: 1,
      typeId: 1,
      name: 'Fresh',
      labels: { 'zh-cn': 'Fresh', 'zh-tw': 'Fresh', en: 'Fresh' },
      value: 'fresh',
      orderNum: 1,
      parentId: null,
    },
    {
      id: 2,
      typeId: 1,
      name: 'Household',
      labels: { 'zh-cn': 'Household', 'zh-tw': 'Household', en: 'Household' },
      value: 'home',
      orderNum: 2,
      parentId: null,
    },
  ],
};

vi.mock('../request', () => ({
  call: (endpoint: Callable, body?: unknown) => {
    sent.push({ url: endpoint.url, body });
    if (endpoint.url === '/admin/dict/info/data') return Promise.resolve(DICTIONARIES);
    if (endpoint.url.endsWith('/page')) {
      return Promise.resolve({ list: [ROW], pagination: { page: 1, size: 20, total: 1 } });
    }
    return Promise.resolve(endpoint.url.endsWith('/add') ? { id: 8 } : undefined);
  },
}));

const { CrudPage } = await import('./CrudPage');
const { applyOverrides } = await import('./crud-defaults');
const { FeedbackProvider } = await import('../app-feedback');
const { setLocale } = await import('../i18n');
const { usePerms } = await import('../permission');

beforeAll(async () => {
  // What antd's grid and the scroll cue ask of the browser, which jsdom does not have.
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  usePerms.getState().setPerms(Object.values(testGoods.perms));
  await setLocale('en');
});

afterEach(() => {
  cleanup();
  sent.length = 0;
});

function show(element: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>{element}</FeedbackProvider>
    </QueryClientProvider>,
  );
}

/** The table's first page is shown (the derived screen's code loads first: generous on a busy machine). */
const SLOW = { timeout: 10_000 };
const loaded = () => screen.findByText('Green tea', {}, SLOW);
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
/** The filters above the table, by their labels. */
const filterNames = () =>
  within(document.querySelector('.crud-search') as HTMLElement)
    .getAllByRole('combobox')
    .map((c) => c.getAttribute('aria-label'));
const dialog = () => screen.getByRole('dialog');

describe('a screen from the declaration alone', () => {
  it('derives the columns: labels, enum and dict words, bool tags, json shortened, joined fields, creation time', async () => {
    show(<CrudPage entity={testGoods} />);
    await loaded();
    expect(headers()).toEqual(
      expect.arrayContaining([
        'Title',
        'Price',
        'Stock',
        'Status',
        'Promoted',
        'Kind',
        'Detail',
        'Images',
        'Published at',
        'Shop',
        'Created',
      ]),
    );
    const row = screen.getByText('Green tea').closest('tr') as HTMLElement;
    expect(within(row).getByText('On sale')).toBeTruthy();
    expect(within(row).getByText('No')).toBeTruthy();
    // The page is asked for while the screen renders, so its rows may show before the dictionaries' words.
    expect(await within(row).findByText('Fresh')).toBeTruthy();
    expect(within(row).getByText('["a.png","b.png"]')).toBeTruthy();
    expect(within(row).getByText('Harbour Road')).toBeTruthy();
    expect(sent.find((s) => s.url.endsWith('/page'))).toEqual({
      url: '/admin/demo/goods/page',
      body: { page: 1, size: 20 },
    });
    // The kind column names a dictionary: its words come from the one shared data call.
    expect(sent.filter((s) => s.url === '/admin/dict/info/data')).toEqual([
      { url: '/admin/dict/info/data', body: { types: [] } },
    ]);
  });

  it('offers a filter for each equality filter with a finite set of values', async () => {
    show(<CrudPage entity={testGoods} />);
    await loaded();
    // status (enum), onSale (bool), kind (dict); not price, whose values are not a set.
    expect(filterNames()).toEqual(['Status', 'Promoted', 'Kind']);
  });

  it('names what the keyword searches from the declaration', async () => {
    show(<CrudPage entity={testGoods} />);
    await loaded();
    const searched = testGoods.query.keyWordLikeFields.map((key) => testGoods.columns[key].label.en);
    expect(searched.length).toBeGreaterThan(0);
    const box = screen.getByRole('searchbox');
    for (const name of searched) expect(box.getAttribute('placeholder')).toContain(name);
  });

  it('derives the form by column kind, starts from the declared defaults and checks json before saving', async () => {
    show(<CrudPage entity={testGoods} />);
    await loaded();
    fireEvent.click(screen.getByTestId('crud-add'));
    const form = await waitFor(() => dialog(), SLOW);
    const field = (id: string) => form.querySelector<HTMLElement>(`#${id}`);
    await waitFor(() => expect(field('title')).toBeTruthy(), SLOW);
    expect(field('title')?.tagName).toBe('INPUT');
    expect(field('title')?.getAttribute('maxlength')).toBe('50');
    expect(field('price')?.getAttribute('role')).toBe('spinbutton');
    expect(field('stock')?.getAttribute('aria-valuemax')).toBe('9999');
    expect(field('status')?.getAttribute('role')).toBe('combobox');
    expect(field('onSale')?.getAttribute('role')).toBe('switch');
    expect(field('kind')?.getAttribute('role')).toBe('combobox');
    expect(field('detail')?.tagName).toBe('TEXTAREA');
    expect(field('images')?.tagName).toBe('TEXTAREA');
    expect((field('images') as HTMLTextAreaElement).value).toBe('[]');
    expect(field('publishAt')?.closest('.ant-picker')).toBeTruthy();
    expect(within(form).getByText('On sale')).toBeTruthy();

    fireEvent.change(field('title') as HTMLElement, { target: { value: 'Oolong' } });
    fireEvent.change(field('price') as HTMLElement, { target: { value: '3' } });
    fireEvent.change(field('images') as HTMLElement, { target: { value: '[broken' } });
    fireEvent.click(within(form).getByRole('button', { name: /save/i }));
    expect(await within(form).findByText('Images is not valid', {}, SLOW)).toBeTruthy();
    expect(sent.some((s) => s.url.endsWith('/add'))).toBe(false);

    fireEvent.change(field('images') as HTMLElement, { target: { value: '["c.png"]' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: /save/i }));
    });
    await waitFor(() => expect(sent.some((s) => s.url.endsWith('/add'))).toBe(true), SLOW);
    expect(sent.find((s) => s.url.endsWith('/add'))?.body).toEqual({
      title: 'Oolong',
      price: 3,
      stock: 0,
      status: 1,
      onSale: false,
      images: ['c.png'],
      detail: null,
      kind: null,
      publishAt: null,
    });
  });

  it('takes overrides key by key and leaves the rest as derived', async () => {
    show(
      <CrudPage
        entity={testGoods}
        overrides={{
          price: { title: 'Cost', column: { render: (value) => `¥${value.toFixed(2)}` } },
          detail: { column: false, field: { input: <textarea data-testid="own-detail" /> } },
          status: { filter: false },
          images: { field: false },
        }}
      />,
    );
    await loaded();
    expect(headers()).toContain('Cost');
    expect(headers()).not.toContain('Detail');
    expect(headers()).toContain('Stock');
    expect(screen.getByText('¥12.50')).toBeTruthy();
    expect(filterNames()).toEqual(['Promoted', 'Kind']);
    fireEvent.click(screen.getByTestId('crud-add'));
    const form = await waitFor(() => dialog(), SLOW);
    await waitFor(() => expect(within(form).getByTestId('own-detail')).toBeTruthy(), SLOW);
    expect(within(form).getByText('Cost')).toBeTruthy();
    expect(form.querySelector('#images')).toBeNull();
    expect(form.querySelector('#title')).toBeTruthy();
  });

  it('splits a field into variants, and adds a column the declaration does not derive', () => {
    const derived = {
      columns: [{ key: 'title' }, { key: 'createTime' }],
      fields: [{ name: 'title' }, { name: 'detail', span: 24 as const }],
      filters: [],
    };
    const { columns, fields } = applyOverrides(derived, {
      createTime: { column: false },
      updateTime: { column: { width: 170 } },
      detail: { field: [{ when: (v) => v.title === 'a', tooltip: 'A' }, { when: (v) => v.title !== 'a' }] },
    });
    expect(columns).toEqual([{ key: 'title' }, { key: 'updateTime', width: 170 }]);
    expect(fields.map((f) => [f.name, f.span, f.tooltip])).toEqual([
      ['title', undefined, undefined],
      ['detail', 24, 'A'],
      ['detail', 24, undefined],
    ]);
  });
});
