import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTabRoute } from '../route-context';

/**
 * A filter a link may carry in a list's URL (the home dashboard's figures open their lists with the
 * filter they count): `window` a pair `<name>From`/`<name>To` of stored times (from inclusive, to
 * exclusive), `id` a whole number, `values` one or more words (comma-separated: the list's IN), `value`
 * one word. `label` names it in the bar above the list, `show` turns a value into words.
 */
export type UrlFilter =
  | { kind: 'window'; name: string; label: string }
  | { kind: 'id' | 'value' | 'values'; name: string; label: string; show?: (value: string) => string };

const TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const ID = /^[1-9]\d{0,15}$/;
const WORD = /^[^,]{1,100}$/;

/** A window's words: whole days as `first – last`, otherwise its two times. */
function windowText(from: string | undefined, to: string | undefined): string {
  const midnight = (s: string | undefined) => s !== undefined && (s.length === 10 || s.endsWith(' 00:00:00'));
  if (from && to && midnight(from) && midnight(to)) {
    const [y, m, d] = to.slice(0, 10).split('-').map(Number);
    const last = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) - 1)).toISOString().slice(0, 10);
    return last === from.slice(0, 10) ? last : `${from.slice(0, 10)} – ${last}`;
  }
  return `${from?.slice(0, 16) ?? '…'} – ${to?.slice(0, 16) ?? '…'}`;
}

export type ParsedUrlFilters = { params: Record<string, unknown>; shown: Array<{ key: string; text: string }> };

/** The filters of `search` the list takes (anything else, or malformed, is left out). */
export function parseUrlFilters(search: string, filters: readonly UrlFilter[]): ParsedUrlFilters {
  const query = new URLSearchParams(search);
  const params: Record<string, unknown> = {};
  const shown: ParsedUrlFilters['shown'] = [];
  for (const f of filters) {
    if (f.kind === 'window') {
      const from = query.get(`${f.name}From`) ?? undefined;
      const to = query.get(`${f.name}To`) ?? undefined;
      const ok = (s: string | undefined) => s === undefined || TIME.test(s);
      if ((from === undefined && to === undefined) || !ok(from) || !ok(to)) continue;
      if (from !== undefined) params[`${f.name}From`] = from;
      if (to !== undefined) params[`${f.name}To`] = to;
      shown.push({ key: f.name, text: `${f.label}: ${windowText(from, to)}` });
      continue;
    }
    const raw = query.get(f.name);
    if (raw === null || raw === '') continue;
    const show = f.show ?? ((v: string) => v);
    if (f.kind === 'id') {
      if (!ID.test(raw)) continue;
      params[f.name] = Number(raw);
    } else if (f.kind === 'values') {
      const values = raw.split(',').filter((v) => WORD.test(v));
      if (values.length === 0) continue;
      params[f.name] = values;
      shown.push({ key: f.name, text: `${f.label}: ${values.map(show).join(', ')}` });
      continue;
    } else {
      if (!WORD.test(raw)) continue;
      params[f.name] = raw;
    }
    shown.push({ key: f.name, text: `${f.label}: ${show(raw)}` });
  }
  return { params, shown };
}

/**
 * The filters a list screen takes from its tab's URL: `params` for its page request (undefined when
 * the URL has none), and `bar`, the line above the list that says what is filtered, with a way to
 * the whole list.
 */
export function useUrlFilters(filters: readonly UrlFilter[]): {
  params: Record<string, unknown> | undefined;
  bar: ReactNode;
} {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { path, search } = useTabRoute();
  const parsed = useMemo(() => parseUrlFilters(search, filters), [search, filters]);
  if (parsed.shown.length === 0) return { params: undefined, bar: null };
  const bar = (
    <div className="url-filters" role="status" data-testid="url-filters">
      <FilterOutlined aria-hidden="true" />
      <span className="url-filters-title">{t('crud.urlFilters.title')}</span>
      {parsed.shown.map((s) => (
        <Tag key={s.key} className="url-filters-tag">
          {s.text}
        </Tag>
      ))}
      <Button size="small" type="link" icon={<CloseOutlined />} onClick={() => navigate(path)}>
        {t('crud.urlFilters.clear')}
      </Button>
    </div>
  );
  return { params: parsed.params, bar };
}
