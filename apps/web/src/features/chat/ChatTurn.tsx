import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { chipLabel } from '../../i18n/content';
import { CheckCircleFill, FileOutline, MoreOutline, RightOutline, SoundOutline, StarFill, StarOutline, UploadOutline } from 'antd-mobile-icons';
import { MSG } from '@chatdr/contract';
import { toast } from '../../api';
import { cx } from '../../ui/cx';
import { AnswerText, ConclusionCard, DeepThinkPanel, EmergencyCard, RecommendCards, Sources } from './AnswerParts';
import { chat } from './chat-store';
import type { ChatMessage } from './model';
import { requestVerify, setCollected } from './queries';

const ReportProgress = lazy(() => import('./ReportProgress'));
import { openShare } from './share-dialog';
import styles from './chat.module.css';
import { speak, speechAvailable, stopSpeaking, useSpeech } from './speech';

const RolePrompt = lazy(() => import('./RolePrompt'));

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and insecure origins: a hidden textarea.
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  }
}

interface TurnProps {
  m: ChatMessage;
  /** The newest turn: its interview chips and follow-ups are live. */
  last: boolean;
  selecting: boolean;
  selected: boolean;
  onAsk: (text: string) => void;
  onFill: (text: string) => void;
}

/** One question and its answer in the thread. */
export function ChatTurn({ m, last, selecting, selected, onAsk, onFill }: TurnProps) {
  const [reportPhase, setPhase] = useState<'running' | 'done' | 'failed'>('running');
  const setReportPhase = useCallback(
    (phase: 'running' | 'done' | 'failed') => {
      setPhase(phase);
      chat.setReading(m.questionId, phase === 'running');
    },
    [m.questionId],
  );
  useEffect(() => () => chat.setReading(m.questionId, false), [m.questionId]);
  const { t } = useTranslation();
  const settled = m.typing === 'complete' || m.isHistory;
  const waiting = m.status === -2 || m.status === 0 || (m.status === 1 && m.answer === '' && !m.deepThink);
  const selectable = selecting && m.dialInId !== null && m.status === 2;
  const hospitalsInConclusion = m.conclusion !== null && (m.recommend?.hospitals.length ?? 0) > 0;
  // The conclusion card names the department and conditions already: no second card repeating them.
  const named = new Set<string | null>(m.conclusion ? [m.conclusion.department, ...m.conclusion.conditions.map((c) => c.name)] : []);
  const recommend = m.recommend && m.conclusion ? { ...m.recommend, department: named.has(m.recommend.department) ? null : m.recommend.department, disease: named.has(m.recommend.disease) ? null : m.recommend.disease } : m.recommend;
  const onLink = (type: string, text: string) => onFill(t(`chat.annotation.${['disease', 'drug', 'dept'].includes(type) ? type : 'other'}`, { name: text }));

  return (
    <article className={cx(styles.turn, selecting && styles.turnSelecting, selected && styles.isSelected, m.emergency && 'turn--emergency')} data-testid="chat-turn" data-status={m.status} data-triage={m.triage ?? ''} data-question-id={m.questionId} data-dial-id={m.dialInId ?? ''}>
      {selecting ? (
        <button
          type="button"
          role="checkbox"
          aria-checked={selected}
          aria-label={t('chat.select.pick')}
          className={styles.turnCheck}
          disabled={!selectable}
          onClick={() => m.dialInId !== null && chat.toggleSelected(m.dialInId)}
          data-testid="select-item"
        >
          {selected ? <CheckCircleFill aria-hidden /> : <span className={styles.turnRing} aria-hidden />}
        </button>
      ) : null}
      <div className={styles.turnBody}>
        <div className={styles.q}>
          <div className={styles.qBubble} data-testid="chat-question">
            {m.skill ? <span className={styles.qSkill}>{t(`chat.skill.${m.skill}`)}</span> : null}
            {m.media ? (
              <span className={styles.qFile} data-testid="chat-question-file">
                <FileOutline aria-hidden />
                {m.media.fileName}
              </span>
            ) : null}
            {m.question}
          </div>
          {m.status === -2 || m.status === 0 ? <span className={styles.qStatus}>{t('chat.sending')}</span> : null}
        </div>
        {m.report ? (
          <Suspense fallback={null}>
            <ReportProgress reportId={m.report.reportId} onPhase={setReportPhase} />
          </Suspense>
        ) : null}
        {/* A report's interpretation shows once its reading has stepped to the end (chat-core §4). */}
        <div className={styles.a} data-testid="chat-answer" data-status={m.status} hidden={m.report != null && reportPhase === 'running'}>
          <span className={styles.aAvatar} aria-hidden>
            <svg viewBox="0 0 24 24" width="16" height="16">
              <path d="M10 4h4v6h6v4h-6v6h-4v-6H4v-4h6z" fill="currentColor" />
            </svg>
          </span>
          <div className={cx(styles.aCard, m.emergency && styles.aCardEmergency)}>
            {m.verified ? (
              <a className={styles.aVerified} href={`#/chat/verify/${m.verified.chatVerifyId}`} data-testid="answer-verified">
                <CheckCircleFill aria-hidden /> {t('chat.verifiedMark')}
                {m.verified.doctorName ? ` · ${m.verified.doctorName}` : ''}
              </a>
            ) : null}
            {m.emergency ? <EmergencyCard e={m.emergency} /> : null}
            {m.deepThink ? <DeepThinkPanel think={m.deepThink} live={!m.isHistory && m.status === 1} /> : null}
            {waiting ? (
              <div className={styles.aWaiting} role="status" data-testid="answer-waiting">
                <span className={styles.dots} aria-hidden>
                  <i />
                  <i />
                  <i />
                </span>
                <span>{t('home.waiting')}</span>
              </div>
            ) : null}
            {m.member ? (
              <p className={styles.aMember} data-testid="answer-member" data-member={m.member.userInfoId}>
                {m.member.text}
              </p>
            ) : null}
            {m.answer ? <AnswerText m={m} onLink={m.isHistory ? undefined : onLink} /> : null}
            {m.stopped ? (
              <p className={styles.aStopped} data-testid="answer-stopped">
                {t('chat.stopped')}
              </p>
            ) : null}
            {m.status === -1 && m.statusMessage ? (
              <div className={styles.aFailed} data-testid="chat-failed">
                <span>{m.statusMessage}</span>
                {m.canResend && !m.isHistory ? (
                  <button type="button" className="link-btn" onClick={() => void chat.resend(m.questionId)} data-testid="chat-resend">
                    {t('chat.resend')}
                  </button>
                ) : null}
              </div>
            ) : null}
            {settled && m.status === 2 ? (
              <>
                {m.roleQuestion && !m.isHistory ? (
                  <Suspense fallback={null}>
                    <RolePrompt q={m.roleQuestion} />
                  </Suspense>
                ) : null}
                {m.interview && last && !m.isHistory ? (
                  <div className={styles.interview} data-testid="interview" data-step={m.interview.step}>
                    <div className={styles.interviewProgress}>
                      <span>{t('chat.interview', { step: m.interview.step, max: m.interview.max })}</span>
                      <span className={styles.interviewBar} aria-hidden>
                        <i style={{ width: `${Math.min(100, (m.interview.step / Math.max(1, m.interview.max)) * 100)}%` }} />
                      </span>
                    </div>
                    {m.followUps.length > 0 ? (
                      <div className={styles.chips} role="group" aria-label={t('chat.quickReply')}>
                        {m.followUps.map((r) => (
                          <button key={r} type="button" className={styles.chip} onClick={() => onAsk(r)} data-testid="interview-chip" data-reply={r}>
                            {chipLabel(r)}
                          </button>
                        ))}
                      </div>
                    ) : null}
                  </div>
                ) : null}
                {m.conclusion ? <ConclusionCard c={m.conclusion} hospitals={m.recommend?.hospitals ?? []} /> : null}
                {recommend ? <RecommendCards r={recommend} withHospitals={!hospitalsInConclusion} onAsk={m.isHistory ? undefined : onFill} /> : null}
                <Sources items={m.sources} />
                {m.dialInId !== null && !selecting ? <Actions m={m} /> : null}
              </>
            ) : null}
          </div>
        </div>
        {settled && m.status === 2 && last && !m.interview && m.followUps.length > 0 && !m.isHistory && !selecting ? (
          <div className={styles.follow} data-testid="follow-ups">
            <h4 className={styles.followTitle}>{t('chat.followUps')}</h4>
            {m.followUps.map((q) => (
              <button key={q} type="button" className={styles.followItem} onClick={() => onAsk(q)} data-testid="follow-up">
                <span>{chipLabel(q)}</span>
                <RightOutline aria-hidden />
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** Read aloud, copy, favourite, share, select. */
function Actions({ m }: { m: ChatMessage }) {
  const { t } = useTranslation();
  const speaking = useSpeech((s) => s.questionId === m.questionId);
  const phase = useSpeech((s) => (s.questionId === m.questionId ? s.state : null));
  const [busy, setBusy] = useState(false);
  const id = m.dialInId;
  if (id === null) return null;
  const collected = m.collectFlag === 1;

  const read = () => {
    if (speaking) return stopSpeaking();
    if (!speak(m.questionId, m.answer, i18n.language === 'en' ? 'en-US' : 'zh-CN', (message) => toast(message ?? t('chat.actions.ttsFailed')))) toast(t('chat.actions.ttsUnavailable'));
  };
  const copy = async () => {
    if (await copyText(m.answer)) toast(MSG.copied, 'success');
  };
  const collect = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await setCollected([id], !collected);
      chat.setCollectFlag(id, collected ? 0 : 1);
      toast(collected ? t('chat.collectOff') : t('chat.collectOk'), 'success');
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.actions} data-testid="answer-actions">
      {speechAvailable() ? (
        <button type="button" className={cx(styles.act, speaking && 'is-on')} aria-pressed={speaking} onClick={read} data-testid="answer-read" data-tts={phase ?? 'idle'}>
          {speaking ? (
            <span className={styles.ttsBars} aria-hidden>
              <i />
              <i />
              <i />
            </span>
          ) : (
            <SoundOutline aria-hidden />
          )}
          <span>{speaking ? (phase === 'play' ? t('chat.actions.reading') : t('chat.actions.readStarting')) : t('chat.actions.read')}</span>
        </button>
      ) : null}
      <button type="button" className={styles.act} onClick={() => void copy()} data-testid="answer-copy">
        <FileOutline aria-hidden />
        <span>{t('chat.actions.copy')}</span>
      </button>
      <button type="button" className={cx(styles.act, collected && 'is-on')} aria-pressed={collected} onClick={() => void collect()} data-testid="answer-collect" data-collected={collected}>
        {collected ? <StarFill aria-hidden /> : <StarOutline aria-hidden />}
        <span>{collected ? t('chat.actions.collected') : t('chat.actions.collect')}</span>
      </button>
      <button type="button" className={styles.act} onClick={() => void openShare([id])} data-testid="answer-share">
        <UploadOutline aria-hidden />
        <span>{t('chat.actions.share')}</span>
      </button>
      <button type="button" className={styles.act} onClick={() => void requestVerify(id)} data-testid="answer-verify">
        <CheckCircleFill aria-hidden />
        <span>{t('chat.actions.verify')}</span>
      </button>
      {m.isHistory ? null : (
        <button type="button" className={styles.act} onClick={() => chat.startSelecting(id)} data-testid="answer-select">
          <MoreOutline aria-hidden />
          <span>{t('chat.actions.more')}</span>
        </button>
      )}
    </div>
  );
}


