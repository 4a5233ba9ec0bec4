import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { accentText } from '../theme';
import './charts.css';
import { axisTicks, type ChartLook, palette, ringSlice, shareLabels } from './chart-options';

/*
 * The home's three charts, drawn as SVG by the page itself: a few hundred lines instead of a
 * charting library's 150 KB (issue 25, the home page's budget). A departure from the design's
 * stack, which names ECharts (lazy-loaded): even its modular build, loaded with the dashboard
 * only, kept the home 383 KB over the sign-in page against a limit of 300 (docs/benchmarks.md).
 * Each is a picture to assistive technology (`label` says its figures); a pointer shows a tip and
 * a click picks what is under it.
 */

/** The item a click landed on: a series (of the trend) and a place in its data. */
export type PickedItem = { seriesIndex: number; dataIndex: number };

/** About how wide a text is at the charts' 12 px: CJK characters a full em, others a little over half. */
function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += /[\u2e80-\uffff]/.test(ch) ? 12 : 7;
  return width;
}

/** The text cut to `max` pixels with an ellipsis (the whole of it shows in the tip). */
function fit(text: string, max: number): string {
  if (textWidth(text) <= max) return text;
  let out = '';
  for (const ch of text) {
    if (textWidth(`${out}${ch}…`) > max) break;
    out += ch;
  }
  return `${out}…`;
}

/** The box's width, followed as it resizes (0 until it is laid out). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A chart's box: a picture to assistive technology, its figures in `label`; the pointer's cursor where a click picks. */
function ChartBox({
  boxRef,
  label,
  clickable,
  height,
  className,
  children,
}: {
  boxRef: RefObject<HTMLDivElement | null>;
  label: string;
  clickable: boolean;
  height?: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      ref={boxRef}
      className={['home-chart', className, clickable && 'clickable'].filter(Boolean).join(' ')}
      role="img"
      aria-label={label}
      style={height === undefined ? undefined : { height }}
    >
      {children}
    </div>
  );
}

type Hover<T> = { item: T; x: number; y: number };

/**
 * The pointer over a chart's box: `at` names the item at a point of the box (or null). Hovering
 * shows its tip, a click picks it. Listened to on the box, which has nothing to focus: the figures
 * are in its label, and the lists they open are reached from the figures above the charts too.
 */
function usePointer<T>(
  ref: RefObject<HTMLDivElement | null>,
  at: (x: number, y: number, target: Element | null) => T | null,
  onPick?: (item: T) => void,
): Hover<T> | null {
  const [hover, setHover] = useState<Hover<T> | null>(null);
  const find = useRef(at);
  find.current = at;
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const local = (event: MouseEvent) => {
      const box = el.getBoundingClientRect();
      const x = event.clientX - box.left;
      const y = event.clientY - box.top;
      const item = find.current(x, y, event.target instanceof Element ? event.target : null);
      return item === null ? null : { item, x, y };
    };
    const move = (event: PointerEvent) => setHover(local(event));
    const leave = () => setHover(null);
    const click = (event: MouseEvent) => {
      const found = local(event);
      if (found) pick.current?.(found.item);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerleave', leave);
    el.addEventListener('click', click);
    return () => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerleave', leave);
      el.removeEventListener('click', click);
    };
  }, [ref]);
  return hover;
}

/** The tip beside the pointer, on the side with room. */
function Tip({ x, y, width, children }: { x: number; y: number; width: number; children: ReactNode }) {
  const side = x > width / 2 ? { right: width - x + 12 } : { left: x + 12 };
  return (
    <div className="home-chart-tip" style={{ ...side, top: y + 12 }}>
      {children}
    </div>
  );
}

function Swatch({ color, dashed }: { color: string; dashed?: boolean }) {
  return <i className={`home-chart-swatch${dashed ? ' dashed' : ''}`} style={{ borderColor: color }} />;
}

