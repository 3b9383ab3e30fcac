import { useMemo, useState, type ReactNode } from 'react';
import { BpPhoto } from './BpPhoto';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { BP_ARMS, BP_PERIODS, BP_POSITIONS, type BpPeriod, type MemberDetail } from '@chatdr/contract';
import { toast } from '../../api';
import { Page } from '../../ui/Page';
import { ChoiceGroup } from '../../ui/Choice';
import { TextField } from '../../ui/Field';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { Dialog } from '../../ui/antd';
import { cx, modifier } from '../../ui/cx';
import '../../i18n/family';
import '../../i18n/health';
import { withId } from '../family/params';
import { bpTone, fmtDateTime, fmtShort, fromLocalInput, toLocalInput } from './format';
import { useBpInfo, useBpList, useCancelBp, useSaveBp, type BpList, type BpReading } from './queries';
import { ScopedMemberPage } from './scope';
import { TrendChart } from './TrendChart';
import styles from './health.module.css';
import { useConfirmedDelete } from './confirm-delete';

/** /user/blood-pressure?id= — latest reading, trend (day/week/month), averages and every reading with its grade. */
export default function BloodPressurePage() {
  const { t } = useTranslation();
  return (
    <ScopedMemberPage title={t('health.bp.title')} testId="bp-page">
      {({ member, switcher }) => <BpScreen member={member} switcher={switcher} />}
    </ScopedMemberPage>
  );
}

