import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AddCircleOutline, AppstoreOutline, ClockCircleOutline, CloseOutline, EyeInvisibleOutline, FileOutline, UserOutline } from 'antd-mobile-icons';
import { SKILLS } from '@chatdr/contract';
import { lazyPage } from '../../app/chunk-reload';
import { isLoggedIn, isPending, useLoginStatus } from '../../app/login-store';
import { startLogin } from '../../app/session';
import { Logo } from '../../ui/Logo';
import { cx } from '../../ui/cx';
import { chat, useChatStore } from '../chat/chat-store';
import { ChatInputBar } from './ChatInputBar';
import styles from './home.module.css';
import { Greeting } from './Greeting';

const EXAMPLES = ['home.ex1', 'home.ex2', 'home.ex3', 'home.ex4'] as const;

/** Whom the consultation is about, with the change-role popup: its own chunk, loaded once logged in. */
const RoleChip = lazyPage(() => import('../family/RoleChip'));
/** The conversation and the chat's overlays: loaded with the first question or when opened. */
const ChatThread = lazyPage(() => import('../chat/ChatThread'));
const SelectionBar = lazyPage(() => import('../chat/SelectionBar'));
const SkillPicker = lazyPage(() => import('../chat/SkillPicker'));
const HistoryPopup = lazyPage(() => import('../chat/HistoryPopup'));
const ReportUpload = lazyPage(() => import('../chat/ReportUpload'));

