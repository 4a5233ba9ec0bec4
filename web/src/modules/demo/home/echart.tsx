import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the home's three charts draw: the chunk this file starts is ECharts' smallest useful part.
use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

/** The data item a click landed on. */
export type PickedItem = { seriesIndex: number; seriesName: string; dataIndex: number };

/**
 * One chart: drawn into its box, redrawn when the option changes (the theme colour, dark mode, the
 * language), resized with its box, disposed with it. The canvas is a picture to assistive
 * technology (`label`); the figures themselves are written out beside it by the caller.
 */
export function EChart({
  option,
  label,
  height = 280,
  onPick,
}: {
  option: ChartOption;
  label: string;
  height?: number;
  /** A click on a data item (a point, a bar, a slice): its series and place in the series' data. */
  onPick?: (item: PickedItem) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (params) => {
      const p = params as { seriesIndex?: number; dataIndex?: number; seriesName?: string };
      if (p.dataIndex === undefined) return;
      pick.current?.({ seriesIndex: p.seriesIndex ?? 0, seriesName: p.seriesName ?? '', dataIndex: p.dataIndex });
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={box}
      className={`home-chart${onPick ? ' clickable' : ''}`}
      role="img"
      aria-label={label}
      style={{ height }}
    />
  );
}
