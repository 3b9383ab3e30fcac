import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@chatdr/contract';
import { toast } from '../../api';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/Field';
import { LoadFailed, Loading } from '../../ui/States';
import { cx, modifier } from '../../ui/cx';
import '../../i18n/family';
import '../../i18n/health';
import { withId } from '../family/params';
import { useExerciseEvaluation, useExerciseGuide, type ExerciseEval } from './guide-queries';
import { ScopedMemberPage } from './scope';
import styles from './health.module.css';

const TONE: Record<ExerciseEval['verdict'], 'ok' | 'warn' | 'muted'> = { below: 'warn', meets: 'ok', above: 'ok', 'not-applicable': 'muted' };

/** /user/sport?id= — the age group's activity recommendation, condition cautions, and this week's activity evaluated. */
export default function SportPage() {
  const { t } = useTranslation();
  return (
    <ScopedMemberPage title={t('health.guide.sportTitle')} testId="sport-page">
      {({ member, switcher }) => <Sport member={member} switcher={switcher} />}
    </ScopedMemberPage>
  );
}

function Sport({ member, switcher }: { member: MemberDetail; switcher: ReactNode }) {
  const { t } = useTranslation();
  const guide = useExerciseGuide(member.id);
  const evaluate = useExerciseEvaluation();
  const [moderate, setModerate] = useState('');
  const [vigorous, setVigorous] = useState('');
  const [strength, setStrength] = useState('');
  const [result, setResult] = useState<ExerciseEval | null>(null);
  const digits = (v: string, n: number) => v.replace(/\D/g, '').slice(0, n);

  async function run() {
    if (!moderate) return toast(t('health.guide.minutesRequired'));
    try {
      setResult(await evaluate.mutateAsync({ userInfoId: member.id, moderateMinutes: Number(moderate), ...(vigorous ? { vigorousMinutes: Number(vigorous) } : {}), ...(strength ? { strengthDays: Number(strength) } : {}) }));
    } catch {
      // Shown by the request layer.
    }
  }

  const g = guide.data;
  return (
    <Page title={t('health.guide.sportTitle')} testId="sport-page" backTo={withId('/user/guide', member.id)}>
      {switcher}
      {guide.isPending ? (
        <Loading />
      ) : guide.isError || !g ? (
        <LoadFailed onRetry={() => void guide.refetch()} />
      ) : (
        <>
          {g.bpCaution ? (
            <p className={cx(styles.hxBanner, styles.isDanger)} data-testid="sport-bp-caution">
              {g.bpCaution}
            </p>
          ) : null}
          <section className={styles.hxCard} data-testid="sport-guide">
            <h2 className={styles.hxCardTitle}>
              {g.group}
              <span className={styles.hxCardHint}>{g.basis.slice(1).join('、')}</span>
            </h2>
            {g.weeklyMin !== null ? (
              <div className={cx(styles.hxStats, styles.hxStats2)}>
                <div className={styles.hxStat}>
                  <span className={styles.hxStatLabel}>{t('health.guide.weekly')}</span>
                  <span className={cx(styles.hxStatValue, styles.hxStatValueS)}>{g.weeklyMax !== null ? t('health.guide.weeklyRange', { min: g.weeklyMin, max: g.weeklyMax }) : t('health.guide.weeklyMin', { min: g.weeklyMin })}</span>
                </div>
                <div className={styles.hxStat}>
                  <span className={styles.hxStatLabel}>&nbsp;</span>
                  <span className={cx(styles.hxStatValue, styles.hxStatValueS)}>{t('health.guide.strength', { n: g.strengthDays })}</span>
                </div>
              </div>
            ) : null}
            <ul className={styles.hxSteps}>
              {g.recommend.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
            <p className={styles.hxSource}>{t('health.guide.source', { s: g.source })}</p>
          </section>
          {g.conditions.map((c) => (
            <section key={c.id} className={styles.hxCard} data-testid="sport-condition" data-rule={c.id}>
              <h2 className={styles.hxCardTitle}>{c.condition}</h2>
              <dl className={styles.hxKv}>
                <dt className={styles.hxKvOk}>{t('health.guide.suggest')}</dt>
                {c.suggest.map((x) => (
                  <dd key={x}>{x}</dd>
                ))}
                <dt className={styles.hxKvWarn}>{t('health.guide.caution')}</dt>
                {c.caution.map((x) => (
                  <dd key={x}>{x}</dd>
                ))}
              </dl>
              <p className={styles.hxSource}>{t('health.guide.source', { s: c.source })}</p>
            </section>
          ))}
          {g.chronic.length ? (
            <section className={styles.hxCard}>
              <h2 className={styles.hxCardTitle}>{t('health.guide.chronic')}</h2>
              <ul className={styles.hxSteps}>
                {g.chronic.map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
      <section className={styles.hxCard} data-testid="sport-eval">
        <h2 className={styles.hxCardTitle}>{t('health.guide.evalTitle')}</h2>
        <div className={styles.hxGrid3}>
          <TextField label={t('health.guide.moderate')} value={moderate} onChange={(v) => setModerate(digits(v, 5))} inputMode="numeric" placeholder="150" testId="sport-moderate" />
          <TextField label={t('health.guide.vigorous')} value={vigorous} onChange={(v) => setVigorous(digits(v, 5))} inputMode="numeric" placeholder="0" testId="sport-vigorous" />
          <TextField label={t('health.guide.strengthDays')} value={strength} onChange={(v) => setStrength(digits(v, 1))} inputMode="numeric" placeholder="2" testId="sport-strength" />
        </div>
        <button type="button" className={cx('btn', 'btn--small', styles.hxEvalBtn)} disabled={evaluate.isPending} onClick={() => void run()} data-testid="sport-evaluate">
          {t('health.guide.evaluate')}
        </button>
        {result ? (
          <div className={styles.hxAnswer} data-testid="sport-result" data-verdict={result.verdict}>
            <span className={cx(styles.hxTag, modifier(styles, 'hxTag', TONE[result.verdict]))}>{t(`health.guide.evalVerdict.${result.verdict}`)}</span>
            <p className={styles.hxText}>{result.text}</p>
            {result.cautions.length ? (
              <ul className={styles.hxSteps}>
                {result.cautions.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </section>
    </Page>
  );
}
