import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CameraOutline } from 'antd-mobile-icons';
import { toast } from '../../api';
import { queryClient } from '../../app/query-client';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import '../../i18n/family';
import '../../i18n/health';
import '../../i18n/media';
import { withId } from '../family/params';
import { saveUploads } from '../folder/queries';
import styles from '../folder/folder.module.css';
import { UploadPopup, type UploadedFile } from '../upload';
import { useScopedMember } from './scope';

/** /user/emr/add?id= — photograph or pick medical records (upload scene 发送资料); they are filed as 病历 and /user/emr opens. */
export default function EmrAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { members, member, switcher } = useScopedMember();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  async function done(files: UploadedFile[]) {
    if (!member || saving) return;
    setSaving(true);
    try {
      await saveUploads(
        member.id,
        files.map((f) => f.inputMediaId),
        'medical',
      );
      await queryClient.invalidateQueries({ queryKey: ['health', 'emr'] });
      setOpen(false);
      toast(t('health.emr.added'), 'success');
      void navigate(withId('/user/emr', member.id), { replace: true });
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false);
    }
  }

  let body;
  if (members.isPending) body = <Loading page />;
  else if (members.isError) body = <LoadFailed page onRetry={() => void members.refetch()} />;
  else if (!member) body = <Empty page title={t('health.noMember')} />;
  else
    body = (
      <div className={styles.folderScan}>
        {switcher}
        <button type="button" className={styles.folderScanHero} onClick={() => setOpen(true)} disabled={saving} data-testid="emr-pick">
          <span className={styles.folderScanIcon} aria-hidden>
            <CameraOutline />
          </span>
          <span className={styles.folderScanTitle}>{saving ? t('health.emr.saving') : t('health.emr.pickTitle')}</span>
          <span className={styles.folderScanDesc}>{t('health.emr.pickDesc')}</span>
        </button>
        <UploadPopup visible={open} scene="send" userInfoId={member.id} onClose={() => setOpen(false)} onDone={(f) => void done(f)} />
      </div>
    );
  return (
    <Page title={t('health.emr.addTitle')} testId="emr-add-page" backTo={withId('/user/emr', member?.id)}>
      {body}
    </Page>
  );
}
