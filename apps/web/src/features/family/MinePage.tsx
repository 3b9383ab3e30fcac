import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RightOutline } from 'antd-mobile-icons';
import type { HealthSummary, MemberDetail, PersonalRecord, RecordState } from '@chatdr/contract';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed } from '../../ui/States';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import { careText } from '../../i18n/content';
import { BMI_SLUG, bmiFacts } from './facts';
import { RECORD_ICONS } from './icons';
import { MemberAvatar, memberFacts, roleTag } from './MemberBits';
import { MemberSwitcher } from './MemberSwitcher';
import { formatWeight } from './member-form';
import { idParam, withId } from './params';
import { useCare, useHealthPage, useMembers, usePersonalRecord, useRecordState } from './queries';
import { PICK_TYPES, relationKeyOf, type PickType } from './records';
import { canHaveMaternity, formatDetailDate, outcomeOf, sortMaternity, type Tr } from './record-detail';
import { HealthEntries } from '../health/HealthEntries';
import styles from './family.module.css';

/** A care tip (getPersonalizedCare). */
interface CareItem {
  kind: string;
  title: string;
  text: string;
  key?: string | undefined;
  params?: Record<string, string | number> | undefined;
}

/** /user/mine — the health file: a member switcher and the summary cards of the chosen member. */
export default function MinePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const members = useMembers();
  const wanted = idParam(params.get('id'));
  const member = members.data ? (members.data.find((m) => m.id === wanted) ?? members.data.find((m) => m.isSelf) ?? members.data[0]) : undefined;

  let body;
  if (members.isPending) body = <FileSkeleton />;
  else if (members.isError) body = <LoadFailed page onRetry={() => void members.refetch()} />;
  else if (!member) body = <Empty page title={t('family.notFound')} />;
  else
    body = (
      <>
        <MemberSwitcher members={members.data} value={member.id} onChange={(id) => setParams({ id: String(id) }, { replace: true })} />
        <MemberFile key={member.id} member={member} />
      </>
    );

  return (
    <Page title={t('family.file.title')} testId="health-file-page" backTo="/?tab=health">
      {body}
    </Page>
  );
}

function MemberFile({ member }: { member: MemberDetail }) {
  const record = usePersonalRecord(member.id);
  const state = useRecordState(member.id);
  const page = useHealthPage(member.id);
  const care = useCare(member.id);
  if (record.isPending) return <FileSkeleton noSwitcher />;
  if (record.isError) return <LoadFailed page onRetry={() => void record.refetch()} />;
  return <FileBody rec={record.data} state={state.data} page={page.data} care={care.data} />;
}

