import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownOutline, EnvironmentOutline, ExclamationTriangleOutline, LinkOutline, PhoneFill, UpOutline } from 'antd-mobile-icons';
import type { SourceEntry } from '@chatdr/contract';
import { cx, modifier } from '../../ui/cx';
import { segments } from './annotate';
import { dialNative, telHref } from '../../platform/phone';
import styles from './chat.module.css';
import type { ChatMessage, Conclusion, DeepThink, Emergency, Hospital, Recommend } from './model';

/** The deep-think panel: collapsible, with the time it took (chat-core §3 deepThinkConsuming). */
export function DeepThinkPanel({ think, live }: { think: DeepThink; live: boolean }) {
  const { t } = useTranslation();
  const thinking = think.status !== 2;
  const [open, setOpen] = useState(false);
  const expanded = open || (thinking && live);
  const secs = Math.max(0.1, Math.round(think.consumingMs / 100) / 10);
  const label = thinking ? t('chat.deepThinking') : think.consumingMs > 0 ? t('chat.deepThought', { s: secs }) : t('chat.deepThoughtShort');
  return (
    <div className={cx(styles.think, expanded && 'is-open', thinking && styles.isThinking)} data-testid="deep-think" data-status={think.status}>
      <button type="button" className={styles.thinkHead} aria-expanded={expanded} onClick={() => setOpen(!expanded)} data-testid="deep-think-toggle">
        <span className={styles.thinkDot} aria-hidden />
        <span className="think__label">{label}</span>
        {think.text ? expanded ? <UpOutline aria-hidden /> : <DownOutline aria-hidden /> : null}
      </button>
      {expanded && think.text ? (
        <p className={styles.thinkText} data-testid="deep-think-text">
          {think.text}
        </p>
      ) : null}
    </div>
  );
}

