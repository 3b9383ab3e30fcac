import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BellOutline } from 'antd-mobile-icons';
import { LIMITS } from '@chatdr/contract';
import { NOTICE_BANNER_PUSH_TYPES, PUSH_TYPE_USER_REMIND, type Notice } from '@chatdr/contract/remind/schemas';
import { MESSAGE_LINK, PUSH_TYPE_COMPLAINT_REPLY, PUSH_TYPE_SUGGESTION_REPLY } from '@chatdr/contract/message/schemas';
import '../../i18n/remind';
import { invalidateRemind, markRead } from './queries';
import styles from './remind.module.css';

const shown = new Set<string>(NOTICE_BANNER_PUSH_TYPES);

/**
 * The notice banner (account-health §2 global overlay, §4): a live notice of a listed push type
 * slides in for 3 s; a reminder (user_remind) opens /user/notify with its type and member, marking
 * the message read. Mounted by the shell while logged in.
 */
export default function NoticeBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    let close: (() => void) | null = null;
    let alive = true;
    void import('./notice-socket').then(({ connectNotices }) => {
      if (!alive) return;
      close = connectNotices((n) => {
        if (!shown.has(n.pushType)) return;
        setNotice(n);
        // The lists behind it (today's doses, messages) change with it.
        void invalidateRemind();
      });
    });
    return () => {
      alive = false;
      close?.();
    };
  }, []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), LIMITS.noticeBannerMs);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!notice) return null;
  const open = () => {
    setNotice(null);
    // A reply to feedback or a complaint opens its list (account-health §2), which reads it.
    if (notice.pushType === PUSH_TYPE_SUGGESTION_REPLY || notice.pushType === PUSH_TYPE_COMPLAINT_REPLY) {
      void navigate(notice.pushType === PUSH_TYPE_SUGGESTION_REPLY ? MESSAGE_LINK.suggestion : MESSAGE_LINK.complaint);
      return;
    }
    if (notice.pushType !== PUSH_TYPE_USER_REMIND) return;
    void markRead(notice.id).then(() => invalidateRemind());
    void navigate(`/user/notify?type=${notice.extra.type}&userId=${notice.extra.userId}`);
  };
  return (
    <div className={styles.noticeBanner} role="alert" onClick={open} data-testid="notice-banner">
      <BellOutline className={styles.noticeBannerIcon} aria-hidden />
      <div className={styles.noticeBannerMain}>
        <div className={styles.noticeBannerTitle}>{notice.title}</div>
        <div className={styles.noticeBannerContent}>{notice.content}</div>
      </div>
      <button
        type="button"
        className={styles.noticeBannerClose}
        aria-label={t('notice.close')}
        onClick={(e) => {
          e.stopPropagation();
          setNotice(null);
        }}
      >
        ×
      </button>
    </div>
  );
}
