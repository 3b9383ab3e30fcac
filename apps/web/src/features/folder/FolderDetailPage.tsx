import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { DeleteOutline, EditSOutline, FileOutline, RightOutline, UserSetOutline } from 'antd-mobile-icons';
import type { MemberDetail } from '@chatdr/contract';
import type { FolderFile } from '@chatdr/contract/report/schemas';
import { toast } from '../../api';
import { useBackHook } from '../../app/back-hooks';
import { Dialog } from '../../ui/antd';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import '../../i18n/family';
import '../../i18n/media';
import { MemberAvatar } from '../family/MemberBits';
import { idParam } from '../family/params';
import { useMembers } from '../family/queries';
import styles from '../family/family.module.css';
import { FileTile } from './FolderBits';
import { canInterpret, displayName, formatTime, listPath, pdfPath, reportOf } from './folder-model';
import { deleteBatch, moveBatch, renameFile, startReport, useFolderFiles, useMediaUrl, useMemberReports } from './queries';
import folderStyles from './folder.module.css';
import { cx } from '../../ui/cx';

/**
 * /user/folder/detail?id=&member= — one file: preview, facts, open, interpretation, rename, move
 * to another member, delete. Back (a route-back hook, account-health §2) returns to the member's
 * folder list, so a moved or deleted file is never stepped back onto.
 */
export default function FolderDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const memberId = idParam(params.get('member')) ?? undefined;
  const files = useFolderFiles(memberId);
  const file = files.data?.list.find((f) => f.id === id);

  const back = useCallback(() => void navigate(listPath(memberId, null), { replace: true }), [navigate, memberId]);
  useBackHook(back);

  let body;
  if (!id || !memberId) body = <NotFound />;
  else if (files.isPending) body = <Loading page />;
  else if (files.isError) body = <LoadFailed page onRetry={() => void files.refetch()} />;
  else if (!file) body = <NotFound />;
  else body = <FileDetail file={file} onGone={back} />;

  return (
    <Page title={t('folder.detail.title')} testId="folder-detail-page" onBack={back}>
      {body}
    </Page>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return <Empty page testId="folder-detail-missing" title={t('folder.detail.notFound')} desc={t('folder.detail.notFoundDesc')} />;
}

