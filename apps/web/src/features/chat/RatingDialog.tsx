import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenterPopup } from 'antd-mobile';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { toast } from '../../api';
import { cx } from '../../ui/cx';
import { chat } from './chat-store';
import styles from './chat.module.css';
import { submitEvaluation } from './queries';

/** The rating dialog (chat-core §4 rules in rating.ts; userEvaluation/createOrUpdate on submit). */
export default function RatingDialog() {
  const { t } = useTranslation();
  const [score, setScore] = useState(0);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const close = () => chat.closeRating();
  const submit = async () => {
    setSending(true);
    try {
      await submitEvaluation(score, text.trim());
    } catch {
      // The rating is a courtesy: a failed save is not the user's problem.
    }
    setSending(false);
    toast(t('chat.rating.thanks'), 'success');
    close();
  };
  return (
    <CenterPopup visible onMaskClick={close} bodyClassName={styles.rating} destroyOnClose>
      <div className={styles.ratingInner} role="dialog" aria-modal="true" aria-labelledby="rating-title" data-testid="rating-dialog">
        <h2 className={styles.ratingTitle} id="rating-title">
          {t('chat.rating.title')}
        </h2>
        <p className={styles.ratingDesc}>{t('chat.rating.desc')}</p>
        <div className={styles.ratingStars} role="radiogroup" aria-labelledby="rating-title">
          {[1, 2, 3, 4, 5].map((n) => (
            <button key={n} type="button" role="radio" aria-checked={score === n} aria-label={t('chat.rating.star', { count: n })} className={cx(styles.ratingStar, n <= score && 'is-on')} onClick={() => setScore(n)} data-testid={`rating-star-${n}`}>
              {n <= score ? <StarFill aria-hidden /> : <StarOutline aria-hidden />}
            </button>
          ))}
        </div>
        <p className={styles.ratingLabel}>{score > 0 ? t(`chat.rating.labels.${score}`) : '\u00a0'}</p>
        <textarea className={styles.ratingText} rows={3} maxLength={500} value={text} placeholder={t('chat.rating.placeholder')} aria-label={t('chat.rating.placeholder')} onChange={(e) => setText(e.target.value)} data-testid="rating-text" />
        <div className={styles.ratingActions}>
          <button type="button" className="btn btn--ghost btn--small" onClick={close} data-testid="rating-later">
            {t('chat.rating.later')}
          </button>
          <button type="button" className="btn btn--small" disabled={score === 0 || sending} onClick={() => void submit()} data-testid="rating-submit">
            {t('chat.rating.submit')}
          </button>
        </div>
      </div>
    </CenterPopup>
  );
}
