import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/Field';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import '../../i18n/health';
import { withId } from '../family/params';
import { useIndicatorGroups } from './queries';
import { useScopedMember } from './scope';
import styles from './health.module.css';

/** /indicator/init?id= — pick the indicator to record: every lab indicator and vital, by panel, searchable. */
export default function IndicatorInitPage() {
  const { t } = useTranslation();
  const { members, member } = useScopedMember();
  const groups = useIndicatorGroups(member?.id);
  const [q, setQ] = useState('');
  const shown = useMemo(() => {
    const k = q.trim().toLowerCase();
    if (!groups.data) return [];
    return groups.data
      .map((g) => ({ ...g, items: k ? g.items.filter((i) => i.name.toLowerCase().includes(k) || i.type.toLowerCase().includes(k) || g.category.includes(k)) : g.items }))
      .filter((g) => g.items.length > 0);
  }, [groups.data, q]);
  let body;
  if (members.isPending || (member && groups.isPending)) body = <Loading page />;
  else if (!member) body = <Empty page title={t('health.noMember')} />;
  else if (groups.isError) body = <LoadFailed page onRetry={() => void groups.refetch()} />;
  else
    body = (
      <>
        <TextField className={styles.hxSearch} label={t('health.ind.search')} hideLabel placeholder={t('health.ind.search')} value={q} onChange={setQ} type="search" testId="indicator-search" />
        {shown.length === 0 ? <Empty title={t('health.ind.empty')} /> : null}
        {shown.map((g) => (
          <section key={g.category} className={cx(styles.hxCard, styles.hxGroup)}>
            <h2 className={styles.hxGroupTitle}>{g.category}</h2>
            <div className={styles.hxPills}>
              {g.items.map((i) => (
                <Link key={i.type} className={cx(styles.hxPill, i.summary && styles.isRecorded)} to={withId('/indicator/edit', member.id, { type: i.type })} data-testid="indicator-pick" data-type={i.type}>
                  {i.name}
                </Link>
              ))}
            </div>
          </section>
        ))}
      </>
    );
  return (
    <Page title={t('health.ind.initTitle')} testId="indicator-init-page" backTo={withId('/indicator/list', member?.id)}>
      {body}
    </Page>
  );
}