type Common = {
  look: ChartLook;
  /** What the chart shows, in words (its figures), for assistive technology. */
  label: string;
  /** Numbers in the reader's language. */
  locale: string;
  height?: number;
  onPick?: (item: PickedItem) => void;
};

export type LineSeries = { name: string; values: readonly number[]; dashed?: boolean; area?: boolean };

const LEGEND = 28;
const AXIS = 24;

/** Lines over days (the 30-day trend): a legend on top, a value axis on the left, the days below. */
export function LineChart({
  look,
  label,
  locale,
  height = 280,
  onPick,
  categories,
  series,
}: Common & { categories: readonly string[]; series: readonly LineSeries[] }) {
  const { ref, width } = useWidth();
  const colors = palette(look);
  const n = categories.length;
  const ticks = axisTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks[ticks.length - 1] ?? 1;
  const left = 8 + Math.max(...ticks.map((t) => textWidth(t.toLocaleString(locale)))) + 8;
  const right = 16;
  const plotTop = LEGEND + 8;
  const plotWidth = Math.max(0, width - left - right);
  const plotHeight = height - plotTop - AXIS;
  const x = (i: number) => left + (n > 1 ? (i * plotWidth) / (n - 1) : plotWidth / 2);
  const y = (value: number) => plotTop + plotHeight * (1 - value / top);
  const every = Math.max(1, Math.ceil(n / Math.max(1, Math.floor(plotWidth / 56))));
  // A dot on each day where there is room between them (a phone shows the hovered day's alone).
  const dots = n <= 1 || plotWidth / (n - 1) >= 14;

  const hover = usePointer<PickedItem>(
    ref,
    (px, py) => {
      if (n === 0 || px < left - 8 || px > width - right + 8 || py < plotTop - 8 || py > plotTop + plotHeight + 8)
        return null;
      const dataIndex = Math.min(n - 1, Math.max(0, Math.round(n > 1 ? ((px - left) * (n - 1)) / plotWidth : 0)));
      // The series whose point is nearest the pointer on that day.
      let seriesIndex = 0;
      let nearest = Number.POSITIVE_INFINITY;
      series.forEach((s, i) => {
        const distance = Math.abs(y(s.values[dataIndex] ?? 0) - py);
        if (distance < nearest) {
          nearest = distance;
          seriesIndex = i;
        }
      });
      return { seriesIndex, dataIndex };
    },
    onPick,
  );
  const day = hover?.item.dataIndex;

  return (
    <ChartBox boxRef={ref} label={label} clickable={!!onPick} height={height}>
      <div className="home-chart-legend top">
        {series.map((s, i) => (
          <span key={s.name}>
            <Swatch color={colors[i] ?? look.color} dashed={s.dashed} />
            {s.name}
          </span>
        ))}
      </div>
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true">
          {ticks.map((t) => (
            <g key={t}>
              <line className="home-chart-grid" x1={left} x2={width - right} y1={y(t)} y2={y(t)} />
              <text className="home-chart-axis" x={left - 8} y={y(t)} dy="0.32em" textAnchor="end">
                {t.toLocaleString(locale)}
              </text>
            </g>
          ))}
          {categories.map((c, i) =>
            i % every === 0 ? (
              <text key={c} className="home-chart-axis" x={x(i)} y={height - 6} textAnchor="middle">
                {c}
              </text>
            ) : null,
          )}
          {day !== undefined && (
            <line className="home-chart-pointer" x1={x(day)} x2={x(day)} y1={plotTop} y2={plotTop + plotHeight} />
          )}
          {series.map((s, si) => {
            const color = colors[si] ?? look.color;
            const points = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
            return (
              <g key={s.name}>
                {s.area && n > 1 && (
                  <path
                    d={`M ${points.join(' L ')} L ${x(n - 1).toFixed(1)},${y(0)} L ${x(0).toFixed(1)},${y(0)} Z`}
                    fill={color}
                    fillOpacity={0.12}
                  />
                )}
                <polyline
                  points={points.join(' ')}
                  fill="none"
                  stroke={color}
                  strokeWidth={2}
                  strokeLinejoin="round"
                  strokeDasharray={s.dashed ? '6 4' : undefined}
                />
                {s.values.map((v, i) =>
                  dots || day === i ? (
                    <circle
                      // biome-ignore lint/suspicious/noArrayIndexKey: a day's place is its identity here.
                      key={i}
                      className="home-chart-dot"
                      cx={x(i)}
                      cy={y(v)}
                      r={day === i ? 4 : 2.5}
                      stroke={color}
                    />
                  ) : null,
                )}
              </g>
            );
          })}
        </svg>
      )}
      {hover && day !== undefined && (
        <Tip x={hover.x} y={hover.y} width={width}>
          <div className="home-chart-tip-title">{categories[day]}</div>
          {series.map((s, i) => (
            <div key={s.name}>
              <Swatch color={colors[i] ?? look.color} dashed={s.dashed} />
              {s.name} <b>{(s.values[day] ?? 0).toLocaleString(locale)}</b>
            </div>
          ))}
        </Tip>
      )}
    </ChartBox>
  );
}

