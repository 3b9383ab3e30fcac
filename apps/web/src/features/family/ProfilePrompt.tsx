import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CloseOutline } from 'antd-mobile-icons';
import { routes } from '@chatdr/contract';
import { api } from '../../api';
import { isLoggedIn, useLoginStatus } from '../../app/login-store';
import { queryClient } from '../../app/query-client';
import '../../i18n/family';
import { fk, useMember, useRecordState } from './queries';
import { cx } from '../../ui/cx';
import styles from './family.module.css';

/**
 * The member-profile prompt (userInfoIsShow): while the account holder's file is incomplete, a card
 * invites them to complete it; closing it is remembered on the server (updUserInfoIsShow).
 */
export function ProfilePrompt() {
  const { t } = useTranslation();
  const loggedIn = isLoggedIn(useLoginStatus());
  const shown = useQuery({
    queryKey: fk.isShow,
    queryFn: ({ signal }) => api.call(routes.family.userInfoIsShow, { body: {} }, { signal, hideMsg: true }),
    enabled: loggedIn,
  });
  const { member } = useMember(null);
  const state = useRecordState(shown.data?.isShow ? member?.id : undefined);
  if (!shown.data?.isShow || !state.data || state.data.percent >= 100) return null;

  const close = () => {
    queryClient.setQueryData(fk.isShow, { isShow: false });
    void api.call(routes.family.updUserInfoIsShow, { body: { isShow: false } }, { hideMsg: true }).catch(() => undefined);
  };

  return (
    <div className={styles.promptCard} data-testid="profile-prompt">
      <div className={styles.promptCardMain}>
        <p className={styles.promptCardTitle}>{t('family.prompt.title')}</p>
        <p className={styles.promptCardDesc}>{t('family.prompt.desc', { percent: state.data.percent })}</p>
      </div>
      <Link className="btn btn--small" to="/user/new-health-history" data-testid="profile-prompt-go">
        {t('family.prompt.action')}
      </Link>
      <button type="button" className={cx('icon-btn', styles.promptCardClose)} aria-label={t('family.prompt.close')} onClick={close} data-testid="profile-prompt-close">
        <CloseOutline aria-hidden />
      </button>
    </div>
  );
}
