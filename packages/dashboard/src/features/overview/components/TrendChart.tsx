// The one line chart of the monitoring screens. ECharts core with only line + grid/tooltip/legend + canvas,
// so the bundle stays small. Colours and text come from antd tokens (light/dark follow the theme); the
// ECharts locale follows the console language. `data-rendered` turns true on the frame after the first draw with data
// (the browser test times navigation → first chart from it).
import { useEffect, useMemo, useRef, useState } from 'react';
import { Empty, Spin, theme } from 'antd';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import { useLanguage } from '../../../i18n/language';
import type { Point } from '../series';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface TrendSeries {
  name: string;
  data: Point[];
}

interface Props {
  series: TrendSeries[];
  /** Accessible name of the chart (the card title). */
  label: string;
  height?: number;
  /** Fixed x window [from, to] in epoch ms, e.g. the past minute; otherwise fitted to the data. */
  xRange?: [number, number];
  /** Unit appended to tooltip values, e.g. 'msg/s'. */
  unit?: string;
  emptyText?: string;
  /** Data not there yet: a spinner instead of the empty state (the chart itself is set up meanwhile). */
  loading?: boolean;
}

let canvasOk: boolean | undefined;
/** A DOM without 2D canvas (jsdom) cannot host ECharts' canvas renderer; the cards then show only their numbers. */
function canvasSupported(): boolean {
  if (canvasOk === undefined) {
    try {
      canvasOk = !!document.createElement('canvas').getContext('2d');
    } catch {
      canvasOk = false;
    }
  }
  return canvasOk;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Time labels for a fixed window: seconds within the last minutes, HH:mm up to a day, the date as well beyond it.
 * Without a window ECharts picks its own (it then labels day boundaries, which reads badly with few samples).
 */
export function timeLabelFormat(xRange: [number, number] | undefined): string | undefined {
  if (!xRange) return undefined;
  const span = xRange[1] - xRange[0];
  if (span < HOUR_MS) return '{HH}:{mm}:{ss}';
  if (span <= DAY_MS) return '{HH}:{mm}';
  return '{MM}-{dd} {HH}:{mm}';
}

const formatValue = (n: number) => (Number.isInteger(n) ? n.toLocaleString() : n.toLocaleString(undefined, { maximumFractionDigits: 2 }));

export function TrendChart({ series, label, height = 220, xRange, unit, emptyText, loading }: Props) {
  const { token } = theme.useToken();
  const lang = useLanguage();
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts | null>(null);
  const [rendered, setRendered] = useState(false);
  const hasData = series.some((s) => s.data.length > 0);

  // Re-created on a language change: the ECharts locale is fixed at init.
  useEffect(() => {
    const el = ref.current;
    if (!el || !canvasSupported()) return;
    const chart = echarts.init(el, undefined, { renderer: 'canvas', locale: lang === 'zh' ? 'ZH' : 'EN' });
    chartRef.current = chart;
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => chart.resize()) : undefined;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [lang]);

  const option = useMemo<EChartsCoreOption>(() => {
    const palette = [token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorError, token.purple, token.cyan];
    return {
      backgroundColor: 'transparent',
      color: palette,
      animation: false,
      // ECharts 6 keeps axis labels inside the container by default (grid.outerBoundsMode 'auto'), but a time label
      // centred on the right edge ('23:49:30') was still cut to '23:49:3': keep half a label's width free there.
      grid: { left: 8, right: 28, top: series.length > 1 ? 32 : 12, bottom: 8 },
      legend: series.length > 1 && hasData ? { top: 0, textStyle: { color: token.colorTextSecondary }, icon: 'roundRect' } : { show: false },
      tooltip: {
        trigger: 'axis',
        backgroundColor: token.colorBgElevated,
        borderColor: token.colorBorderSecondary,
        textStyle: { color: token.colorText },
        valueFormatter: (v: unknown) => (typeof v === 'number' ? formatValue(v) + (unit ? ` ${unit}` : '') : '-'),
      },
      xAxis: {
        type: 'time',
        min: xRange?.[0],
        max: xRange?.[1],
        axisLine: { lineStyle: { color: token.colorBorder } },
        axisLabel: { color: token.colorTextSecondary, hideOverlap: true, formatter: timeLabelFormat(xRange) },
        splitLine: { show: false },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: { color: token.colorTextSecondary },
        splitLine: { lineStyle: { color: token.colorSplit } },
      },
      series: series.map((s) => ({
        name: s.name,
        type: 'line',
        data: s.data,
        showSymbol: s.data.length < 2,
        smooth: false,
        lineStyle: { width: 2 },
        areaStyle: series.length === 1 ? { opacity: 0.12 } : undefined,
      })),
    };
  }, [series, xRange, unit, token, hasData]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    // Not lazy: setOption draws synchronously, so the next frame shows the data.
    chart.setOption(option, { notMerge: true });
    if (!hasData || rendered) return;
    const frame = requestAnimationFrame(() => setRendered(true));
    return () => cancelAnimationFrame(frame);
  }, [option, hasData, rendered, lang]);

  return (
    <div style={{ position: 'relative', height }}>
      <div ref={ref} role="img" aria-label={label} data-testid="trend-chart" data-rendered={rendered ? 'true' : 'false'} style={{ position: 'absolute', inset: 0 }} />
      {!hasData && (
        <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
          {loading ? <Spin /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
        </div>
      )}
    </div>
  );
}
