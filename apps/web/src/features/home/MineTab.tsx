import { useTranslation } from 'react-i18next';
import { UserHub } from '../user/UserHub';

/** The 我的 tab: the settings hub, also reachable as /user. */
export default function MineTab() {
  const { t } = useTranslation();
  return (
    <section className="tab-page" data-testid="mine-tab">
      <header className="tab-page__head">
        <h1 className="tab-page__title">{t('home.tabMine')}</h1>
      </header>
      <div className="tab-page__body">
        <UserHub />
      </div>
    </section>
  );
}
