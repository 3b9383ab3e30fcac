import { useTranslation } from 'react-i18next';
import { UploadPopup } from '../upload';
import { chat } from './chat-store';

/**
 * The composer's 查报告 popup: the uploaded report is sent into the chat as a question the report
 * skill answers (the server reads the file's items and starts the durable reading).
 */
export default function ReportUpload({ visible, onClose, userInfoId }: { visible: boolean; onClose: () => void; userInfoId?: number }) {
  const { t } = useTranslation();
  return (
    <UploadPopup
      visible={visible}
      scene="report"
      onClose={onClose}
      {...(userInfoId !== undefined ? { userInfoId } : {})}
      onDone={(files) => {
        onClose();
        const first = files[0];
        if (!first) return;
        void chat.send(t('home.reportAsk'), { skill: 'bgjd', media: { inputMediaId: first.inputMediaId, fileName: first.fileName, fileType: first.fileType } });
      }}
    />
  );
}
