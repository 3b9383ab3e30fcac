import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import { UserHub } from './UserHub';

/** /user — the settings hub as its own screen. */
export default function UserPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('user.title')} testId="user-page">
      <UserHub />
    </Page>
  );
}