/** The chat tab of the home shell: greeting and examples, then the conversation; the composer. */
export function ChatTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useLoginStatus();
  const loggedIn = isLoggedIn(status);
  const hasThread = useChatStore((s) => s.messages.length > 0);
  const draft = useChatStore((s) => s.draft);
  const skill = useChatStore((s) => s.skill);
  const incognito = useChatStore((s) => s.incognito);
  const selecting = useChatStore((s) => s.selecting);
  // Being answered or still typed out: the send button is a stop button.
  const answering = useChatStore((s) => s.messages.some((m) => m.status === -2 || m.status === 0 || m.status === 1 || (m.status === 2 && !m.isHistory && m.typing !== 'complete')));
  const [overlay, setOverlay] = useState<'skills' | 'history' | 'upload' | null>(null);
  const [mounted, setMounted] = useState<{ skills: boolean; history: boolean; upload: boolean }>({ skills: false, history: false, upload: false });
  const open = (o: 'skills' | 'history' | 'upload') => {
    setMounted((m) => ({ ...m, [o]: true }));
    setOverlay(o);
  };

  const pick = (text: string) => {
    if (!loggedIn) return startLogin();
    chat.setDraft(text);
  };
  const send = (text: string) => {
    if (!loggedIn) return startLogin();
    void chat.send(text);
  };
  const skillName = skill ? (SKILLS.find((s) => s.code === skill)?.name ?? skill) : null;

  return (
    <section className={cx(styles.chatHome, incognito && styles.chatHomeIncognito)} data-testid="chat-home" aria-labelledby="chat-home-title">
      <header className={styles.homeBar}>
        <Logo size={30} />
        <div className={styles.homeBarTitles}>
          <span className={styles.homeBarTitle} id="chat-home-title">
            {t('home.title')}
          </span>
          <span className={styles.homeBarSub}>{t('app.slogan')}</span>
        </div>
        {loggedIn ? (
          <Suspense fallback={null}>
            <RoleChip onPicked={() => void chat.reaskLast()} />
          </Suspense>
        ) : null}
        {loggedIn ? (
          <button type="button" className={cx('icon-btn', styles.homeBarIcon)} aria-label={t('home.history')} onClick={() => open('history')} data-testid="chat-history-open">
            <ClockCircleOutline aria-hidden />
          </button>
        ) : null}
        {loggedIn && hasThread ? (
          <button type="button" className={cx('icon-btn', styles.homeBarIcon)} aria-label={t('home.newChat')} onClick={() => void chat.newSession()} data-testid="chat-new-session">
            <AddCircleOutline aria-hidden />
          </button>
        ) : null}
        <button type="button" className={cx('icon-btn', styles.homeBarMe)} aria-label={t('home.profile')} onClick={() => (loggedIn ? void navigate('/?tab=mine') : startLogin())} data-testid="home-profile">
          <UserOutline aria-hidden />
        </button>
      </header>
      {hasThread && loggedIn ? (
        <Suspense fallback={<div className={styles.chatHomeScroll} />}>
          <ChatThread />
        </Suspense>
      ) : (
        <div className={styles.chatHomeScroll}>
          {incognito && loggedIn ? (
            <p className={styles.incognitoHint} data-testid="incognito-hint">
              <EyeInvisibleOutline aria-hidden />
              {t('home.incognitoHint')}
            </p>
          ) : null}
          <div className={styles.hero}>
            {/* While the session is checked only the greeting waits: the introduction is the same for everyone (and the first screen's largest text). */}
            {isPending(status) ? (
              <div className={cx(styles.heroGreetingSkeleton, 'skeleton')} aria-hidden />
            ) : loggedIn ? (
              <Greeting />
            ) : (
              <h1 className={styles.heroGreeting} data-testid="guest-title">
                {t('home.guestTitle')}
              </h1>
            )}
            <p className={styles.heroIntro} data-testid="assistant-intro">
              {t('home.intro')}
            </p>
          </div>
          <div className="examples">
            <h2 className={styles.examplesTitle}>{t('home.examplesTitle')}</h2>
            <ul className={styles.examplesList}>
              {EXAMPLES.map((key, i) => (
                <li key={key}>
                  <button type="button" className={styles.examplesChip} onClick={() => pick(t(key))} data-testid={`example-question-${i}`}>
                    {t(key)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <div className={styles.chatHomeInput}>
        {selecting ? (
          <Suspense fallback={null}>
            <SelectionBar />
          </Suspense>
        ) : (
          <ChatInputBar
            locked={!loggedIn}
            value={draft}
            onChange={(v) => chat.setDraft(v)}
            onSend={send}
            onLockedTap={startLogin}
            answering={answering}
            onStop={() => chat.cancel()}
            toolbar={
              loggedIn ? (
                <>
                  {skillName ? (
                    <span className={cx(styles.toolChip, styles.toolChipSkill)} data-testid="skill-current" data-skill={skill ?? ''}>
                      <button type="button" className={styles.toolChipMain} onClick={() => open('skills')}>
                        {skillName}
                      </button>
                      <button type="button" className={styles.toolChipX} aria-label={t('home.skillClear', { name: skillName })} onClick={() => chat.setSkill(null)} data-testid="skill-clear">
                        <CloseOutline aria-hidden />
                      </button>
                    </span>
                  ) : (
                    <button type="button" className={styles.toolChip} aria-haspopup="dialog" onClick={() => open('skills')} data-testid="skill-open">
                      <AppstoreOutline aria-hidden />
                      {t('home.skills')}
                    </button>
                  )}
                  <button type="button" className={styles.toolChip} aria-haspopup="dialog" onClick={() => open('upload')} data-testid="upload-open">
                    <FileOutline aria-hidden />
                    {t('home.uploadReport')}
                  </button>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={incognito}
                    aria-label={t('home.incognitoLabel')}
                    className={cx(styles.toolChip, styles.toolChipSwitch, incognito && 'is-on')}
                    onClick={() => void chat.setIncognito(!incognito)}
                    data-testid="incognito-switch"
                  >
                    <EyeInvisibleOutline aria-hidden />
                    {t('home.incognito')}
                    <span className={styles.miniSwitch} aria-hidden />
                  </button>
                </>
              ) : null
            }
          />
        )}
        <p className={styles.chatHomeDisclaimer}>{t('home.disclaimer')}</p>
      </div>
      {mounted.skills ? (
        <Suspense fallback={null}>
          <SkillPicker visible={overlay === 'skills'} onClose={() => setOverlay(null)} />
        </Suspense>
      ) : null}
      {mounted.upload ? (
        <Suspense fallback={null}>
          <ReportUpload visible={overlay === 'upload'} onClose={() => setOverlay(null)} />
        </Suspense>
      ) : null}
      {mounted.history ? (
        <Suspense fallback={null}>
          <HistoryPopup visible={overlay === 'history'} onClose={() => setOverlay(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
