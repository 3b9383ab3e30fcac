import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Check } from '../../ui/Field';
import styles from './login.module.css';

/** 我已阅读并同意《用户协议》和《隐私政策》 — must be checked before logging in. */
export function AgreementCheck({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Check checked={checked} onChange={onChange} testId="login-agreement" className={styles.loginAgree}>
      {t('login.agreePrefix')}
      <Link to="/file?code=userAgreement&isBack=true" data-testid="link-user-agreement">
        {t('login.userAgreement')}
      </Link>
      {t('login.and')}
      <Link to="/file?code=privacyPolicy&isBack=true" data-testid="link-privacy-policy">
        {t('login.privacyPolicy')}
      </Link>
    </Check>
  );
}
