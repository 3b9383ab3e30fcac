import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/antd';
import { LIMITS, routes, type AppVersionInfo } from '@chatdr/contract';
import { ExclamationShieldOutline, FileOutline, UnorderedListOutline } from 'antd-mobile-icons';
import '../../i18n/message';
import { api, toast } from '../../api';
import { webClientInfo, WEB_VERSION_CODE } from '../../platform/device';
import { Cell, CellGroup } from '../../ui/Cell';
import { Logo } from '../../ui/Logo';
import { Page } from '../../ui/Page';
import { Button } from '../../ui/Button';
import styles from './user.module.css';

/** Policy level 3 means a forced update (chat-core §3). */
export const FORCED_POLICY_LEVEL = 3;

/** /user/about — app name and version, the agreements, 检查更新. */
export default function AboutPage() {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);

  async function checkUpdate() {
    setChecking(true);
    try {
      const info = await api.call(routes.auth.checkUpdate, { query: { versionNumber: WEB_VERSION_CODE, checkType: 2, deviceType: webClientInfo().deviceType } });
      if (!info) toast(t('about.latest'));
      else showUpdate(info);
    } catch {
      // shown by the request layer
    } finally {
      setChecking(false);
    }
  }

  function showUpdate(info: AppVersionInfo) {
    const open = () => {
      if (info.downloadUrl) window.location.assign(info.downloadUrl);
    };
    const content = (
      <div className={styles.updateDialog}>
        <p>{info.policyLevel >= FORCED_POLICY_LEVEL ? t('about.forced') : null}</p>
        {info.upTip ? <p className={styles.updateDialogTip}>{info.upTip}</p> : null}
      </div>
    );
    const title = t('about.newVersion', { name: info.versionName });
    if (info.policyLevel >= FORCED_POLICY_LEVEL) {
      // Forced: no way to dismiss it.
      Dialog.show({ title, content, closeOnMaskClick: false, actions: [{ key: 'update', text: t('about.update'), bold: true, onClick: open }] });
    } else {
      void Dialog.confirm({ title, content, confirmText: t('about.update'), cancelText: t('about.later'), onConfirm: open });
    }
  }

  return (
    <Page title={t('about.title')} testId="about-page">
      <div className={styles.aboutHead}>
        <Logo size={72} />
        <p className={styles.aboutHeadName}>{t('app.assistant')} · chatdr</p>
        <p className={styles.aboutHeadVersion} data-testid="about-version">
          {t('about.version', { v: LIMITS.clientVersion })}
        </p>
        <p className={styles.aboutHeadDesc}>{t('about.desc')}</p>
      </div>
      <CellGroup>
        <Cell icon={<FileOutline />} title={t('about.userAgreement')} to="/file?code=userAgreement&isBack=true" testId="about-user-agreement" />
        <Cell icon={<FileOutline />} title={t('about.privacyPolicy')} to="/file?code=privacyPolicy&isBack=true" testId="about-privacy-policy" />
      </CellGroup>
      <CellGroup>
        <Cell icon={<ExclamationShieldOutline />} title={t('feedback.reportTitle')} to="/user/about/report" testId="about-report" />
        <Cell icon={<UnorderedListOutline />} title={t('feedback.reportLog')} to="/user/about/log" testId="about-log" />
      </CellGroup>
      <Button variant="secondary" onClick={() => void checkUpdate()} loading={checking} testId="check-update">
        {t('about.checkUpdate')}
      </Button>
    </Page>
  );
}
