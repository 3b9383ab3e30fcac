import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { TrendChartProps } from './TrendChart';
import { fmtShort } from './format';
import styles from './health.module.css';

// Only the pieces the trend uses (tree-shaken); this module is its own chunk, loaded by TrendChart.
echarts.use([LineChart, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

/** A token's value (ui/tokens.css): ECharts draws with colours, not var() references. */
const css = (name: string) => (typeof document === 'undefined' ? '' : getComputedStyle(document.documentElement).getPropertyValue(name).trim());
/** A series colour: a token name (--c-…) or a colour. */
const colour = (c: string) => (c.startsWith('--') ? css(c) : c);

/** The ECharts line chart behind TrendChart. */
export default function EChartView({ series, band, lines, unit, label, height = 220, xMin, xMax, xLabel = 'date' }: TrendChartProps) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current, undefined, { renderer: 'svg' });
    const text3 = css('--c-text-3');
    const border = css('--c-border');
    chart.setOption({
      animation: false,
      grid: { left: 40, right: 14, top: series.length > 1 ? 30 : 14, bottom: 26 },
      legend: series.length > 1 ? { top: 0, right: 8, itemWidth: 12, itemHeight: 8, textStyle: { color: text3, fontSize: 11 } } : undefined,
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${String(v)} ${unit}` },
      xAxis: {
        type: 'time',
        ...(xMin !== undefined ? { min: xMin } : {}),
        ...(xMax !== undefined ? { max: xMax } : {}),
        splitNumber: 4,
        // One tick per day at the least on a dates axis (an hour on a day's): a short window (one
        // reading) would otherwise repeat each date at 6-hour ticks.
        minInterval: xLabel === 'time' ? 3_600_000 : 86_400_000,
        axisLine: { lineStyle: { color: border } },
        axisLabel: { color: text3, fontSize: 10, hideOverlap: true, formatter: (v: number) => (xLabel === 'time' ? fmtShort(v).slice(6) : fmtShort(v).slice(0, 5)) },
        splitLine: { show: false },
      },
      yAxis: { type: 'value', scale: true, axisLabel: { color: text3, fontSize: 10 }, splitLine: { lineStyle: { color: border, type: 'dashed' } } },
      series: series.map((s, i) => ({
        name: s.name,
        type: 'line',
        data: s.points.map((p) => ({ value: [p.t, p.v], itemStyle: p.alert ? { color: css('--c-danger') } : undefined, symbolSize: p.alert ? 9 : 6 })),
        lineStyle: { color: colour(s.color), width: 2 },
        itemStyle: { color: colour(s.color) },
        symbol: 'circle',
        showAllSymbol: true,
        ...(i === 0 && band
          ? { markArea: { silent: true, itemStyle: { color: 'rgba(10,124,112,0.08)' }, data: [[{ yAxis: band.low ?? 0 }, { yAxis: band.high ?? 'max' }]] } }
          : {}),
        ...(i === 0 && lines && lines.length
          ? { markLine: { silent: true, symbol: 'none', label: { color: text3, fontSize: 10, position: 'insideStartTop' }, lineStyle: { type: 'dashed', color: css('--c-warn') }, data: lines.map((l) => ({ yAxis: l.y, name: l.name, label: { formatter: l.name } })) } }
          : {}),
      })),
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [series, band, lines, unit, xMin, xMax, xLabel]);
  return <div ref={el} className={styles.trendChart} style={{ height }} role="img" aria-label={label} data-testid="trend-chart" />;
}
