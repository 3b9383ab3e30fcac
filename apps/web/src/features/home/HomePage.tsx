import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { lazyPage } from '../../app/chunk-reload';
import { Loading } from '../../ui/States';
import { ChatTab } from './ChatTab';
import { TabBar, tabOf, type HomeTab } from './TabBar';
import styles from './home.module.css';

const HealthTab = lazyPage(() => import('./HealthTab'));
const MineTab = lazyPage(() => import('./MineTab'));

/** '/': the home shell with its tabs (chat is the default and the only eagerly loaded one). */
export function HomePage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const select = (next: HomeTab) => setParams(next === 'chat' ? {} : { tab: next }, { replace: true });
  return (
    <div className={styles.home} data-testid="home">
      <main className={styles.homeView}>
        {tab === 'chat' ? (
          <ChatTab />
        ) : (
          <Suspense fallback={<Loading page />}>{tab === 'health' ? <HealthTab /> : <MineTab />}</Suspense>
        )}
      </main>
      <TabBar value={tab} onChange={select} />
    </div>
  );
}
