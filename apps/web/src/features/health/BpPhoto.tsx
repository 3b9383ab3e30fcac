import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaUploadData } from '@chatdr/contract/media/index';
import { uploadFile } from '../upload/transport';
import styles from './BpPhoto.module.css';

export interface BpPhotoRead {
  systolic: number;
  diastolic: number;
  pulse: number | null;
}

type State = { k: 'idle' } | { k: 'reading' } | { k: 'read' } | { k: 'unread' } | { k: 'failed'; error: string };

/**
 * 拍照识别: a photo of the meter's display (taken or chosen) goes through the upload's OCR with
 * scene `bp`; the numbers it reads fill the form, which the user checks and saves. Seven-segment
 * digits do not always read: then it says so and the form stays as it was.
 */
export function BpPhoto({ onRead }: { onRead: (r: BpPhotoRead) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ k: 'idle' });

  async function read(file: File) {
    setState({ k: 'reading' });
    const ctrl = new AbortController();
    try {
      const out = await uploadFile({ endpoint: 'fileOcr', file, fileName: file.name || 'bp.jpg', query: { scene: 'bp' }, onProgress: () => {}, signal: ctrl.signal });
      if (!out.ok) return setState({ k: 'failed', error: out.error });
      const bp = (out.data as MediaUploadData).ocrBaseEntity?.bloodPressure ?? null;
      if (!bp) return setState({ k: 'unread' });
      onRead(bp);
      setState({ k: 'read' });
    } catch {
      setState({ k: 'failed', error: t('health.bp.photoFailed') });
    }
  }

  return (
    <div className={styles.box} data-testid="bp-photo" data-state={state.k}>
      <button type="button" className={styles.button} disabled={state.k === 'reading'} onClick={() => input.current?.click()} data-testid="bp-photo-button">
        {state.k === 'reading' ? <span className="spinner" aria-hidden /> : null}
        {state.k === 'reading' ? t('health.bp.photoReading') : t('health.bp.photo')}
      </button>
      <input
        ref={input}
        className={styles.input}
        type="file"
        accept="image/*"
        data-testid="bp-photo-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void read(f);
        }}
      />
      <p className={state.k === 'unread' || state.k === 'failed' ? styles.warn : styles.hint} role="status" data-testid="bp-photo-status">
        {state.k === 'read' ? t('health.bp.photoRead') : state.k === 'unread' ? t('health.bp.photoUnread') : state.k === 'failed' ? state.error : t('health.bp.photoHint')}
      </p>
    </div>
  );
}
