import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@mui/material';

/**
 * The dashboard charts load in their own chunk (recharts is a quarter of the first screen's code):
 * the figures and lists show at once, the charts fill in a moment later.
 */
const charts = () => import('./charts.tsx');
const LoadedMoneyBarChart = lazy(() => charts().then((module) => ({ default: module.MoneyBarChart })));
const LoadedCountBarChart = lazy(() => charts().then((module) => ({ default: module.CountBarChart })));
const LoadedDonut = lazy(() => charts().then((module) => ({ default: module.Donut })));

/** Starts loading the charts early (while the session check and the data calls run). */
export function preloadCharts(): void {
  void charts();
}

type ChartModule = typeof import('./charts.tsx');

export function MoneyBarChart(props: ComponentProps<ChartModule['MoneyBarChart']>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 240} />}>
      <LoadedMoneyBarChart {...props} />
    </Suspense>
  );
}

export function CountBarChart(props: ComponentProps<ChartModule['CountBarChart']>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 160} />}>
      <LoadedCountBarChart {...props} />
    </Suspense>
  );
}

export function Donut(props: ComponentProps<ChartModule['Donut']>) {
  return (
    <Suspense fallback={<Skeleton variant="circular" width={180} height={180} sx={{ mx: 'auto', my: 2 }} />}>
      <LoadedDonut {...props} />
    </Suspense>
  );
}
