import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../app/chunk-reload';
import styles from './home.module.css';
import { cx } from '../../ui/cx';
import { VoiceToggle } from '../voice/VoiceToggle';

/** Hold to talk (recogniser, mic, waveform): its own chunk, loaded when voice input is chosen. */
const HoldToTalk = lazyPage(() => import('../voice/HoldToTalk'));

interface ChatInputBarProps {
  /** Logged out: the input is read-only with the hint 登录后即可咨询; tapping it opens login. */
  locked: boolean;
  value: string;
  onChange: (value: string) => void;
  /** Sends the question. Without it the send button stays disabled. */
  onSend?: (text: string) => void;
  onLockedTap: () => void;
  /** An answer is on its way: the send button becomes a stop button. */
  answering?: boolean;
  onStop?: () => void;
  /** Above the field: the chosen skill, the incognito switch. */
  toolbar?: ReactNode;
}

/** The chat home's input bar. */
export function ChatInputBar({ locked, value, onChange, onSend, onLockedTap, answering = false, onStop, toolbar }: ChatInputBarProps) {
  const { t } = useTranslation();
  const text = value.trim();
  const canSend = !locked && Boolean(onSend) && text.length > 0;
  const stop = answering && Boolean(onStop);
  const [voice, setVoice] = useState(false);
  const voiceOn = voice && !locked && Boolean(onSend);
  return (
    <div className="composer">
      {toolbar ? <div className={styles.composerTools}>{toolbar}</div> : null}
      <div className={cx(styles.chatInput, locked && styles.chatInputLocked)}>
        {!locked && onSend ? <VoiceToggle voice={voiceOn} onToggle={() => setVoice((v) => !v)} /> : null}
        {voiceOn ? (
          <Suspense fallback={<span className={styles.chatInputField} />}>
            <HoldToTalk onText={(t) => (stop ? onChange(t) : onSend?.(t))} />
          </Suspense>
        ) : (
        <textarea
          className={styles.chatInputField}
          rows={1}
          value={locked ? '' : value}
          readOnly={locked}
          aria-haspopup={locked ? 'dialog' : undefined}
          aria-label={t('home.inputLabel')}
          placeholder={locked ? t('home.inputLoggedOut') : t('home.inputPlaceholder')}
          onChange={(e) => onChange(e.target.value)}
          onClick={locked ? onLockedTap : undefined}
          onKeyDown={(e) => {
            if (locked && (e.key === 'Enter' || e.key === ' ')) {
              e.preventDefault();
              onLockedTap();
              return;
            }
            // Enter sends on a keyboard; Shift+Enter is a new line; an IME composition is left alone.
            if (!locked && e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              if (canSend && !stop) onSend?.(text);
            }
          }}
          maxLength={1000}
          data-testid="chat-input"
        />
        )}
        {stop ? (
          <button type="button" className={cx(styles.chatInputSend, styles.chatInputSendStop)} aria-label={t('home.stop')} onClick={onStop} data-testid="chat-stop">
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden focusable="false">
              <rect x="5" y="5" width="14" height="14" rx="2.5" fill="currentColor" />
            </svg>
          </button>
        ) : (
          <button type="button" className={styles.chatInputSend} aria-label={t('home.send')} disabled={!canSend} onClick={() => canSend && onSend?.(text)} data-testid="chat-send">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
              <path d="M12 19V5M5.5 11.5 12 5l6.5 6.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        )}
      </div>
    </div>
  );
}
