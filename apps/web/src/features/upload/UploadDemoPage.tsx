import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import '../../i18n/media';
import { UploadPopup } from './UploadPopup';
import { UPLOAD_SCENES, type UploadScene, type UploadedFile } from './upload-model';

/**
 * /demo/upload?scene=&skin=1 (development origins only): the upload popup on its own, for
 * screenshots and e2e until the chat composer opens it. Shows what `onDone` handed back.
 */
export default function UploadDemoPage() {
  const [params] = useSearchParams();
  const raw = params.get('scene');
  const scene: UploadScene = UPLOAD_SCENES.find((s) => s === raw) ?? 'report';
  const skin = params.get('skin') === '1';
  // A new scene (same route, new query) starts over with the popup open.
  return <Demo key={`${scene}-${skin}`} scene={scene} skin={skin} />;
}

function Demo({ scene, skin }: { scene: UploadScene; skin: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [done, setDone] = useState<UploadedFile[]>([]);
  return (
    <Page title={t(`upload.scene.${scene}`)} testId="upload-demo-page">
      <div style={{ padding: 16 }}>
        <button type="button" className="btn" onClick={() => setOpen(true)} data-testid="upload-demo-open">
          {t(`upload.scene.${scene}`)}
        </button>
        <ul data-testid="upload-demo-result" data-count={done.length}>
          {done.map((f) => (
            <li key={f.inputMediaId} data-id={f.inputMediaId} data-folder-type={f.ocrBaseEntity?.folderType ?? ''} data-size={f.fileSize} data-type={f.fileType}>
              {f.fileName}
            </li>
          ))}
        </ul>
      </div>
      <UploadPopup
        visible={open}
        scene={scene}
        skinAuth={skin}
        onClose={() => setOpen(false)}
        onDone={(files) => {
          setDone(files);
          setOpen(false);
        }}
      />
    </Page>
  );
}
