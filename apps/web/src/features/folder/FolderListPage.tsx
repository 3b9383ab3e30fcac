import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AddOutline } from 'antd-mobile-icons';
import type { FolderType } from '@chatdr/contract/media/index';
import type { FolderFile } from '@chatdr/contract/report/schemas';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import '../../i18n/media';
import { MemberSwitcher } from '../family/MemberSwitcher';
import { idParam } from '../family/params';
import { useMembers } from '../family/queries';
import { FileRow } from './FolderBits';
import { FOLDER_ORDER, countByType, groupByType, scanPath, typeParam } from './folder-model';
import { useFolderFiles } from './queries';
import styles from './folder.module.css';

/** /user/folder/list — a member's files grouped by folder type, with a member switcher. */
export default function FolderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const members = useMembers();
  const wanted = idParam(params.get('id'));
  const type = typeParam(params.get('type'));
  const member = members.data ? (members.data.find((m) => m.id === wanted) ?? members.data.find((m) => m.isSelf) ?? members.data[0]) : undefined;
  const setQuery = (id: number, ty: FolderType | null) => setParams({ id: String(id), ...(ty ? { type: ty } : {}) }, { replace: true });

  let body;
  if (members.isPending) body = <Loading page />;
  else if (members.isError) body = <LoadFailed page onRetry={() => void members.refetch()} />;
  else if (!member) body = <Empty page title={t('family.notFound')} />;
  else
    body = (
      <>
        <MemberSwitcher members={members.data} value={member.id} onChange={(id) => setQuery(id, null)} />
        <MemberFiles userInfoId={member.id} type={type} onType={(ty) => setQuery(member.id, ty)} onUpload={() => void navigate(scanPath(member.id))} />
      </>
    );

  return (
    <Page
      title={t('folder.title')}
      testId="folder-page"
      backTo="/user"
      right={
        member ? (
          <button type="button" className="icon-btn" aria-label={t('folder.upload')} onClick={() => void navigate(scanPath(member.id))} data-testid="folder-upload">
            <AddOutline aria-hidden />
          </button>
        ) : null
      }
    >
      {body}
    </Page>
  );
}

function MemberFiles({ userInfoId, type, onType, onUpload }: { userInfoId: number; type: FolderType | null; onType: (t: FolderType | null) => void; onUpload: () => void }) {
  const { t } = useTranslation();
  const files = useFolderFiles(userInfoId);
  if (files.isPending) return <Loading />;
  if (files.isError) return <LoadFailed onRetry={() => void files.refetch()} />;
  const list = files.data.list;
  if (list.length === 0)
    return (
      <Empty
        testId="folder-empty"
        title={t('folder.empty')}
        desc={t('folder.emptyDesc')}
        action={
          <button type="button" className="btn btn--small" onClick={onUpload} data-testid="folder-empty-upload">
            {t('folder.upload')}
          </button>
        }
      />
    );
  const counts = countByType(list);
  const shown: FolderFile[] = type ? list.filter((f) => f.folderType === type) : list;
  return (
    <div className={styles.folder} data-testid="folder-list">
      <div className={styles.folderTypes} role="group" aria-label={t('upload.supports')}>
        <TypeChip on={!type} label={t('folder.all')} count={list.length} onClick={() => onType(null)} testId="folder-type-all" />
        {FOLDER_ORDER.filter((k) => counts[k]).map((k) => (
          <TypeChip key={k} on={type === k} label={t(`upload.kind.${k}`)} count={counts[k] ?? 0} onClick={() => onType(k)} testId={`folder-type-${k}`} />
        ))}
      </div>
      {groupByType(shown).map((g) => (
        <section key={g.type} className={styles.folderGroup} data-testid="folder-group" data-type={g.type} aria-labelledby={`folder-group-${g.type}`}>
          <h2 className={styles.folderGroupTitle} id={`folder-group-${g.type}`}>
            {t(`upload.kind.${g.type}`)}
            <span className={styles.folderGroupCount}>{t('folder.count', { count: g.files.length })}</span>
          </h2>
          <ul className={styles.folderGroupList}>
            {g.files.map((f) => (
              <FileRow key={f.id} file={f} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function TypeChip({ on, label, count, onClick, testId }: { on: boolean; label: string; count: number; onClick: () => void; testId: string }) {
  return (
    <button type="button" className={cx(styles.folderType, on && styles.isOn)} aria-pressed={on} onClick={onClick} data-testid={testId}>
      {label}
      <span className={styles.folderTypeN}>{count}</span>
    </button>
  );
}
