import { useTranslation } from 'react-i18next';
import styles from './home.module.css';
import { UserHub } from '../user/UserHub';

/** The 我的 tab: the settings hub, also reachable as /user. */
export default function MineTab() {
  const { t } = useTranslation();
  return (
    <section className={styles.tabPage} data-testid="mine-tab">
      <header className={styles.tabPageHead}>
        <h1 className={styles.tabPageTitle}>{t('home.tabMine')}</h1>
      </header>
      <div className={styles.tabPageBody}>
        <UserHub />
      </div>
    </section>
  );
}
