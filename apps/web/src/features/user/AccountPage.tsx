import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/antd';
import { useMutation } from '@tanstack/react-query';
import { routes, type SessionInfo } from '@chatdr/contract';
import { CheckShieldOutline, DownlandOutline, ScanningFaceOutline, GlobalOutline, KeyOutline, PhonebookOutline } from 'antd-mobile-icons';
import '../../i18n/account';
import { api, toast } from '../../api';
import { queryClient } from '../../app/query-client';
import { Cell, CellGroup } from '../../ui/Cell';
import { Page } from '../../ui/Page';
import { LoadFailed, Loading } from '../../ui/States';
import { describeUa, formatDateTime } from './format';
import { qk, useAccountInfo, useSessionList } from './queries';
import { Button } from '../../ui/Button';
import { StatusTag } from '../../ui/StatusTag';
import styles from './user.module.css';

/** /user/account — 账号与安全: phone, password, logged-in devices, account cancellation. */
export default function AccountPage() {
  const { t } = useTranslation();
  const account = useAccountInfo();
  const sessions = useSessionList();
  const end = useMutation({
    mutationFn: (sessionIds?: string[]) => api.call(routes.auth.forceLogout, { body: sessionIds ? { sessionIds } : {} }),
    onSuccess: () => {
      toast(t('account.kicked'), 'success');
      void queryClient.invalidateQueries({ queryKey: qk.sessions });
    },
  });

  async function kick(s?: SessionInfo) {
    const ok = await Dialog.confirm({ content: s ? t('account.kickConfirm') : t('account.kickAllConfirm'), confirmText: t('account.kick'), cancelText: t('common.cancel') });
    if (ok) end.mutate(s ? [s.id] : undefined);
  }

  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  const others = list.filter((s) => !s.current);

  return (
    <Page title={t('account.title')} testId="account-page">
      {account.isPending ? (
        <Loading />
      ) : account.isError ? (
        <LoadFailed onRetry={() => void account.refetch()} />
      ) : (
        <CellGroup>
          <Cell icon={<PhonebookOutline />} title={t('account.phone')} extra={<span data-testid="account-phone">{account.data.phone}</span>} to="/user/account/changephone" testId="account-change-phone" />
          <Cell
            icon={<KeyOutline />}
            title={t('account.password')}
            extra={account.data.hasPassword ? t('account.changePwd') : t('account.setPwd')}
            to="/verify?scene=setPwd"
            testId="account-password"
          />
          <Cell icon={<ScanningFaceOutline />} title={t('biometric.entry')} to="/user/account/biometric" testId="account-biometric" />
          <Cell icon={<CheckShieldOutline />} title={t('realName.entry')} to={`/user/auth/${account.data.id}`} testId="account-realname" />
        </CellGroup>
      )}

      <CellGroup title={t('account.devices')}>
        {sessions.isPending ? (
          <Loading />
        ) : sessions.isError ? (
          <LoadFailed onRetry={() => void sessions.refetch()} />
        ) : (
          <ul className={styles.sessionList} data-testid="session-list">
            {list.map((s) => (
              <SessionRow key={s.id} s={s} busy={end.isPending} onKick={() => void kick(s)} />
            ))}
            {others.length === 0 ? <li className="muted-row">{t('account.noOthers')}</li> : null}
          </ul>
        )}
      </CellGroup>
      {others.length > 1 ? (
        <Button variant="secondary" className={styles.accountKickAll} disabled={end.isPending} onClick={() => void kick()} testId="session-kick-all">
          {t('account.kickAll')}
        </Button>
      ) : null}

      <CellGroup>
        <Cell icon={<DownlandOutline />} title={t('dataExport.entry')} to="/user/profileDownload" testId="account-data-export" />
      </CellGroup>

      <CellGroup>
        <Cell title={t('account.off')} to="/user/off" danger testId="account-off" />
      </CellGroup>
    </Page>
  );
}

function SessionRow({ s, busy, onKick }: { s: SessionInfo; busy: boolean; onKick: () => void }) {
  const { t, i18n } = useTranslation();
  const name = describeUa(s.ua) ?? s.deviceType ?? t('account.unknownDevice');
  return (
    <li className={styles.session} data-testid="session-item" data-current={s.current || undefined}>
      <span className={styles.sessionIcon} aria-hidden>
        <GlobalOutline />
      </span>
      <div className={styles.sessionMain}>
        <p className={styles.sessionName}>
          {name}
          {s.current ? <StatusTag>{t('account.current')}</StatusTag> : null}
        </p>
        <p className={styles.sessionMeta}>{t('account.lastSeen', { time: formatDateTime(s.lastSeenAt, i18n.language) })}</p>
      </div>
      {s.current ? null : (
        <Button variant="secondary" small disabled={busy} onClick={onKick} testId="session-kick" aria-label={`${t('account.kick')} ${name}`}>
          {t('account.kick')}
        </Button>
      )}
    </li>
  );
}