function BpScreen({ member, switcher }: { member: MemberDetail; switcher: ReactNode }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<BpPeriod>('week');
  const [adding, setAdding] = useState(false);
  const info = useBpInfo(member.id);
  const list = useBpList(member.id, period);
  const cancel = useCancelBp(member.id);
  const latest = info.data?.latest ?? null;
  const target = info.data?.target;

  const remove = useConfirmedDelete((id) => cancel.mutateAsync(id));

  return (
    <Page
      title={t('health.bp.title')}
      testId="bp-page"
      right={
        <Link className={styles.navbarLink} to={withId('/user/blood-pressure/info', member.id)} data-testid="bp-info-link">
          {t('health.bp.info')}
        </Link>
      }
      footer={
        <button type="button" className="btn" onClick={() => setAdding(true)} data-testid="bp-add">
          {t('health.bp.record')}
        </button>
      }
    >
      {switcher}
      {info.isPending ? (
        <Loading />
      ) : info.isError ? (
        <LoadFailed onRetry={() => void info.refetch()} />
      ) : latest ? (
        <LatestCard r={latest} />
      ) : (
        <Empty title={t('health.bp.none')} desc={t('health.bp.noneDesc')} testId="bp-empty" />
      )}

      {info.data && info.data.total > 0 ? (
        <>
          <ChoiceGroup
            label={t('health.bp.periodLabel')}
            hideLabel
            className={styles.hxPeriod}
            layout="even"
            options={BP_PERIODS.map((p) => ({ value: p, label: t(`health.bp.period.${p}`) }))}
            value={period}
            onChange={setPeriod}
            testId="bp-period"
          />
          {list.isPending ? <Loading /> : list.isError ? <LoadFailed onRetry={() => void list.refetch()} /> : <Trend data={list.data} target={target} period={period} />}
        </>
      ) : null}

      {adding ? <BpForm member={member} onClose={() => setAdding(false)} /> : null}
      {list.data && list.data.list.length > 0 ? (
        <section className={styles.hxCard} aria-labelledby="bp-list-title">
          <h2 className={styles.hxCardTitle} id="bp-list-title">
            {t('health.bp.list')}
          </h2>
          <ul className={styles.hxList} data-testid="bp-list">
            {[...list.data.list].reverse().map((r) => (
              <li key={r.id} className={styles.hxRow} data-testid="bp-row" data-category={r.classification.category ?? ''}>
                <div className={styles.hxRowMain}>
                  <p className={styles.hxRowValue}>
                    <strong>
                      {r.systolic}/{r.diastolic}
                    </strong>
                    <span className={styles.hxUnit}>{t('health.mmHg')}</span>
                    {r.pulse !== null ? (
                      <span className={styles.hxRowPulse}>
                        {t('health.bp.pulse')} {r.pulse}
                      </span>
                    ) : null}
                  </p>
                  <p className={styles.hxRowMeta}>
                    {fmtShort(r.measureTime)}
                    {r.slot !== 'other' ? ` · ${t(`health.bp.${r.slot}`)}` : ''}
                    {r.arm ? ` · ${t(`health.bp.arm.${r.arm}`)}` : ''}
                    {r.position ? ` · ${t(`health.bp.position.${r.position}`)}` : ''}
                  </p>
                </div>
                <span className={cx(styles.hxTag, modifier(styles, 'hxTag', bpTone(r.classification.level)))}>{r.classification.name}</span>
                <button type="button" className={styles.hxRowDel} onClick={() => void remove(r)} aria-label={t('health.delete')} data-testid="bp-delete">
                  {t('health.delete')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Page>
  );
}

function LatestCard({ r }: { r: BpReading }) {
  const { t } = useTranslation();
  const c = r.classification;
  return (
    <section className={cx(styles.hxHero, modifier(styles, 'hxHero', bpTone(c.level)))} data-testid="bp-latest" data-category={c.category ?? ''}>
      <p className={styles.hxHeroLabel}>
        {t('health.bp.latest')} · {fmtDateTime(r.measureTime)}
      </p>
      <p className={styles.hxHeroValue}>
        <strong data-testid="bp-latest-value">
          {r.systolic}/{r.diastolic}
        </strong>
        <span className={styles.hxUnit}>{t('health.mmHg')}</span>
        {r.pulse !== null ? (
          <span className={styles.hxHeroPulse}>
            {t('health.bp.pulse')} {r.pulse} {t('health.bpm')}
          </span>
        ) : null}
      </p>
      <p className={styles.hxHeroClass}>
        <span className={cx(styles.hxTag, modifier(styles, 'hxTag', bpTone(c.level)))} data-testid="bp-latest-class">
          {c.name}
        </span>
      </p>
      <p className={styles.hxHeroAdvice}>{c.advice}</p>
      {c.note ? <p className={cx(styles.hxHeroNote, c.emergency && styles.isDanger)}>{c.note}</p> : null}
    </section>
  );
}

function Trend({ data, target, period }: { data: BpList; target: { systolic: number; diastolic: number; homeSystolic: number; homeDiastolic: number } | undefined; period: BpPeriod }) {
  const { t } = useTranslation();
  const series = useMemo(
    () => [
      { name: t('health.bp.systolic'), color: '--c-primary', points: data.list.map((r) => ({ t: r.measureTime, v: r.systolic, alert: r.classification.aboveTarget })) },
      { name: t('health.bp.diastolic'), color: '--c-chart-diastolic', points: data.list.map((r) => ({ t: r.measureTime, v: r.diastolic, alert: r.classification.aboveTarget })) },
    ],
    [data, t],
  );
  const lines = useMemo(() => (target ? [{ y: target.systolic, name: `${t('health.bp.targetLine')} ${target.systolic}` }, { y: target.diastolic, name: `${t('health.bp.targetLine')} ${target.diastolic}` }] : []), [target, t]);
  const avg = (label: string, a: BpList['average'], testId: string) => (
    <div className={styles.hxStat} data-testid={testId}>
      <span className={styles.hxStatLabel}>{label}</span>
      <span className={styles.hxStatValue}>{a.systolic !== null && a.diastolic !== null ? `${a.systolic}/${a.diastolic}` : '—'}</span>
      <span className={styles.hxStatSub}>{a.count ? t('health.times', { count: a.count }) : ' '}</span>
    </div>
  );
  return (
    <section className={styles.hxCard} aria-labelledby="bp-trend-title">
      <h2 className={styles.hxCardTitle} id="bp-trend-title">
        {t('health.bp.chart')}
        {target ? <span className={styles.hxCardHint}>{t('health.bp.target', { s: target.systolic, d: target.diastolic })}</span> : null}
      </h2>
      {data.list.length ? <TrendChart series={series} lines={lines} unit={t('health.mmHg')} label={t('health.bp.chartLabel')} xMin={data.startTime} xMax={data.endTime} xLabel={period === 'day' ? 'time' : 'date'} /> : <p className={styles.hxEmpty}>{t('health.bp.noReadings')}</p>}
      <div className={styles.hxStats}>
        {avg(t('health.bp.average'), data.average, 'bp-avg')}
        {avg(t('health.bp.morning'), data.morning, 'bp-avg-morning')}
        {avg(t('health.bp.evening'), data.evening, 'bp-avg-evening')}
      </div>
      {data.list.length ? (
        <p className={cx(styles.hxSummary, data.highCount > 0 && styles.isWarn)} data-testid="bp-high-count">
          {data.averageClassification ? `${t('health.bp.averageClass')}：${data.averageClassification.name} · ` : ''}
          {data.highCount > 0 ? t('health.bp.highCount', { count: data.highCount }) : t('health.bp.allInTarget')}
        </p>
      ) : null}
    </section>
  );
}

function BpForm({ member, onClose }: { member: MemberDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveBp(member.id);
  const [sys, setSys] = useState('');
  const [dia, setDia] = useState('');
  const [pulse, setPulse] = useState('');
  const [when, setWhen] = useState(() => toLocalInput(Date.now()));
  const [arm, setArm] = useState<(typeof BP_ARMS)[number] | null>(null);
  const [position, setPosition] = useState<(typeof BP_POSITIONS)[number] | null>('sitting');
  const [remark, setRemark] = useState('');
  const [fromPhoto, setFromPhoto] = useState(false);
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, 3);

  async function submit() {
    if (!sys || !dia) return toast(t('health.bp.required'));
    try {
      const r = await save.mutateAsync({
        userInfoId: member.id,
        systolic: Number(sys),
        diastolic: Number(dia),
        ...(pulse ? { pulse: Number(pulse) } : {}),
        ...(fromLocalInput(when) !== null ? { measureTime: fromLocalInput(when) ?? undefined } : {}),
        arm,
        position,
        ...(remark.trim() ? { remark: remark.trim() } : {}),
        ...(fromPhoto ? { source: 'photo' as const } : {}),
      });
      onClose();
      if (r.classification.emergency) {
        await Dialog.alert({ title: t('health.bp.emergencyTitle'), content: [r.classification.advice, r.classification.note].filter(Boolean).join('\n\n'), confirmText: t('health.bp.iKnow') });
      } else toast(t('health.saved'), 'success');
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName={styles.hxSheet} destroyOnClose>
      <div className={styles.hxSheetHead}>
        <button type="button" className={styles.hxSheetCancel} onClick={onClose}>
          {t('health.cancel')}
        </button>
        <h2 className={styles.hxSheetTitle}>{t('health.bp.formTitle')}</h2>
        <span className={styles.hxSheetSide} />
      </div>
      <div className={styles.hxSheetBody} data-testid="bp-form">
        <BpPhoto
          onRead={(r) => {
            setSys(String(r.systolic));
            setDia(String(r.diastolic));
            setPulse(r.pulse === null ? '' : String(r.pulse));
            setFromPhoto(true);
          }}
        />
        <div className={styles.hxGrid3}>
          <TextField label={t('health.bp.systolic')} value={sys} onChange={(v) => setSys(digits(v))} inputMode="numeric" placeholder="120" suffix={t('health.mmHg')} testId="bp-systolic" />
          <TextField label={t('health.bp.diastolic')} value={dia} onChange={(v) => setDia(digits(v))} inputMode="numeric" placeholder="80" suffix={t('health.mmHg')} testId="bp-diastolic" />
          <TextField label={t('health.bp.pulse')} value={pulse} onChange={(v) => setPulse(digits(v))} inputMode="numeric" placeholder="72" suffix={t('health.bpm')} testId="bp-pulse" />
        </div>
        <TextField label={t('health.bp.time')} type="datetime-local" value={when} onChange={setWhen} testId="bp-time" />
        <ChoiceGroup label={t('health.bp.armLabel')} options={BP_ARMS.map((a) => ({ value: a, label: t(`health.bp.arm.${a}`) }))} value={arm} onChange={setArm} testId="bp-arm" />
        <ChoiceGroup label={t('health.bp.positionLabel')} options={BP_POSITIONS.map((p) => ({ value: p, label: t(`health.bp.position.${p}`) }))} value={position} onChange={setPosition} testId="bp-position" />
        <TextField label={t('health.bp.remark')} value={remark} onChange={(v) => setRemark(v.slice(0, 100))} placeholder={t('health.bp.remarkPlaceholder')} testId="bp-remark" />
      </div>
      <div className={styles.hxSheetFoot}>
        <button type="button" className="btn" disabled={save.isPending} onClick={() => void submit()} data-testid="bp-save">
          {save.isPending ? <span className="spinner" aria-hidden /> : null}
          {t('health.save')}
        </button>
      </div>
    </Popup>
  );
}
