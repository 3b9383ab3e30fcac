import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Sex } from '@chatdr/contract';
import { toast } from '../../api';
import { useBackHook } from '../../app/back-hooks';
import { landed } from '../../app/session';
import { Page } from '../../ui/Page';
import { RoleAvatar, type AvatarKey } from '../../ui/RoleAvatar';
import { LoadFailed, Loading } from '../../ui/States';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import { BirthDateField, HeightField, WeightField } from './PickerFields';
import { SexCards } from './SexCards';
import { useEditMember, useMember } from './queries';
import styles from './family.module.css';

const STEPS = 3;
const stepOf = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= STEPS ? n : 1;
};

/**
 * /user/newUser — onboarding after a new user's first login: own sex, then birth date, height and
 * weight, then (optionally) a family member. It has a route-back hook (account-health §2): back
 * goes to the home, never to the login page it came from. The step is kept in the URL, so coming
 * back from adding a member lands on the last step.
 */
export default function NewUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const step = stepOf(params.get('step'));
  const goHome = useCallback(() => void navigate('/', { replace: true }), [navigate]);
  useBackHook(goHome);
  useEffect(landed, []);
  const { member, ...q } = useMember(null);
  const edit = useEditMember();
  const [sex, setSex] = useState<Sex | null>(null);
  const [birthDate, setBirthDate] = useState<string | null>(null);
  const [height, setHeight] = useState<number | null>(null);
  const [weight, setWeight] = useState<number | null>(null);
  const chosenSex = sex ?? member?.sex ?? null;
  const go = (n: number) => setParams({ step: String(n) }, { replace: true });

  const b = birthDate ?? member?.birthDate ?? null;
  const h = height ?? member?.height ?? null;
  const w = weight ?? member?.weight ?? null;

  async function saveBasics() {
    if (!member) return;
    const missing = !chosenSex ? 'sex' : !b ? 'birthDate' : h === null ? 'height' : w === null ? 'weight' : null;
    if (missing) return toast(t('family.form.pleaseChooseField', { field: t(`family.form.${missing}`) }));
    try {
      await edit.mutateAsync({ id: member.id, sex: chosenSex ?? undefined, birthDate: b ?? undefined, height: h ?? undefined, weight: w ?? undefined });
      toast(t('family.onboarding.done'), 'success');
      go(3);
    } catch {
      // Shown by the request layer.
    }
  }

  let body;
  let actions = null;
  if (q.isPending) body = <Loading page />;
  else if (q.isError || !member) body = <LoadFailed page onRetry={() => void q.refetch()} />;
  else if (step === 1) {
    body = (
      <Step n={1} title={t('family.onboarding.sexTitle')} desc={t('family.onboarding.sexDesc')}>
        <SexCards value={chosenSex} onChange={setSex} testId="onboarding-sex" />
      </Step>
    );
    actions = (
      <button type="button" className="btn" disabled={!chosenSex} onClick={() => go(2)} data-testid="onboarding-next">
        {t('family.onboarding.next')}
      </button>
    );
  } else if (step === 2) {
    body = (
      <Step n={2} title={t('family.onboarding.basicsTitle')} desc={t('family.onboarding.basicsDesc')}>
        <div className={cx('form-card', styles.formCardRows)}>
          <BirthDateField value={b} onChange={setBirthDate} testId="onboarding-birth" />
          <HeightField value={h} onChange={setHeight} testId="onboarding-height" />
          <WeightField value={w} onChange={setWeight} testId="onboarding-weight" />
        </div>
      </Step>
    );
    actions = (
      <div className={styles.footerActions}>
        <button type="button" className={cx('btn', 'btn--ghost', styles.footerActionsNarrow)} onClick={() => go(1)} data-testid="onboarding-prev">
          {t('family.history.prev')}
        </button>
        <button type="button" className="btn" disabled={edit.isPending} onClick={() => void saveBasics()} data-testid="onboarding-save">
          {edit.isPending ? <span className="spinner" aria-hidden /> : null}
          {t('family.onboarding.save')}
        </button>
      </div>
    );
  } else {
    body = (
      <Step n={3} title={t('family.onboarding.familyTitle')} desc={t('family.onboarding.familyDesc')}>
        <FamilyArt />
      </Step>
    );
    actions = (
      <div className={styles.footerStack}>
        <button type="button" className="btn" onClick={() => void navigate('/user/role')} data-testid="onboarding-add-member">
          {t('family.onboarding.addMember')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={goHome} data-testid="onboarding-start">
          {t('family.onboarding.start')}
        </button>
      </div>
    );
  }

  return (
    <Page
      title={t('family.onboarding.title')}
      testId="onboarding-page"
      className="page--onboarding"
      footer={actions ?? undefined}
      right={
        step < STEPS ? (
          <button type="button" className="link-btn" onClick={goHome} data-testid="onboarding-skip">
            {t('family.onboarding.skip')}
          </button>
        ) : null
      }
    >
      <ol className={styles.progress} aria-label={t('family.onboarding.step', { n: step, total: STEPS })} data-testid="onboarding-progress">
        {Array.from({ length: STEPS }, (_, i) => (
          <li key={i} className={cx(styles.progressBar, i < step && styles.isDone)} aria-current={i + 1 === step ? 'step' : undefined} />
        ))}
      </ol>
      {body}
    </Page>
  );
}

function Step({ n, title, desc, children }: { n: number; title: string; desc: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="onboarding" data-testid="onboarding-step" data-step={n} aria-labelledby="onboarding-title">
      <p className={styles.onboardingCount}>{t('family.onboarding.step', { n, total: STEPS })}</p>
      <h2 className={styles.onboardingTitle} id="onboarding-title">
        {title}
      </h2>
      <p className={styles.onboardingDesc}>{desc}</p>
      {children}
    </section>
  );
}

const ART: AvatarKey[] = ['father', 'mother', 'self-female', 'girl', 'boy'];

function FamilyArt() {
  return (
    <div className={styles.familyArt} aria-hidden>
      {ART.map((a, i) => (
        <RoleAvatar key={a} avatar={a} size={i === 2 ? 76 : i === 1 || i === 3 ? 62 : 50} className={styles.familyArtItem} />
      ))}
    </div>
  );
}
