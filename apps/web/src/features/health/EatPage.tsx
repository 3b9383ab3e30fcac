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
import { useFoodEvaluation, useFoodGuide, useRefreshFoodGuide, type FoodEval } from './guide-queries';
import { ScopedMemberPage } from './scope';
import styles from './health.module.css';

const VERDICT_TONE: Record<FoodEval['verdict'], 'ok' | 'warn' | 'danger' | 'muted'> = { avoid: 'danger', limit: 'warn', recommend: 'ok', 'no-rule': 'muted' };

/** /user/eat?id= — the member's diet guide (profile, lab values, BMI, allergies) and "can I eat X". */
export default function EatPage() {
  const { t } = useTranslation();
  return (
    <ScopedMemberPage title={t('health.guide.eatTitle')} testId="eat-page">
      {({ member, switcher }) => <Eat member={member} switcher={switcher} />}
    </ScopedMemberPage>
  );
}

function Eat({ member, switcher }: { member: MemberDetail; switcher: ReactNode }) {
  const { t } = useTranslation();
  const guide = useFoodGuide(member.id);
  const refresh = useRefreshFoodGuide(member.id);
  const evaluate = useFoodEvaluation();
  const [food, setFood] = useState('');
  const [answer, setAnswer] = useState<FoodEval | null>(null);

  async function ask() {
    if (!food.trim()) return;
    try {
      setAnswer(await evaluate.mutateAsync({ userInfoId: member.id, food: food.trim() }));
    } catch {
      // Shown by the request layer.
    }
  }

  const g = guide.data;
  return (
    <Page
      title={t('health.guide.eatTitle')}
      testId="eat-page"
      backTo={withId('/user/guide', member.id)}
      right={
        <button
          type="button"
          className={cx(styles.navbarLink, styles.hxLinkbtn)}
          disabled={refresh.isPending}
          onClick={() => void refresh.mutateAsync().then(() => toast(t('health.guide.refreshed'), 'success'), () => undefined)}
          data-testid="eat-refresh"
        >
          {t('health.guide.refresh')}
        </button>
      }
    >
      {switcher}
      <section className={styles.hxCard} data-testid="eat-ask">
        <h2 className={styles.hxCardTitle}>{t('health.guide.ask')}</h2>
        <div className={styles.hxAsk}>
          <TextField label={t('health.guide.ask')} hideLabel placeholder={t('health.guide.askPlaceholder')} value={food} onChange={(v) => setFood(v.slice(0, 20))} onKeyDown={(e) => e.key === 'Enter' && void ask()} testId="eat-food" />
          <button type="button" className="btn btn--small" disabled={!food.trim() || evaluate.isPending} onClick={() => void ask()} data-testid="eat-ask-button">
            {t('health.guide.askButton')}
          </button>
        </div>
        {answer ? (
          <div className={styles.hxAnswer} data-testid="eat-answer" data-verdict={answer.verdict}>
            <span className={cx(styles.hxTag, modifier(styles, 'hxTag', VERDICT_TONE[answer.verdict]))}>
              {answer.food} · {t(`health.guide.verdict.${answer.verdict}`)}
            </span>
            <p className={styles.hxText}>{answer.advice}</p>
          </div>
        ) : null}
      </section>

      {guide.isPending ? (
        <Loading />
      ) : guide.isError || !g ? (
        <LoadFailed onRetry={() => void guide.refetch()} />
      ) : (
        <>
          <section className={styles.hxCard} data-testid="eat-basis">
            <h2 className={styles.hxCardTitle}>{t('health.guide.basis')}</h2>
            {g.basis.length ? (
              <div className={styles.hxPills}>
                {g.basis.map((b) => (
                  <span key={b} className={styles.hxPill}>
                    {b}
                  </span>
                ))}
              </div>
            ) : (
              <p className={styles.hxText}>{t('health.guide.noBasis')}</p>
            )}
          </section>
          {g.avoid.length ? <p className={styles.hxBanner}>{`${t('health.guide.avoid')}：${g.avoid.join('、')}`}</p> : null}
          {g.rules.map((r) => (
            <section key={r.id} className={styles.hxCard} data-testid="eat-rule" data-rule={r.id}>
              <h2 className={styles.hxCardTitle}>
                {r.condition}
                <span className={styles.hxCardHint}>{r.matchedBy}</span>
              </h2>
              <dl className={styles.hxKv}>
                <dt>{t('health.guide.principles')}</dt>
                {r.principles.map((x) => (
                  <dd key={x}>{x}</dd>
                ))}
                <dt className={styles.hxKvOk}>{t('health.guide.recommend')}</dt>
                <dd>{r.recommend.join('；')}</dd>
                <dt className={styles.hxKvWarn}>{t('health.guide.limit')}</dt>
                {r.limit.map((x) => (
                  <dd key={x}>{x}</dd>
                ))}
              </dl>
              <p className={styles.hxSource}>{t('health.guide.source', { s: r.source })}</p>
            </section>
          ))}
          {g.general.length ? (
            <section className={styles.hxCard}>
              <h2 className={styles.hxCardTitle}>{t('health.guide.general')}</h2>
              <ol className={styles.hxSteps}>
                {g.general.map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ol>
            </section>
          ) : null}
        </>
      )}
    </Page>
  );
}
