import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../ui/toast';
import { cx } from '../../ui/cx';
import { pickRecognizer, type Dictation } from './recognizer';
import css from './HoldToTalk.module.css';

/** Slide up this far (px) from where the finger went down to cancel (chat-core §9 swipe threshold 50). */
const CANCEL_DY = 50;
const BARS = 18;
/** Shorter than this is a slip of the finger, not speech. */
const MIN_MS = 500;

/**
 * Voice input in the composer (chat-core §1 "voice (dictation)"): hold to talk, a live waveform,
 * slide up to cancel, release to send the recognised text.
 */
export default function HoldToTalk({ onText }: { onText: (text: string) => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'idle' | 'listening' | 'recognising'>('idle');
  const [cancelling, setCancelling] = useState(false);
  const [partial, setPartial] = useState('');
  const [levels, setLevels] = useState<number[]>(() => Array<number>(BARS).fill(0));
  const dictation = useRef<Dictation | null>(null);
  const startY = useRef(0);
  const startedAt = useRef(0);
  const held = useRef(false);
  const raf = useRef(0);

  useEffect(
    () => () => {
      cancelAnimationFrame(raf.current);
      dictation.current?.cancel();
    },
    [],
  );

  const meter = () => {
    const d = dictation.current;
    if (!d) return;
    setLevels((prev) => [...prev.slice(1), d.level()]);
    raf.current = requestAnimationFrame(meter);
  };

  const down = async (e: React.PointerEvent<HTMLButtonElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    startY.current = e.clientY;
    startedAt.current = Date.now();
    held.current = true;
    setCancelling(false);
    setPartial('');
    setPhase('listening');
    const rec = await pickRecognizer();
    if (!rec) {
      setPhase('idle');
      showToast(t('home.voice.none'));
      return;
    }
    try {
      const d = await rec.start((text) => setPartial(text));
      if (!held.current) {
        d.cancel();
        return;
      }
      dictation.current = d;
      raf.current = requestAnimationFrame(meter);
    } catch {
      setPhase('idle');
      showToast(t('home.voice.micDenied'));
    }
  };

  const up = async () => {
    held.current = false;
    cancelAnimationFrame(raf.current);
    const d = dictation.current;
    dictation.current = null;
    if (!d) return setPhase('idle');
    if (cancelling) {
      d.cancel();
      setCancelling(false);
      return setPhase('idle');
    }
    if (Date.now() - startedAt.current < MIN_MS) {
      d.cancel();
      setPhase('idle');
      return showToast(t('home.voice.tooShort'));
    }
    setPhase('recognising');
    const text = (await d.finish()).trim();
    setPhase('idle');
    if (text) onText(text);
    else showToast(t('home.voice.notRecognised'));
  };

  const active = phase !== 'idle';
  return (
    <>
      <button
        type="button"
        className={cx(css.hold, active && css.holding)}
        onPointerDown={(e) => void down(e)}
        onPointerMove={(e) => held.current && setCancelling(startY.current - e.clientY > CANCEL_DY)}
        onPointerUp={() => void up()}
        onPointerCancel={() => {
          setCancelling(true);
          void up();
        }}
        onContextMenu={(e) => e.preventDefault()}
        data-testid="voice-hold"
        data-phase={phase}
      >
        {active ? t('home.voice.release') : t('home.voice.hold')}
      </button>
      {active ? (
        <div className={cx(css.overlay, cancelling && css.cancelling)} role="status" aria-live="polite" data-testid="voice-overlay" data-cancelling={cancelling}>
          <div className={css.bubble}>
            <div className={css.wave} aria-hidden>
              {levels.map((l, i) => (
                <span key={i} className={css.bar} style={{ height: `${String(4 + Math.round(l * 36))}px` }} />
              ))}
            </div>
            <p className={css.partial}>{partial || (phase === 'recognising' ? t('home.voice.recognising') : t('home.voice.listening'))}</p>
            <p className={css.hint}>{cancelling ? t('home.voice.releaseCancel') : t('home.voice.slideCancel')}</p>
          </div>
        </div>
      ) : null}
    </>
  );
}
