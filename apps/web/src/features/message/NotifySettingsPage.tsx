import { useTranslation } from 'react-i18next';
import { Switch } from 'antd-mobile';
import type { NotifySetting } from '@chatdr/contract/message/schemas';
import { toast } from '../../api';
import { Cell, CellGroup } from '../../ui/Cell';
import { Page } from '../../ui/Page';
import { Loading, LoadFailed } from '../../ui/States';
import '../../i18n/message';
import { saveNotifySettings, useNotifySettings } from './queries';
import s from './message.module.css';

/** /user/notifys — per kind of message: the in-app banner and SMS (conf/smsInfo, smsSave). */
export default function NotifySettingsPage() {
  const { t } = useTranslation();
  const q = useNotifySettings();
  const change = async (row: NotifySetting, patch: Partial<NotifySetting>) => {
    await saveNotifySettings([{ ...row, ...patch }]);
    toast(t('notifys.saved'));
  };
  return (
    <Page title={t('notifys.title')} testId="notifys-page" backTo="/user/message">
      <p className={s.desc}>{t('notifys.desc')}</p>
      {q.isPending ? <Loading /> : q.isError ? <LoadFailed onRetry={() => void q.refetch()} /> : (
        <CellGroup>
          {q.data.list.map((row) => (
            <Cell
              key={row.kind}
              title={t(`message.kinds.${row.kind}`)}
              testId={`notifys-${row.kind}`}
              extra={
                <span className={s.settingsRow}>
                  <label className={s.switchLabel}>
                    {t('notifys.inApp')}
                    <Switch checked={row.inApp} onChange={(v) => void change(row, { inApp: v })} aria-label={`${t(`message.kinds.${row.kind}`)} ${t('notifys.inApp')}`} data-testid={`notifys-${row.kind}-inapp`} />
                  </label>
                  <label className={s.switchLabel}>
                    {t('notifys.sms')}
                    <Switch checked={row.sms} onChange={(v) => void change(row, { sms: v })} aria-label={`${t(`message.kinds.${row.kind}`)} ${t('notifys.sms')}`} data-testid={`notifys-${row.kind}-sms`} />
                  </label>
                </span>
              }
            />
          ))}
        </CellGroup>
      )}
    </Page>
  );
}
