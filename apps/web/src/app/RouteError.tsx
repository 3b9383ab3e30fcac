import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { PlainPage } from '../ui/NavPage';
import { Empty } from '../ui/States';
import { isChunkLoadError, withTimestamp } from './chunk-reload';

/** The router's error screen: a failed chunk says 刷新页面...; anything else offers a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const err = useRouteError();
  const reload = () => window.location.replace(withTimestamp(window.location.href, Date.now()));
  console.error(err);
  return (
    <PlainPage role="alert">
      <Empty
        page
        testId="route-error"
        title={isChunkLoadError(err) ? t('errors.reloading') : t('errors.pageError')}
        desc={t('errors.pageErrorDesc')}
        action={
          <Button small onClick={reload}>
            {t('errors.reload')}
          </Button>
        }
      />
    </PlainPage>
  );
}
