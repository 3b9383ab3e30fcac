import { useTranslation } from 'react-i18next';
import css from './VoiceToggle.module.css';

/** The composer's switch between the keyboard and hold-to-talk. */
export function VoiceToggle({ voice, onToggle }: { voice: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={css.toggle} aria-label={voice ? t('home.voice.toKeyboard') : t('home.voice.toVoice')} aria-pressed={voice} onClick={onToggle} data-testid="voice-toggle">
      {voice ? (
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden focusable="false">
          <rect x="3" y="6" width="18" height="12" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M7 10h1M11 10h1M15 10h1M8 14h8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden focusable="false">
          <rect x="9" y="3" width="6" height="11" rx="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      )}
    </button>
  );
}
