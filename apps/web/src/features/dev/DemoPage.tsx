import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tokenStorage } from '../../api';
import { useLoginStatus } from '../../app/login-store';
import { Cell, CellGroup } from '../../ui/Cell';
import { Page } from '../../ui/Page';

const SCREENS = ['/', '/signin', '/phone', '/apply', '/file?code=userAgreement&isBack=true', '/file?code=privacyPolicy&isBack=true', '/user', '/user/account', '/user/setting', '/user/fontsize', '/user/about', '/user/off', '/user/newUser', '/user/profile', '/user/role', '/user/mine', '/user/bmi', '/user/illness', '/user/illness?type=allergy', '/user/new-health-history', '/user/form'];

/** /demo — development origins only: the login state and links to every screen. Never shows codes or tokens. */
export default function DemoPage() {
  const { t } = useTranslation();
  const status = useLoginStatus();
  const token = tokenStorage.read();
  return (
    <Page title={t('demo.title')} testId="demo-page">
      <p className="hint" style={{ marginBottom: 12 }}>
        {t('demo.desc')}
      </p>
      <CellGroup>
        <Cell title={t('demo.status')} extra={<code data-testid="demo-status">{status}</code>} />
        <Cell title={t('demo.token')} extra={token ? new Date(token.stampedAt).toLocaleString() : t('demo.none')} />
      </CellGroup>
      <CellGroup title={t('demo.screens')}>
        {SCREENS.map((s) => (
          <Cell key={s} title={<Link to={s}>{s}</Link>} />
        ))}
      </CellGroup>
    </Page>
  );
}