function FileBody({ rec, state, page, care }: { rec: PersonalRecord; state: RecordState | undefined; page: HealthSummary | undefined; care: CareItem[] | undefined }) {
  const { t } = useTranslation();
  const [now] = useState(() => new Date());
  const m = rec.member;
  const local = bmiFacts(m, now);
  // The server's BMI when it has one (same formula); the class slug from the shared classes.
  const bmi = page?.bmi ?? local.bmi;
  const slug = (page?.bmiResult && BMI_SLUG[page.bmiResult as keyof typeof BMI_SLUG]) || local.slug;
  const percent = state?.percent ?? null;
  const woman = m.sex === 'F';
  const tr: Tr = (key, opts) => t(key, opts ?? {});
  const maternity = sortMaternity(rec.records.maternity);

  return (
    <div className="file" data-testid="health-file">
      <section className={styles.fileHead}>
        <MemberAvatar member={m} size={56} ring />
        <div className={styles.fileHeadMain}>
          <p className={styles.fileHeadName}>
            {m.name}
            {roleTag(t, m) ? <span className={cx('tag', styles.tagOnDark)}>{roleTag(t, m)}</span> : null}
          </p>
          <p className={styles.fileHeadMeta}>{memberFacts(t, m, now) || t('family.notSet')}</p>
        </div>
        <Link className={styles.fileHeadRing} to={withId('/user/new-health-history', m.id)} data-testid="file-percent">
          <Ring percent={percent ?? 0} />
          <span className={styles.fileHeadRingLabel}>{t('family.file.complete')}</span>
        </Link>
      </section>

      <Link className={cx(styles.fileCard, styles.fileBasic)} to={withId('/user/bmi', m.id)} data-testid="file-basic">
        <div className={styles.fileBasicCols}>
          <Figure label={t('family.form.height')} value={m.height ?? '—'} unit="cm" />
          <Figure label={t('family.form.weight')} value={m.weight !== null ? formatWeight(m.weight) : '—'} unit="kg" />
          <Figure label={t('family.file.bmi')} value={bmi ?? '—'} extra={slug ? <span className={cx(styles.bmiDot, styles[`bmiDot${slug.charAt(0).toUpperCase()}${slug.slice(1)}`])}>{t(`family.bmiClass.${slug}`)}</span> : null} />
        </div>
        <RightOutline className={styles.fileCardArrow} aria-hidden />
      </Link>

      <HealthEntries memberId={m.id} />

      <section className={cx(styles.fileCard, styles.fileList)} aria-label={t('family.file.title')}>
        {PICK_TYPES.map((type) => (
          <RecordRow key={type} type={type} rec={rec} memberId={m.id} />
        ))}
        <FileRow
          icon={RECORD_ICONS.lifestyle}
          title={t('family.file.lifestyle')}
          to={withId('/user/new-health-history', m.id, { step: 'lifestyle' })}
          testId="file-card-lifestyle"
          tags={[m.smoking ? t(`family.history.smokingOpt.${m.smoking}`) : null, m.drinking ? t(`family.history.drinkingOpt.${m.drinking}`) : null].filter((x): x is string => Boolean(x))}
        />
        {woman ? (
          <FileRow
            icon={RECORD_ICONS.women}
            title={t('family.file.women')}
            to={withId('/user/new-health-history', m.id, { step: 'women' })}
            testId="file-card-women"
            tags={[
              m.specialPeriod && m.specialPeriod !== 'none' ? t(`family.history.specialOpt.${m.specialPeriod}`) + (m.specialPeriod === 'pregnancy' && m.pregnancyWeek ? ` · ${t('family.history.weeks', { n: m.pregnancyWeek })}` : '') : null,
              m.menstrual?.regular === true ? t('family.history.regularYes') : m.menstrual?.regular === false ? t('family.history.regularNo') : null,
              m.menstrual?.cycleDays ? `${t('family.history.cycleDays')} ${t('family.history.days', { n: m.menstrual.cycleDays })}` : null,
            ].filter((x): x is string => Boolean(x))}
          />
        ) : null}
        {canHaveMaternity(m, now) ? (
          <FileRow
            icon={RECORD_ICONS.maternity}
            title={t('family.file.maternity')}
            to={withId('/user/illness', m.id, { type: 'maternity' })}
            testId="file-card-maternity"
            count={maternity.length}
            tags={maternity.map((r) => {
              const o = outcomeOf(r);
              const when = formatDetailDate(r.detail.date, tr);
              return `${o ? t(`family.maternity.outcome.${o}`) : r.name}${when ? ` ${when}` : ''}`;
            })}
          />
        ) : null}
      </section>

      <section className={styles.care} data-testid="care-tips" aria-labelledby="care-title">
        <h2 className={styles.sectionTitle} id="care-title">
          {t('family.file.care')}
        </h2>
        {care && care.length > 0 ? (
          <ul className={styles.careList}>
            {care.map((c, i) => {
              const shown = careText(c);
              return (
                <li key={`${c.kind}-${i}`} className={cx(styles.careItem, styles[`careItem${careTone(c.kind).toUpperCase()}`])} data-testid="care-tip" data-key={c.key ?? ''}>
                  <p className={styles.careTitle}>{shown.title}</p>
                  <p className={styles.careText}>{shown.text}</p>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className={styles.careEmpty}>{t('family.file.noCare')}</p>
        )}
      </section>
    </div>
  );
}

/** A stable tone for a care-tip kind. */
function careTone(kind: string): 'a' | 'b' | 'c' {
  let h = 0;
  for (const ch of kind) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return (['a', 'b', 'c'] as const)[h % 3] ?? 'a';
}

function RecordRow({ type, rec, memberId }: { type: PickType; rec: PersonalRecord; memberId: number }) {
  const { t } = useTranslation();
  const items = rec.records[type];
  const tags = items.map((r) => {
    const rel = type === 'familyHistory' ? relationKeyOf(r.detail.relation) : null;
    return rel ? `${r.name}（${t(`family.record.relations.${rel}`)}）` : r.name;
  });
  return <FileRow icon={RECORD_ICONS[type]} title={t(`family.record.title.${type}`)} to={withId('/user/illness', memberId, { type })} testId={`file-card-${type}`} tags={tags} count={items.length} />;
}

function FileRow({ icon, title, to, testId, tags, count }: { icon: ReactNode; title: string; to: string; testId: string; tags: string[]; count?: number }) {
  const { t } = useTranslation();
  const shown = tags.slice(0, 4);
  const more = tags.length - shown.length;
  return (
    <Link className={styles.fileRow} to={to} data-testid={testId} data-count={count ?? tags.length}>
      <span className={styles.fileRowIcon} aria-hidden>
        {icon}
      </span>
      <span className={styles.fileRowMain}>
        <span className={styles.fileRowTitle}>{title}</span>
        {tags.length > 0 ? (
          <span className={styles.fileRowTags}>
            {shown.map((name, i) => (
              <span key={`${name}-${i}`} className="tag tag--muted">
                {name}
              </span>
            ))}
            {more > 0 ? <span className="tag tag--muted">+{more}</span> : null}
          </span>
        ) : (
          <span className={styles.fileRowEmpty}>{t('family.file.empty')}</span>
        )}
      </span>
      <span className={cx(styles.fileRowExtra, tags.length === 0 && styles.isAdd)}>{tags.length > 0 ? (count !== undefined ? t('family.file.count', { count }) : t('family.file.edit')) : t('family.file.add')}</span>
      <RightOutline className={styles.fileRowArrow} aria-hidden />
    </Link>
  );
}

function Figure({ label, value, unit, extra }: { label: string; value: ReactNode; unit?: string; extra?: ReactNode }) {
  return (
    <span className={styles.figure}>
      <span className={styles.figureLabel}>{label}</span>
      <span className={styles.figureValue}>
        {value}
        {unit && value !== '—' ? <small>{unit}</small> : null}
      </span>
      {extra ? <span className="figure__extra">{extra}</span> : null}
    </span>
  );
}

/** The completeness ring (0–100). */
function Ring({ percent }: { percent: number }) {
  const r = 22;
  const c = 2 * Math.PI * r;
  const p = Math.min(100, Math.max(0, percent));
  return (
    <svg className="ring" viewBox="0 0 52 52" width="52" height="52" aria-hidden>
      <circle cx="26" cy="26" r={r} fill="none" stroke="rgba(255,255,255,.28)" strokeWidth="5" />
      <circle cx="26" cy="26" r={r} fill="none" stroke="var(--c-on-primary)" strokeWidth="5" strokeLinecap="round" strokeDasharray={`${(c * p) / 100} ${c}`} transform="rotate(-90 26 26)" />
      <text x="26" y="30" textAnchor="middle" fontSize="13" fontWeight="700" fill="var(--c-on-primary)">
        {p}%
      </text>
    </svg>
  );
}

function FileSkeleton({ noSwitcher }: { noSwitcher?: boolean }) {
  return (
    <div aria-busy="true">
      {noSwitcher ? null : <div className="skeleton" style={{ height: 40, borderRadius: 999, marginBottom: 14 }} />}
      <div className="skeleton" style={{ height: 96, borderRadius: 14, marginBottom: 12 }} />
      <div className="skeleton" style={{ height: 84, borderRadius: 14, marginBottom: 12 }} />
      <div className="skeleton" style={{ height: 320, borderRadius: 14 }} />
    </div>
  );
}
