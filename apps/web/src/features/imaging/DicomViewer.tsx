import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, AppOptions, Index, ToolConfig, ViewConfig } from 'dwv';
import type { ImagingStudyDetail } from '@chatdr/contract/imaging/schemas';
import { cx } from '../../ui/cx';
import '../../i18n/imaging';
import s from './viewer.module.css';
import m from './imaging.module.css';

type Tool = 'WindowLevel' | 'ZoomAndPan' | 'Scroll';
const TOOLS: Array<{ id: Tool; label: string }> = [
  { id: 'WindowLevel', label: 'imaging.toolWl' },
  { id: 'ZoomAndPan', label: 'imaging.toolZoom' },
  { id: 'Scroll', label: 'imaging.toolScroll' },
];

/**
 * The DICOM viewer (dwv): one series at a time from its signed instance links; drag to change the
 * window/level, pinch or drag to zoom and pan, swipe or the slider to scroll through the slices.
 * Loaded only with the imaging detail and share screens (its own chunk).
 */
export default function DicomViewer({ study }: { study: ImagingStudyDetail }) {
  const { t } = useTranslation();
  const [seriesIdx, setSeriesIdx] = useState(0);
  const [tool, setTool] = useState<Tool>('Scroll');
  const series = study.series[seriesIdx];
  return (
    <div className={s.viewer} data-testid="dicom-viewer">
      {study.series.length > 1 ? (
        <div className={s.series} role="tablist">
          {study.series.map((se, i) => (
            <button key={se.seriesUid} type="button" role="tab" aria-selected={i === seriesIdx} className={cx(m.tab, i === seriesIdx && m.tabOn)} onClick={() => setSeriesIdx(i)} data-testid="imaging-series-tab">
              {se.description || `#${i + 1}`} · {se.instances.length}
            </button>
          ))}
        </div>
      ) : null}
      {series ? <SeriesStage key={series.seriesUid} series={series} study={study} tool={tool} /> : null}
      <div className={s.tools} role="toolbar">
        {TOOLS.map((x) => (
          <button key={x.id} type="button" aria-pressed={tool === x.id} className={cx(s.tool, tool === x.id && s.toolOn)} onClick={() => setTool(x.id)} data-testid={`dicom-tool-${x.id}`}>
            {t(x.label)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** One series in dwv (remounted per series: a fresh dwv app and state). */
function SeriesStage({ series, study, tool }: { series: ImagingStudyDetail['series'][number]; study: ImagingStudyDetail; tool: Tool }) {
  const { t } = useTranslation();
  const divId = `dwv-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const appRef = useRef<App | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [progress, setProgress] = useState(0);
  const [slice, setSlice] = useState(0);
  const [wl, setWl] = useState<{ c: number; w: number } | null>(null);
  const urls = series.instances;
  const n = urls.length;

  const controller = useCallback(() => appRef.current?.getActiveLayerGroup()?.getActiveViewLayer()?.getViewController(), []);
  const readPosition = useCallback(() => {
    const vc = controller();
    if (!vc) return;
    setSlice(vc.getCurrentIndex().get(vc.getScrollDimIndex()) ?? 0);
    const w = vc.getWindowLevel();
    setWl({ c: Math.round(w.center), w: Math.round(w.width) });
  }, [controller]);
  const toolRef = useRef(tool);
  useEffect(() => {
    toolRef.current = tool;
  }, [tool]);

  useEffect(() => {
    const app = new App();
    const options = new AppOptions({ '*': [new ViewConfig(divId)] });
    options.tools = { WindowLevel: new ToolConfig(), ZoomAndPan: new ToolConfig(), Scroll: new ToolConfig() };
    app.init(options);
    appRef.current = app;
    let alive = true;
    app.addEventListener('loadprogress', (e: { loaded?: number }) => alive && setProgress(Math.round(e.loaded ?? 0)));
    app.addEventListener('load', () => {
      if (!alive) return;
      setState('ready');
      app.setTool(toolRef.current);
      readPosition();
    });
    app.addEventListener('error', () => alive && setState('error'));
    app.addEventListener('positionchange', () => alive && readPosition());
    app.addEventListener('wlchange', () => alive && readPosition());
    app.loadURLs(urls);
    const onResize = () => app.onResize();
    window.addEventListener('resize', onResize);
    return () => {
      alive = false;
      window.removeEventListener('resize', onResize);
      app.abortAllLoads();
      app.reset();
      appRef.current = null;
    };
  }, [urls, divId, readPosition]);

  useEffect(() => {
    if (state === 'ready') appRef.current?.setTool(tool);
  }, [tool, state]);

  const goTo = (i: number) => {
    const vc = controller();
    if (!vc) return;
    const values = vc.getCurrentIndex().getValues();
    values[vc.getScrollDimIndex()] = Math.max(0, Math.min(n - 1, i));
    vc.setCurrentIndex(new Index(values));
    readPosition();
  };
  const reset = () => {
    const app = appRef.current;
    if (!app) return;
    app.resetZoomPan();
    controller()?.setWindowLevelPresetById(0);
    readPosition();
  };

  return (
    <>
      <div className={s.stage}>
        <div id={divId} className={s.layer} data-testid="dicom-stage" data-state={state} />
        {state !== 'ready' ? (
          <div className={s.state} role="status">{state === 'error' ? t('imaging.loadFailed') : `${t('imaging.loadingImages')} ${progress}%`}</div>
        ) : (
          <>
            <div className={cx(s.overlay, s.top)}>
              <span>{series.modality ?? study.modality ?? ''} · {series.description}</span>
              <span data-testid="dicom-slice">{t('imaging.slice', { i: slice + 1, n })}</span>
            </div>
            <div className={cx(s.overlay, s.bottom)}>
              <span>{study.patientName}</span>
              <span data-testid="dicom-wl">{wl ? t('imaging.wl', { c: wl.c, w: wl.w }) : ''}</span>
            </div>
          </>
        )}
      </div>
      <div className={s.tools}>
        {n > 1 ? (
          <input className={s.slider} type="range" min={1} max={n} value={slice + 1} onChange={(e) => goTo(Number(e.target.value) - 1)} aria-label={t('imaging.toolScroll')} data-testid="dicom-slider" disabled={state !== 'ready'} />
        ) : null}
        <button type="button" className={cx(s.tool, s.reset)} onClick={reset} data-testid="dicom-reset">{t('imaging.reset')}</button>
      </div>
    </>
  );
}
