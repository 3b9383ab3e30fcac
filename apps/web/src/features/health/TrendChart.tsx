import { lazy, Suspense } from 'react';
import styles from './health.module.css';
import { cx } from '../../ui/cx';

export interface TrendPoint { t: number; v: number; alert?: boolean }
export interface TrendChartProps {
  series: ReadonlyArray<{ name: string; /** A token name (--c-…) or a colour. */ color: string; points: readonly TrendPoint[] }>;
  /** The normal range, shaded. */
  band?: { low: number | null; high: number | null } | null;
  /** Dashed reference lines (targets). */
  lines?: ReadonlyArray<{ y: number; name: string }>;
  unit: string;
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
  /** The time window shown (default: the points' own span). */
  xMin?: number;
  xMax?: number;
  /** Axis labels as hours (a day's window) or as dates. */
  xLabel?: 'time' | 'date';
}

// ECharts arrives only with the screens that draw a trend, in a chunk of its own.
const EChartView = lazy(() => import('./EChartView'));

/** A line chart of values over time (ECharts, loaded on first use). */
export function TrendChart(props: TrendChartProps) {
  return (
    <Suspense fallback={<div className={cx(styles.trendChart, styles.trendChartLoading)} style={{ height: props.height ?? 220 }} aria-hidden />}>
      <EChartView {...props} />
    </Suspense>
  );
}