const ROW = 34;
const NAME_MAX = 110;

/** Horizontal bars, one per name, in the order given (the most on top), each with its count. */
export function BarChart({
  look,
  label,
  locale,
  onPick,
  rows,
  height: least = 200,
}: Common & { rows: ReadonlyArray<{ name: string; value: number }> }) {
  const { ref, width } = useWidth();
  const ticks = axisTicks(Math.max(0, ...rows.map((r) => r.value)));
  const top = ticks[ticks.length - 1] ?? 1;
  const names = rows.map((r) => fit(r.name, NAME_MAX));
  const left = 8 + Math.max(...names.map(textWidth), 0) + 8;
  const right = 16 + Math.max(...rows.map((r) => textWidth(r.value.toLocaleString(locale))), 0) + 6;
  const plotWidth = Math.max(0, width - left - right);
  // At least `least` high (the home's panels line up at 200), more as the rows need.
  const height = Math.max(least, rows.length * ROW + AXIS + 16);
  const plotTop = 8;
  const x = (value: number) => left + (plotWidth * value) / top;
  const bar = Math.min(22, ROW * 0.6);
  const valueInk = accentText(look.color, look.dark);

  const hover = usePointer<PickedItem>(
    ref,
    (px, py) => {
      const dataIndex = Math.floor((py - plotTop) / ROW);
      if (dataIndex < 0 || dataIndex >= rows.length || px < 0 || px > width) return null;
      return { seriesIndex: 0, dataIndex };
    },
    onPick,
  );
  const row = hover ? rows[hover.item.dataIndex] : undefined;

  return (
    <ChartBox boxRef={ref} label={label} clickable={!!onPick} height={height}>
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true">
          {ticks.map((t) => (
            <g key={t}>
              <line className="home-chart-grid" x1={x(t)} x2={x(t)} y1={plotTop} y2={plotTop + rows.length * ROW} />
              <text className="home-chart-axis" x={x(t)} y={plotTop + rows.length * ROW + 18} textAnchor="middle">
                {t.toLocaleString(locale)}
              </text>
            </g>
          ))}
          {hover && (
            <rect
              className="home-chart-band"
              x={left}
              y={plotTop + hover.item.dataIndex * ROW}
              width={plotWidth}
              height={ROW}
            />
          )}
          {rows.map((r, i) => {
            const middle = plotTop + i * ROW + ROW / 2;
            const length = Math.max(r.value > 0 ? 2 : 0, x(r.value) - left);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: two stores may share a name; the row's place is its identity.
              <g key={i}>
                <text className="home-chart-axis" x={left - 8} y={middle} dy="0.32em" textAnchor="end">
                  {names[i]}
                </text>
                {r.value > 0 && (
                  <path
                    d={`M ${left} ${middle - bar / 2} h ${Math.max(0, length - 4)} a 4 4 0 0 1 4 4 v ${bar - 8} a 4 4 0 0 1 -4 4 h ${-Math.max(0, length - 4)} Z`}
                    fill={look.color}
                  />
                )}
                <text x={left + length + 6} y={middle} dy="0.32em" fill={valueInk} className="home-chart-value">
                  {r.value.toLocaleString(locale)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      {hover && row && (
        <Tip x={hover.x} y={hover.y} width={width}>
          {row.name} <b>{row.value.toLocaleString(locale)}</b>
        </Tip>
      )}
    </ChartBox>
  );
}

const RING = 220;

/** A ring of shares (customers by type), its legend below with each count and share (summing to 100%). */
export function RingChart({
  look,
  label,
  locale,
  onPick,
  slices,
}: Common & { slices: ReadonlyArray<{ name: string; value: number }> }) {
  const { ref, width } = useWidth();
  const colors = palette(look);
  const shares = shareLabels(
    slices.map((s) => s.value),
    locale,
  );
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const cx = width / 2;
  const cy = RING / 2;
  const outer = RING * 0.44;
  const inner = outer * 0.62;
  // Each slice's angles, clockwise from 12 o'clock.
  const angles: Array<[number, number]> = [];
  let from = 0;
  for (const s of slices) {
    const to = total > 0 ? from + (s.value / total) * Math.PI * 2 : from;
    angles.push([from, to]);
    from = to;
  }

  const hover = usePointer<PickedItem>(
    ref,
    (px, py, target) => {
      const legend = target?.closest('[data-slice]');
      if (legend) return { seriesIndex: 0, dataIndex: Number(legend.getAttribute('data-slice')) };
      const distance = Math.hypot(px - cx, py - cy);
      if (distance < inner || distance > outer + 4) return null;
      const angle = (Math.atan2(px - cx, cy - py) + Math.PI * 2) % (Math.PI * 2);
      const dataIndex = angles.findIndex(([a, b]) => angle >= a && angle < b);
      return dataIndex < 0 ? null : { seriesIndex: 0, dataIndex };
    },
    onPick,
  );
  const picked = hover?.item.dataIndex;
  const pickedSlice = picked === undefined ? undefined : slices[picked];
  const color = (i: number) => colors[i % colors.length] ?? look.color;

  return (
    <ChartBox boxRef={ref} label={label} clickable={!!onPick} className="home-ring">
      <svg width={Math.max(width, 1)} height={RING} aria-hidden="true">
        {width > 0 &&
          slices.map((s, i) => {
            const [a, b] = angles[i] ?? [0, 0];
            if (b <= a) return null;
            const grow = picked === i ? 4 : 0;
            return (
              <path
                // biome-ignore lint/suspicious/noArrayIndexKey: two types may share a name; the slice's place is its identity.
                key={i}
                className="home-chart-slice"
                d={ringSlice(cx, cy, outer + grow, inner, a, b)}
                fill={color(i)}
              >
                <title>{s.name}</title>
              </path>
            );
          })}
      </svg>
      <ul className="home-chart-legend below">
        {slices.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <li key={i} data-slice={i} className={`home-chart-legend-item${picked === i ? ' active' : ''}`}>
            <Swatch color={color(i)} />
            <span className="home-chart-legend-name">{s.name}</span>
            <span className="home-chart-legend-figure">
              {s.value.toLocaleString(locale)} · {shares[i]}
            </span>
          </li>
        ))}
      </ul>
      {hover && picked !== undefined && pickedSlice && (
        <Tip x={hover.x} y={hover.y} width={width}>
          {pickedSlice.name} <b>{pickedSlice.value.toLocaleString(locale)}</b> ({shares[picked]})
        </Tip>
      )}
    </ChartBox>
  );
}
