import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { exactAge, type MemberDetail } from '@chatdr/contract';
import { toast } from '../../api';
import { useGoBack } from '../../app/back-hooks';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import { BMI_SCALE, bmiFacts, bmiPosition } from './facts';
import { MemberAvatar, memberFacts } from './MemberBits';
import { HeightField, WeightField } from './PickerFields';
import { idParam, withId } from './params';
import { useEditMember, useMember } from './queries';
import styles from './family.module.css';

/** /user/bmi?id= — height and weight with the BMI and its class computed live (contract bmiOf/bmiClassOf). */
export default function BmiPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { member, ...q } = useMember(idParam(params.get('id')));
  let body;
  if (q.isPending) body = <Loading page />;
  else if (q.isError) body = <LoadFailed page onRetry={() => void q.refetch()} />;
  else if (!member) body = <Empty page title={t('family.notFound')} desc={t('family.notFoundDesc')} />;
  else return <BmiEditor key={member.id} member={member} />;
  return (
    <Page title={t('family.bmi.title')} testId="bmi-page">
      {body}
    </Page>
  );
}

function BmiEditor({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const edit = useEditMember();
  const [now] = useState(() => new Date());
  const [height, setHeight] = useState<number | null>(member.height);
  const [weight, setWeight] = useState<number | null>(member.weight);
  const facts = bmiFacts({ height, weight, birthDate: member.birthDate, sex: member.sex }, now);
  const age = exactAge(member.birthDate, now);
  const child = age !== null && age < 18;
  const changed = height !== member.height || weight !== member.weight;

  async function save() {
    if (height === null || weight === null) return toast(t('family.form.pleaseChooseField', { field: height === null ? t('family.form.height') : t('family.form.weight') }));
    try {
      await edit.mutateAsync({ id: member.id, height, weight });
      toast(t('family.bmi.saved'), 'success');
      goBack(withId('/user/mine', member.id));
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Page
      title={t('family.bmi.title')}
      testId="bmi-page"
      footer={
        <button type="button" className="btn" disabled={!changed || edit.isPending} onClick={() => void save()} data-testid="bmi-save">
          {edit.isPending ? <span className="spinner" aria-hidden /> : null}
          {t('family.bmi.save')}
        </button>
      }
    >
      <div className={styles.bmiWho}>
        <MemberAvatar member={member} size={36} />
        <span className={styles.bmiWhoName}>{member.name}</span>
        <span className={styles.bmiWhoMeta}>{memberFacts(t, member, now)}</span>
      </div>

      <section className={styles.bmiCard} aria-live="polite">
        <p className={styles.bmiCardLabel}>{t('family.bmi.label')}</p>
        {facts.bmi !== null ? (
          <>
            <p className={styles.bmiCardValue}>
              <span data-testid="bmi-value">{facts.bmi.toFixed(1)}</span>
              {facts.slug ? (
                <span className={cx(styles.bmiBadge, styles[`bmiBadge${facts.slug.charAt(0).toUpperCase()}${facts.slug.slice(1)}`])} data-testid="bmi-class" data-class={facts.slug}>
                  {t(`family.bmiClass.${facts.slug}`)}
                </span>
              ) : null}
            </p>
            {!child ? <BmiGauge bmi={facts.bmi} /> : null}
          </>
        ) : (
          <p className={styles.bmiCardEmpty}>{t('family.bmi.empty')}</p>
        )}
        <p className={styles.bmiCardNote}>{child ? (age !== null && age < 6 ? t('family.bmi.underSix') : t('family.bmi.childNote')) : t('family.bmi.adultNote')}</p>
      </section>

      <div className={cx('form-card', styles.formCardRows)}>
        <HeightField value={height} onChange={setHeight} testId="bmi-height" />
        <WeightField value={weight} onChange={setWeight} testId="bmi-weight" />
      </div>
    </Page>
  );
}

function BmiGauge({ bmi }: { bmi: number }) {
  const { t } = useTranslation();
  const cuts = BMI_SCALE.cuts;
  const seg = (a: number, b: number) => `${bmiPosition(b) - bmiPosition(a)}%`;
  return (
    <div className="bmi-gauge" aria-hidden>
      <div className={styles.bmiGaugeBar}>
        <span className={cx(styles.bmiGaugeSeg, styles.bmiGaugeSegThin)} style={{ width: seg(BMI_SCALE.min, cuts[0]) }} />
        <span className={cx(styles.bmiGaugeSeg, styles.bmiGaugeSegNormal)} style={{ width: seg(cuts[0], cuts[1]) }} />
        <span className={cx(styles.bmiGaugeSeg, styles.bmiGaugeSegOver)} style={{ width: seg(cuts[1], cuts[2]) }} />
        <span className={cx(styles.bmiGaugeSeg, styles.bmiGaugeSegObese)} style={{ width: seg(cuts[2], BMI_SCALE.max) }} />
        <span className={styles.bmiGaugePin} style={{ left: `${bmiPosition(bmi)}%` }} />
      </div>
      <div className={styles.bmiGaugeLabels}>
        <span style={{ width: seg(BMI_SCALE.min, cuts[0]) }}>{t('family.bmiClass.thin')}</span>
        <span style={{ width: seg(cuts[0], cuts[1]) }}>{t('family.bmiClass.normal')}</span>
        <span style={{ width: seg(cuts[1], cuts[2]) }}>{t('family.bmiClass.over')}</span>
        <span style={{ width: seg(cuts[2], BMI_SCALE.max) }}>{t('family.bmiClass.obese')}</span>
      </div>
    </div>
  );
}
