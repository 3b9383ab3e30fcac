import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CameraOutline } from 'antd-mobile-icons';
import { toast } from '../../api';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import '../../i18n/family';
import '../../i18n/media';
import { MemberSwitcher } from '../family/MemberSwitcher';
import { idParam } from '../family/params';
import { useMembers } from '../family/queries';
import { UploadPopup, type UploadedFile } from '../upload';
import { listPath } from './folder-model';
import { saveUploads } from './queries';
import styles from './folder.module.css';

/**
 * /user/folder/scan?id= — choose the member, then photograph or pick files in the upload popup
 * (scene 上传资料); the uploaded files are filed for the member and the folder list opens.
 */
export default function FolderScanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const members = useMembers();
  const wanted = idParam(params.get('id'));
  const member = members.data ? (members.data.find((m) => m.id === wanted) ?? members.data.find((m) => m.isSelf) ?? members.data[0]) : undefined;
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  const done = async (files: UploadedFile[]) => {
    if (!member || saving) return;
    setSaving(true);
    try {
      await saveUploads(
        member.id,
        files.map((f) => f.inputMediaId),
      );
      setOpen(false);
      toast(t('folder.scan.saved'), 'success');
      void navigate(listPath(member.id), { replace: true });
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (members.isPending) body = <Loading page />;
  else if (members.isError) body = <LoadFailed page onRetry={() => void members.refetch()} />;
  else if (!member) body = <Empty page title={t('family.notFound')} />;
  else
    body = (
      <div className={styles.folderScan}>
        <h2 className={styles.folderScanLabel}>{t('folder.scan.for')}</h2>
        <MemberSwitcher members={members.data} value={member.id} onChange={(id) => setParams({ id: String(id) }, { replace: true })} />
        <button type="button" className={styles.folderScanHero} onClick={() => setOpen(true)} disabled={saving} data-testid="scan-pick">
          <span className={styles.folderScanIcon} aria-hidden>
            <CameraOutline />
          </span>
          <span className={styles.folderScanTitle}>{saving ? t('folder.scan.saving') : t('folder.scan.pick')}</span>
          <span className={styles.folderScanDesc}>{t('folder.scan.desc')}</span>
        </button>
        <UploadPopup visible={open} scene="upload" userInfoId={member.id} onClose={() => setOpen(false)} onDone={(f) => void done(f)} />
      </div>
    );

  return (
    <Page title={t('folder.scan.title')} testId="folder-scan-page" backTo={listPath(member?.id)}>
      {body}
    </Page>
  );
}