function FileDetail({ file, onGone }: { file: FolderFile; onGone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const members = useMembers();
  const interpretable = canInterpret(file);
  const reports = useMemberReports(file.userInfoId, interpretable);
  const [renaming, setRenaming] = useState(false);
  const [moving, setMoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const owner = members.data?.find((m) => m.id === file.userInfoId);
  const others = (members.data ?? []).filter((m) => m.id !== file.userInfoId);
  const name = displayName(file);

  const open = () => void navigate(pdfPath(file.inputMediaId, name));

  const interpret = async () => {
    const found = reportOf(file.inputMediaId, reports.data?.list ?? []);
    if (found) {
      void navigate(`/healthreport/${found.reportId}`);
      return;
    }
    setBusy(true);
    try {
      const reportId = await startReport(file.inputMediaId, file.userInfoId, file.batchId);
      void navigate(`/healthreport/${reportId}`);
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    const ok = await Dialog.confirm({ title: t('folder.detail.deleteTitle'), content: t('folder.detail.deleteConfirm'), confirmText: t('folder.detail.delete'), cancelText: t('common.cancel') });
    if (!ok) return;
    try {
      await deleteBatch(file.batchId);
      toast(t('folder.detail.deleted'), 'success');
      onGone();
    } catch {
      // Shown by the request layer.
    }
  };

  const moveTo = async (m: MemberDetail) => {
    setMoving(false);
    try {
      await moveBatch(file.batchId, m.id);
      toast(t('folder.detail.moved'), 'success');
      onGone();
    } catch {
      // Shown by the request layer.
    }
  };

  return (
    <div className={folderStyles.folderDetail} data-testid="folder-detail" data-id={file.id} data-type={file.folderType}>
      <Preview file={file} name={name} onOpen={open} />

      <section className={folderStyles.folderCard}>
        <dl className={folderStyles.folderFacts}>
          <Fact label={t('folder.detail.type')} value={t(`upload.kind.${file.folderType}`)} />
          {owner ? <Fact label={t('folder.detail.member')} value={owner.name} /> : null}
          {file.hospital ? <Fact label={t('folder.detail.hospital')} value={file.hospital} /> : null}
          {file.reportedAt ? <Fact label={t('folder.detail.reportedAt')} value={file.reportedAt} /> : null}
          <Fact label={t('folder.detail.createdAt')} value={formatTime(file.createTime)} />
        </dl>
      </section>

      {interpretable ? (
        <button type="button" className="btn folder-detail__interpret" onClick={() => void interpret()} disabled={busy || reports.isPending} data-testid="folder-interpret">
          {t('folder.detail.interpret')}
        </button>
      ) : null}

      <section className={cx(folderStyles.folderCard, folderStyles.folderActions)}>
        <ActionRow icon={<FileOutline />} label={t('folder.detail.open')} onClick={open} testId="folder-open" />
        <ActionRow icon={<EditSOutline />} label={t('folder.detail.rename')} onClick={() => setRenaming(true)} testId="folder-rename" />
        <ActionRow icon={<UserSetOutline />} label={t('folder.detail.move')} onClick={() => (others.length ? setMoving(true) : toast(t('folder.detail.noOtherMember')))} testId="folder-move" />
        <ActionRow icon={<DeleteOutline />} label={t('folder.detail.delete')} onClick={() => void remove()} testId="folder-delete" danger />
      </section>

      <RenameDialog key={String(renaming)} visible={renaming} initial={name} id={file.id} onClose={() => setRenaming(false)} />

      <Popup visible={moving} onMaskClick={() => setMoving(false)} onClose={() => setMoving(false)} bodyClassName={styles.sheet}>
        <div className={styles.sheetInner} role="dialog" aria-modal="true" aria-labelledby="folder-move-title" data-testid="folder-move-popup">
          <header className={styles.sheetHead}>
            <h2 className={styles.sheetTitle} id="folder-move-title">
              {t('folder.detail.moveTitle')}
            </h2>
          </header>
          <ul className={folderStyles.folderMoveList}>
            {others.map((m) => (
              <li key={m.id}>
                <button type="button" className={folderStyles.folderMoveItem} onClick={() => void moveTo(m)} data-testid="move-member" data-id={m.id}>
                  <MemberAvatar member={m} size={36} />
                  <span>{m.name}</span>
                  <RightOutline aria-hidden className={folderStyles.folderItemArrow} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      </Popup>
    </div>
  );
}

function Preview({ file, name, onOpen }: { file: FolderFile; name: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const url = useMediaUrl(file.inputMediaId, file.fileType === 'image');
  if (file.fileType === 'pdf')
    return (
      <button type="button" className={cx(folderStyles.folderPreview, folderStyles.folderPreviewPdf)} onClick={onOpen} data-testid="folder-preview">
        <FileTile file={file} size={64} />
        <span className={folderStyles.folderPreviewName} data-testid="folder-detail-name">
          {name}
        </span>
        <span className={folderStyles.folderPreviewOpen}>{t('folder.detail.open')}</span>
      </button>
    );
  return (
    <div className={folderStyles.folderPreview} data-testid="folder-preview">
      {url.data ? <img src={url.data.url} alt={name} data-testid="folder-detail-name" /> : url.isError ? <p className={folderStyles.folderPreviewFail}>{t('folder.detail.previewFailed')}</p> : <Loading />}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={folderStyles.folderFact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function ActionRow({ icon, label, onClick, testId, danger }: { icon: ReactNode; label: string; onClick: () => void; testId: string; danger?: boolean }) {
  return (
    <button type="button" className={danger ? cx(folderStyles.folderAction, folderStyles.folderActionDanger) : folderStyles.folderAction} onClick={onClick} data-testid={testId}>
      <span className={folderStyles.folderActionIcon} aria-hidden>
        {icon}
      </span>
      <span className={folderStyles.folderActionLabel}>{label}</span>
      <RightOutline className={folderStyles.folderItemArrow} aria-hidden />
    </button>
  );
}

function RenameDialog({ visible, initial, id, onClose }: { visible: boolean; initial: string; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const save = async () => {
    const v = value.trim();
    if (!v) {
      toast(t('folder.detail.renamePlaceholder'));
      return;
    }
    try {
      await renameFile(id, v);
      toast(t('folder.detail.renamed'), 'success');
      onClose();
    } catch {
      // Shown by the request layer.
    }
  };
  return (
    <Dialog
      visible={visible}
      title={t('folder.detail.renameTitle')}
      onClose={onClose}
      content={
        <input
          className={folderStyles.folderRenameInput}
          value={value}
          maxLength={100}
          autoFocus
          aria-label={t('folder.detail.renameTitle')}
          placeholder={t('folder.detail.renamePlaceholder')}
          onChange={(e) => setValue(e.target.value)}
          data-testid="rename-input"
        />
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel'), onClick: onClose },
          { key: 'save', text: t('common.save'), bold: true, onClick: () => void save() },
        ],
      ]}
    />
  );
}
