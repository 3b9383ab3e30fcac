import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BODY_REGIONS, nrsLabel, routes } from '@chatdr/contract';
import { api, toast } from '../../api';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Section } from '../../ui/Section';
import { StatusTag } from '../../ui/StatusTag';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { cx } from '../../ui/cx';
import '../../i18n/im';
import styles from './PlanScreens.module.css';

/** The plan of `?planId=`, or the account's latest. */
function usePlanId(): { planId: number | null; pending: boolean; failed: boolean; refetch: () => unknown } {
  const [sp] = useSearchParams();
  const given = Number(sp.get('planId') ?? '');
  const cur = useQuery({ queryKey: ['plan', 'current'], queryFn: () => api.call(routes.rehabPlan.currentStage, { body: {} }), enabled: !(given > 0) });
  if (given > 0) return { planId: given, pending: false, failed: false, refetch: () => undefined };
  return { planId: cur.data?.plan?.planId ?? null, pending: cur.isPending, failed: cur.isError, refetch: cur.refetch };
}

function NoPlan({ p }: { p: ReturnType<typeof usePlanId> }) {
  const { t } = useTranslation();
  if (p.pending) return <Loading page />;
  if (p.failed) return <LoadFailed page onRetry={() => void p.refetch()} />;
  return <Empty className="state--page" title={t('plan.none')} />;
}

const tone = (score: number) => (score === 0 ? undefined : score <= 3 ? styles.scoreMild : score <= 6 ? styles.scoreModerate : styles.scoreSevere);

/** /pkg/pain-assess — NRS-11 pain self-assessment with a body map, and the history. */
export function PainAssessPage() {
  const { t } = useTranslation();
  const p = usePlanId();
  const qc = useQueryClient();
  const [score, setScore] = useState<number | null>(null);
  const [areas, setAreas] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const hist = useQuery({ queryKey: ['plan', 'assess', p.planId], queryFn: () => api.call(routes.rehabPlan.selfAssess, { body: { planId: p.planId ?? 0 } }), enabled: p.planId !== null });
  const save = useMutation({
    mutationFn: () => api.call(routes.rehabPlan.selfAssess, { body: { planId: p.planId ?? 0, painScore: score ?? 0, areas: areas as Array<(typeof BODY_REGIONS)[number]>, note } }),
    onSuccess: (r) => {
      qc.setQueryData(['plan', 'assess', p.planId], r);
      setScore(null);
      setAreas([]);
      setNote('');
      toast(t('plan2.assessSaved'));
    },
  });
  const toggle = (a: string) => setAreas((xs) => (xs.includes(a) ? xs.filter((x) => x !== a) : [...xs, a]));
  return (
    <Page title={t('plan2.assessTitle')} testId="pain-assess-page" backTo="/user/plan">
      {p.planId === null ? (
        <NoPlan p={p} />
      ) : (
        <>
          <Section title={t('plan2.nrsQuestion')}>
            <Card>
              <div className={styles.scale} role="radiogroup" aria-label={t('plan2.nrsQuestion')}>
                {Array.from({ length: 11 }, (_, i) => (
                  <button key={i} type="button" role="radio" aria-checked={score === i} className={cx(styles.score, tone(i), score === i && styles.scoreOn)} onClick={() => setScore(i)} data-testid={`nrs-${i}`}>
                    {i}
                  </button>
                ))}
              </div>
              <div className={styles.ends}>
                <span>{t('plan2.nrsLow')}</span>
                <span>{t('plan2.nrsHigh')}</span>
              </div>
              <p className={styles.level} data-testid="nrs-level">
                {score === null ? t('plan2.nrsPick') : `${score} ${t('plan2.points')} · ${nrsLabel(score)}`}
              </p>
            </Card>
          </Section>
          <Section title={t('plan2.where')}>
            <Card>
              <div className={styles.body}>
                {BODY_REGIONS.map((a) => (
                  <button key={a} type="button" aria-pressed={areas.includes(a)} className={cx(styles.region, areas.includes(a) && styles.regionOn)} onClick={() => toggle(a)} data-testid="body-region">
                    {a}
                  </button>
                ))}
              </div>
              <textarea className={styles.note} maxLength={200} placeholder={t('plan2.notePh')} value={note} onChange={(e) => setNote(e.target.value)} aria-label={t('plan2.notePh')} />
            </Card>
          </Section>
          <div className={styles.actions}>
            <Button disabled={score === null} loading={save.isPending} onClick={() => save.mutate()} testId="assess-submit">
              {t('plan2.submit')}
            </Button>
          </div>
          <Section title={t('plan2.history')}>
            <Card>
              {hist.data && hist.data.list.length === 0 ? <p className={styles.muted}>{t('plan2.noHistory')}</p> : null}
              {hist.data?.list.map((h) => (
                <div key={h.at} className={styles.row} data-testid="assess-row">
                  <span>
                    {h.date} <span className={styles.muted}>{h.areas.join('、')}</span>
                  </span>
                  <StatusTag tone={h.painScore >= 7 ? 'danger' : h.painScore >= 4 ? 'warn' : 'ok'}>
                    {h.painScore} {t('plan2.points')} · {h.level}
                  </StatusTag>
                </div>
              ))}
            </Card>
          </Section>
        </>
      )}
    </Page>
  );
}

