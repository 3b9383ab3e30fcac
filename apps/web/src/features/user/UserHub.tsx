import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/antd';
import { AaOutline, BellOutline, CloseCircleOutline, EditSOutline, InformationCircleOutline, LinkOutline, LockOutline, RightOutline, SetOutline, StarOutline, UserContactOutline, SoundOutline, QuestionCircleOutline } from 'antd-mobile-icons';
import { toast } from '../../api';
import { isLoggedIn, isPending, useLoginStatus } from '../../app/login-store';
import { startLogin } from '../../app/session';
import { logout } from '../../app/session-actions';
import { Cell, CellGroup } from '../../ui/Cell';
import { RoleAvatar } from '../../ui/RoleAvatar';
import { avatarKeyOf } from '../family/avatar';
import { useAccountInfo, usePersonalSettings } from './queries';
import { UnreadBadge, useUnreadMessages } from '../message/unread';
import '../../i18n/message';
import { cx } from '../../ui/cx';
import { Button } from '../../ui/Button';
import styles from './user.module.css';

/**
 * The 我的 tab (also the spec's /user): the account and settings — 我的资料, 账号与安全 (with the
 * logged-in devices), settings, font size, favourites and share links, about, 注销 and 退出登录.
 * The health records live in the 健康 tab only.
 */
export function UserHub() {
  const { t } = useTranslation();
  const status = useLoginStatus();
  const loggedIn = isLoggedIn(status);
  const account = useAccountInfo();
  const settings = usePersonalSettings();
  const unread = useUnreadMessages(loggedIn);
  /** Entries that need a session open login first when there is none. */
  const guarded = (to: string) => (loggedIn ? { to } : { onClick: startLogin });

  async function confirmLogout() {
    const ok = await Dialog.confirm({ content: t('user.logoutConfirm'), confirmText: t('user.logout'), cancelText: t('common.cancel') });
    if (!ok) return;
    await logout();
    toast(t('user.loggedOut'));
  }

  return (
    <div className={styles.userHub} data-testid="user-hub">
      {loggedIn && account.data ? (
        <Link className={cx(styles.profileCard, styles.profileCardLink)} to="/user/profile" data-testid="user-profile">
          <RoleAvatar avatar={avatarKeyOf({ roleCode: account.data.roleCode, sex: account.data.sex, isSelf: true })} size={60} ring />
          <div className={styles.profileCardMain}>
            <p className={styles.profileCardName} data-testid="profile-name">
              {account.data.name}
            </p>
            <p className={styles.profileCardMeta} data-testid="profile-phone">
              {account.data.phone}
            </p>
          </div>
          <RightOutline className={styles.arrow} aria-hidden />
        </Link>
      ) : (
        <div className={styles.profileCard}>
          {loggedIn || isPending(status) ? (
            <>
              <div className="skeleton" style={{ width: 60, height: 60, borderRadius: '50%' }} />
              <div className={styles.profileCardMain}>
                <div className="skeleton" style={{ width: '45%', height: 20 }} />
                <div className="skeleton" style={{ width: '60%', height: 14, marginTop: 8 }} />
              </div>
            </>
          ) : (
            <>
              <RoleAvatar avatar="self" size={60} />
              <div className={styles.profileCardMain}>
                <p className={styles.profileCardName}>{t('user.guestName')}</p>
                <p className={styles.profileCardMeta}>{t('user.guestDesc')}</p>
              </div>
              <Button small onClick={startLogin} testId="mine-login">
                {t('common.login')}
              </Button>
            </>
          )}
        </div>
      )}

      <CellGroup>
        <Cell icon={<UserContactOutline />} title={t('user.profile')} {...guarded('/user/profile')} testId="user-profile-entry" />
        <Cell icon={<LockOutline />} title={t('user.account')} {...guarded('/user/account')} testId="user-account" />
        <Cell icon={<SetOutline />} title={t('user.setting')} {...guarded('/user/setting')} testId="user-setting" />
        <Cell
          icon={<AaOutline />}
          title={t('user.fontsize')}
          extra={settings.data ? t(`font.levels.${settings.data.fontSize}`) : undefined}
          {...guarded('/user/fontsize')}
          testId="user-fontsize"
        />
      </CellGroup>

      <CellGroup>
        <Cell icon={<BellOutline />} title={t('message.title')} extra={unread > 0 ? <UnreadBadge count={unread} testId="user-message-unread" /> : undefined} {...guarded('/user/message')} testId="user-message" />
        <Cell icon={<StarOutline />} title={t('user.collect')} {...guarded('/chat/collect')} testId="user-collect" />
        <Cell icon={<LinkOutline />} title={t('user.shares')} {...guarded('/chat/shares')} testId="user-shares" />
        <Cell icon={<EditSOutline />} title={t('feedback.title')} to="/user/feedback" testId="user-feedback" />
        <Cell icon={<SoundOutline />} title={t('user.assist')} {...guarded('/user/assit')} testId="user-assit" />
        <Cell icon={<QuestionCircleOutline />} title={t('user.help')} to="/help" testId="user-help" />
        <Cell icon={<InformationCircleOutline />} title={t('user.about')} to="/user/about" testId="user-about" />
      </CellGroup>

      {loggedIn ? (
        <>
          <CellGroup>
            <Cell icon={<CloseCircleOutline />} title={t('user.off')} to="/user/off" testId="user-off" />
          </CellGroup>
          <Button variant="danger-secondary" onClick={() => void confirmLogout()} testId="logout-button">
            {t('user.logout')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