/** The answer text as typed so far, annotations as links (text|type|id). */
export function AnswerText({ m, onLink }: { m: ChatMessage; onLink?: ((type: string, text: string) => void) | undefined }) {
  const shown = m.isHistory || m.typing === 'complete' ? m.answer.length : m.shown;
  const segs = segments(m.answer, m.annotations, shown);
  const typing = !m.isHistory && m.typing !== 'complete' && (m.status === 1 || m.status === 2);
  return (
    <div className={styles.answerText} data-testid="answer-text" data-typing={typing ? 'typing' : m.typing}>
      {segs.map((s, i) =>
        s.link ? (
          <a
            key={i}
            className={cx(styles.answerLink, modifier(styles, 'answerLink', s.type))}
            href={`#/chat/search?keyword=${encodeURIComponent(s.text)}`}
            data-link={s.link}
            data-testid="answer-link"
            onClick={(e) => {
              if (!onLink) return;
              e.preventDefault();
              onLink(s.type ?? 'other', s.text);
            }}
          >
            {s.text}
          </a>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
      {typing ? <span className={styles.caret} aria-hidden /> : null}
    </div>
  );
}

export function Sources({ items }: { items: readonly SourceEntry[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (items.length === 0) return null;
  return (
    <section className={cx(styles.sources, open && 'is-open')} data-testid="answer-sources" data-count={items.length}>
      <button type="button" className={styles.sourcesHead} aria-expanded={open} onClick={() => setOpen(!open)} data-testid="sources-toggle">
        <LinkOutline aria-hidden />
        <span>{t('chat.sources', { count: items.length })}</span>
        {open ? <UpOutline aria-hidden /> : <DownOutline aria-hidden />}
      </button>
      {open ? (
        <ol className={styles.sourcesList}>
          {items.map((s) => (
            <li key={`${s.index}-${s.title}`} className={styles.sourcesItem} data-testid="source-item">
              <span className={styles.sourcesIndex}>{s.index}</span>
              <span className={styles.sourcesMain}>
                {s.url ? (
                  <a href={s.url} target="_blank" rel="noopener noreferrer" className={styles.sourcesTitle}>
                    {s.title || s.name}
                  </a>
                ) : (
                  <span className={styles.sourcesTitle}>{s.title || s.name}</span>
                )}
                {s.sourceName || (s.title && s.name) ? <span className={styles.sourcesFrom}>{t('chat.sourceFrom', { name: s.sourceName ?? s.name })}</span> : null}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

const LEVELS = ['emergency', 'urgent', 'routine', 'selfcare'] as const;
const levelKey = (l: string | null) => (LEVELS as readonly string[]).includes(l ?? '') ? (l as (typeof LEVELS)[number]) : null;

/** The conclusion of a finished symptom self-check, with the recommended hospitals. */
export function ConclusionCard({ c, hospitals }: { c: Conclusion; hospitals: readonly Hospital[] }) {
  const { t } = useTranslation();
  const level = levelKey(c.level);
  return (
    <section className={cx(styles.conclusion, modifier(styles, 'conclusion', level))} data-testid="conclusion-card" data-level={c.level ?? ''}>
      <header className={styles.conclusionHead}>
        <span className={styles.conclusionBadge} aria-hidden>
          ✓
        </span>
        <h3 className={styles.conclusionTitle}>{t('chat.conclusion.title')}</h3>
        {level ? <span className={styles.conclusionLevel}>{t(`chat.conclusion.level.${level}`)}</span> : null}
      </header>
      {c.conditions.length > 0 ? (
        <div className={styles.conclusionBlock}>
          <h4 className={styles.conclusionLabel}>{t('chat.conclusion.conditions')}</h4>
          <ul className={styles.conclusionConditions}>
            {c.conditions.map((x) => (
              <li key={x.name} data-testid="conclusion-condition">
                <span className={styles.conclusionName}>{x.name}</span>
                {x.likelihood ? <span className="tag tag--muted">{x.likelihood}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {c.department ? (
        <div className={cx(styles.conclusionBlock, styles.conclusionDept)}>
          <h4 className={styles.conclusionLabel}>{t('chat.conclusion.department')}</h4>
          <span className={styles.conclusionDeptName} data-testid="conclusion-department">
            {c.department}
          </span>
        </div>
      ) : null}
      {hospitals.length > 0 ? <HospitalList items={hospitals} /> : null}
      <p className={styles.conclusionNote}>{t('chat.conclusion.note')}</p>
    </section>
  );
}

function HospitalList({ items }: { items: readonly Hospital[] }) {
  const { t } = useTranslation();
  return (
    <div className={styles.recBlock} data-testid="rec-hospitals">
      <h4 className={styles.recBlockTitle}>{t('chat.rec.hospitals')}</h4>
      <ul className={styles.hospitals}>
        {items.slice(0, 3).map((h) => (
          <li key={h.name} className={styles.hospital} data-testid="rec-hospital">
            <div className={styles.hospitalTop}>
              <span className={styles.hospitalName}>{h.name}</span>
              {h.level ? <span className="tag">{h.level}</span> : null}
            </div>
            <div className={styles.hospitalMeta}>
              <EnvironmentOutline aria-hidden />
              <span>{[h.city, h.district].filter(Boolean).join(' · ')}</span>
              {h.department ? <span className={styles.hospitalDept}>{h.department}</span> : null}
            </div>
            {h.reasons.length > 0 ? <p className={styles.hospitalReasons}>{h.reasons.join('；')}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Recommendation cards: department (with disease and drug), hospitals and doctors. */
export function RecommendCards({ r, withHospitals, onAsk }: { r: Recommend; withHospitals: boolean; onAsk?: ((text: string) => void) | undefined }) {
  const { t } = useTranslation();
  const dept = r.department;
  return (
    <div className={styles.recs}>
      {dept || r.disease || r.drug ? (
        <section className={styles.recCard} data-testid="rec-department">
          {dept ? (
            <div className={styles.recCardRow}>
              <span className={cx(styles.recCardIcon, 'rec-card__icon--dept')} aria-hidden>
                科
              </span>
              <span className={styles.recCardMain}>
                <span className={styles.recCardLabel}>{t('chat.rec.department')}</span>
                <span className={styles.recCardValue} data-testid="rec-department-name">
                  {dept}
                </span>
              </span>
              {onAsk ? (
                <button type="button" className={styles.recCardGo} onClick={() => onAsk(t('chat.rec.findHospitalQ', { dept }))} data-testid="rec-find-hospital">
                  {t('chat.rec.findHospital')}
                </button>
              ) : null}
            </div>
          ) : null}
          {r.disease || r.drug ? (
            <div className={styles.recCardChips}>
              {r.disease ? (
                <span className={styles.recChip}>
                  {t('chat.rec.disease')}：<b>{r.disease}</b>
                </span>
              ) : null}
              {r.drug ? (
                <span className={styles.recChip}>
                  {t('chat.rec.drug')}：<b>{r.drug}</b>
                </span>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
      {withHospitals && r.hospitals.length > 0 ? (
        <section className={styles.recCard}>
          <HospitalList items={r.hospitals} />
        </section>
      ) : null}
      {r.doctors.length > 0 ? (
        <section className={styles.recCard} data-testid="rec-doctors">
          <h4 className={styles.recBlockTitle}>{t('chat.rec.doctors')}</h4>
          <ul className={styles.doctors}>
            {r.doctors.slice(0, 3).map((d) => (
              <li key={`${d.name}-${d.hospital}`} className={styles.doctor} data-testid="rec-doctor">
                <span className={styles.doctorAvatar} aria-hidden>
                  {d.name.slice(0, 1)}
                </span>
                <span className={styles.doctorMain}>
                  <span className={styles.doctorName}>
                    {d.name} <span className={styles.doctorTitle}>{d.title}</span>
                  </span>
                  <span className="doctor__meta">{[d.hospital, d.department].filter(Boolean).join(' · ')}</span>
                  {d.goodAt ? <span className="doctor__good">{d.goodAt}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/**
 * The emergency screen (issue 18): a red card above the answer with the call button (tel: on the
 * web, the native bridge in a shell), the first steps as a checklist the reader can tick, and the
 * warning signs in plain words.
 */
export function EmergencyCard({ e }: { e: Emergency }) {
  const { t } = useTranslation();
  const [done, setDone] = useState<readonly number[]>([]);
  const toggle = (i: number) => setDone((d) => (d.includes(i) ? d.filter((x) => x !== i) : [...d, i]));
  return (
    <section className={styles.emergency} role="alert" aria-labelledby="emergency-title" data-testid="emergency-card">
      <header className={styles.emergencyHead}>
        <ExclamationTriangleOutline aria-hidden className={styles.emergencyIcon} />
        <h3 className={styles.emergencyTitle} id="emergency-title">
          {t('chat.emergency.title')}
        </h3>
      </header>
      <a
        className={styles.emergencyCall}
        href={telHref(e.call)}
        onClick={(ev) => {
          if (dialNative(e.call)) ev.preventDefault();
        }}
        data-testid="emergency-call"
      >
        <PhoneFill aria-hidden />
        {t('chat.emergency.call', { phone: e.call })}
      </a>
      {e.steps.length > 0 ? (
        <div className={styles.emergencyBlock}>
          <h4 className={styles.emergencyLabel}>{t('chat.emergency.steps')}</h4>
          <ol className={styles.emergencySteps}>
            {e.steps.map((s, i) => (
              <li key={s}>
                <label className={cx(styles.emergencyStep, done.includes(i) && styles.isDone)} data-testid="emergency-step">
                  <input type="checkbox" checked={done.includes(i)} onChange={() => toggle(i)} />
                  <span>{s}</span>
                </label>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {e.signs.length > 0 ? (
        <p className={styles.emergencySigns} data-testid="emergency-signs">
          {t('chat.emergency.signs')}：{e.signs.join('；')}
        </p>
      ) : null}
      {e.department ? <p className={styles.emergencyDept}>{t('chat.emergency.department', { name: e.department })}</p> : null}
    </section>
  );
}