/** /pkg/food — the plan's food advice and the recommended food list (换一批). */
export function FoodPage() {
  const { t } = useTranslation();
  const p = usePlanId();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['plan', 'food', p.planId], queryFn: () => api.call(routes.rehabPlan.foodList, { body: { planId: p.planId ?? 0 } }), enabled: p.planId !== null });
  const refresh = useMutation({ mutationFn: () => api.call(routes.rehabPlan.foodListRefresh, { body: { planId: p.planId ?? 0 } }), onSuccess: (r) => qc.setQueryData(['plan', 'food', p.planId], r) });
  const sources = [...new Set(list.data?.items.map((i) => i.source) ?? [])];
  return (
    <Page title={t('plan2.foodTitle')} testId="plan-food-page" backTo="/user/plan">
      {p.planId === null ? (
        <NoPlan p={p} />
      ) : !list.data ? (
        list.isError ? <LoadFailed page onRetry={() => void list.refetch()} /> : <Loading page />
      ) : (
        <>
          {list.data.foodAdvice ? (
            <Section title={t('plan2.teamAdvice')}>
              <Card>
                <p className={styles.advice}>{list.data.foodAdvice}</p>
              </Card>
            </Section>
          ) : null}
          <Section
            title={t('plan2.foodList')}
            extra={
              <Button variant="secondary" small loading={refresh.isPending} onClick={() => refresh.mutate()} testId="food-refresh">
                {t('plan2.another')} {list.data.batch}/{list.data.batches}
              </Button>
            }
          >
            <Card>
              {list.data.items.map((i) => (
                <div key={`${i.condition}-${i.name}`} className={styles.food} data-testid="food-item">
                  <StatusTag tone={i.kind === 'recommend' ? 'ok' : i.kind === 'limit' ? 'warn' : 'muted'}>{t(`plan2.kind.${i.kind}`)}</StatusTag>
                  <span className={styles.foodText}>
                    {i.name}
                    <span className={styles.muted}> · {i.condition}</span>
                  </span>
                </div>
              ))}
              <p className={styles.source}>
                {t('plan2.source')}：{sources.join('；')}
              </p>
            </Card>
          </Section>
        </>
      )}
    </Page>
  );
}

/** /pkg/qa-list — questions about the plan, answered with what the team wrote. */
export function QaListPage() {
  const { t } = useTranslation();
  const p = usePlanId();
  const qa = useQuery({ queryKey: ['plan', 'qa', p.planId], queryFn: () => api.call(routes.rehabPlan.questions, { body: { planId: p.planId ?? 0, pageNum: 1, pageSize: 1000 } }), enabled: p.planId !== null });
  return (
    <Page title={t('plan2.qaTitle')} testId="plan-qa-page" backTo="/user/plan">
      {p.planId === null ? (
        <NoPlan p={p} />
      ) : !qa.data ? (
        qa.isError ? <LoadFailed page onRetry={() => void qa.refetch()} /> : <Loading page />
      ) : (
        <Section title={t('plan2.qaCount', { n: qa.data.total })}>
          <Card>
            {qa.data.list.map((x) => (
              <div key={x.id} className={styles.qa} data-testid="qa-item">
                <p className={styles.q}>{x.question}</p>
                <p className={styles.a}>{x.answer}</p>
                <p className={styles.by}>{x.by}</p>
              </div>
            ))}
          </Card>
        </Section>
      )}
    </Page>
  );
}

/** Links from /user/plan to the three screens. */
export function PlanLinks({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const nav = useNavigate();
  return (
    <div className={styles.links}>
      <Button variant="secondary" small onClick={() => void nav(`/pkg/pain-assess?planId=${planId}`)} testId="to-pain-assess">
        {t('plan2.assessTitle')}
      </Button>
      <Button variant="secondary" small onClick={() => void nav(`/pkg/food?planId=${planId}`)} testId="to-food">
        {t('plan2.foodTitle')}
      </Button>
      <Button variant="secondary" small onClick={() => void nav(`/pkg/qa-list?planId=${planId}`)} testId="to-qa">
        {t('plan2.qaTitle')}
      </Button>
    </div>
  );
}
