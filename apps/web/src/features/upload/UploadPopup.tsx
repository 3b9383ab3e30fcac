import { useCallback, useEffect, useReducer, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { CameraOutline, CloseOutline, FileOutline, LockOutline, PictureOutline, RedoOutline } from 'antd-mobile-icons';
import { MEDIA_LIMITS, MEDIA_MSG } from '@chatdr/contract/media/index';
import { toast } from '../../api';
import { cx, modifier } from '../../ui/cx';
import '../../i18n/media';
import { compressImage } from './compress';
import { uploadFile } from './transport';
import {
  FILE_STATUS,
  admit,
  canSubmit,
  endpointOf,
  fileTypeOf,
  formatSize,
  isBusy,
  newBatchId,
  nextPending,
  resultsOf,
  sceneConfig,
  sourcesOf,
  uploadReducer,
  uploadedOf,
  SOURCE_ACCEPT,
  type UploadItem,
  type UploadKind,
  type UploadScene,
  type UploadSource,
  type UploadedFile,
} from './upload-model';
import styles from './upload.module.css';

export interface UploadPopupProps {
  visible: boolean;
  scene: UploadScene;
  onClose: () => void;
  /** The uploaded files (inputMediaId, ocrBaseEntity, …), in the order picked, when the action is tapped. */
  onDone: (files: UploadedFile[]) => void;
  /** Skin authorisation (the `pf` flag): 皮肤 and 部位 join the 发送资料 scene. */
  skinAuth?: boolean;
  /** The member the files are for (sent as a query field; the caller files them). */
  userInfoId?: number;
}

const isPhotoKind = (k: UploadKind) => k === 'skin' || k === 'bodyPart';

const SOURCE_ICON: Record<UploadSource, typeof PictureOutline> = { album: PictureOutline, camera: CameraOutline, file: FileOutline };

/**
 * The file-upload popup (chat-core §2): a scene's title and supported kinds, three sources
 * (album, camera, local file), up to 5 files with per-file status, progress, retry and remove,
 * and the scene's action, which hands the uploaded files to `onDone`.
 */
export function UploadPopup({ visible, scene, onClose, onDone, skinAuth = false, userInfoId }: UploadPopupProps) {
  const { t } = useTranslation();
  const cfg = sceneConfig(scene, skinAuth);
  const [items, dispatch] = useReducer(uploadReducer, []);
  /** The skin/body-part photo mode of 发送资料 (null = documents). */
  const [photoKind, setPhotoKind] = useState<UploadKind | null>(null);
  const files = useRef(new Map<string, File>());
  /** Object URLs of image previews, released on remove and reset. */
  const previews = useRef(new Map<string, string>());
  const aborts = useRef(new Map<string, AbortController>());
  const batchId = useRef(newBatchId());
  const inputs = useRef<Partial<Record<UploadSource, HTMLInputElement | null>>>({});
  const seq = useRef(0);
  /** Keys whose upload has begun (StrictMode runs effects twice; a retry clears its key). */
  const started = useRef(new Set<string>());

  const reset = useCallback(() => {
    for (const c of aborts.current.values()) c.abort();
    for (const u of previews.current.values()) URL.revokeObjectURL(u);
    aborts.current.clear();
    previews.current.clear();
    files.current.clear();
    started.current.clear();
    batchId.current = newBatchId();
    dispatch({ type: 'clear' });
    setPhotoKind(null);
  }, []);

  // Unmounting stops uploads still running; closing (afterClose) forgets the selection too.
  useEffect(() => reset, [reset]);


  // One upload at a time, in the order picked.
  const next = nextPending(items);
  useEffect(() => {
    if (!next || started.current.has(next.key)) return;
    const raw = files.current.get(next.key);
    const key = next.key;
    started.current.add(key);
    dispatch({ type: 'start', key });
    if (!raw) {
      dispatch({ type: 'fail', key, error: MEDIA_MSG.noFile });
      return;
    }
    const ctl = new AbortController();
    aborts.current.set(key, ctl);
    void (async () => {
      try {
        let file: File | null = raw;
        if (next.fileType === 'image') {
          file = await compressImage(raw);
          // A format this browser cannot decode (HEIC): the server reads and re-encodes it.
          if (!file && raw.size <= MEDIA_LIMITS.maxBytes) file = raw;
        }
        if (ctl.signal.aborted) return;
        if (!file) {
          dispatch({ type: 'fail', key, error: MEDIA_MSG.badImage });
          return;
        }
        const kind = photoKind === 'skin' || photoKind === 'bodyPart' ? photoKind : null;
        const out = await uploadFile({
          endpoint: endpointOf(scene, kind),
          file,
          fileName: file.name,
          query: { batchId: batchId.current, ...(kind ? { reportType: kind === 'bodyPart' ? '3' : '2' } : {}), ...(userInfoId ? { userInfoId } : {}) },
          onProgress: (p) => dispatch({ type: 'progress', key, progress: p }),
          signal: ctl.signal,
        });
        if (out.ok) dispatch({ type: 'success', key, result: uploadedOf(out.data) });
        else dispatch({ type: out.type, key, error: out.error });
      } catch (err) {
        if (ctl.signal.aborted) return;
        // 未登录: the token keeper has opened login already.
        dispatch({ type: 'fail', key, error: err instanceof Error && err.message ? err.message : MEDIA_MSG.uploadFailed });
      } finally {
        aborts.current.delete(key);
      }
    })();
  }, [next, scene, photoKind, userInfoId]);

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = '';
    const { accepted, toasts } = admit(items.length, picked);
    // One toast at a time: the most important (the limit) wins.
    const last = toasts[toasts.length - 1];
    if (last) toast(last);
    const added = accepted.map((f) => {
      seq.current += 1;
      const key = `f${seq.current}`;
      files.current.set(key, f);
      const fileType = fileTypeOf(f) ?? 'pdf';
      let preview: string | undefined;
      if (fileType === 'image') {
        preview = URL.createObjectURL(f);
        previews.current.set(key, preview);
      }
      return { key, name: f.name, size: f.size, fileType, ...(preview ? { preview } : {}) };
    });
    if (added.length) dispatch({ type: 'add', items: added });
  };

  const open = (s: UploadSource) => {
    if (items.length >= MEDIA_LIMITS.maxFiles) {
      toast(MEDIA_MSG.fileCountReached);
      return;
    }
    inputs.current[s]?.click();
  };

  const remove = (it: UploadItem) => {
    aborts.current.get(it.key)?.abort();
    aborts.current.delete(it.key);
    const url = previews.current.get(it.key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(it.key);
    files.current.delete(it.key);
    started.current.delete(it.key);
    dispatch({ type: 'remove', key: it.key });
  };

  const retry = (it: UploadItem) => {
    started.current.delete(it.key);
    dispatch({ type: 'retry', key: it.key });
  };

  const submit = () => {
    const done = resultsOf(items);
    if (!done.length || isBusy(items)) return;
    onDone(done);
  };

  const photoChoice = scene === 'send' && skinAuth;
  const sources = sourcesOf(photoKind);
  const titleId = `upload-title-${scene}`;

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.uploadSheet} afterClose={reset}>
      <div className={styles.upload} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="upload-popup" data-scene={scene}>
        <header className={styles.uploadHead}>
          <h2 className={styles.uploadTitle} id={titleId} data-testid="upload-title">
            {t(cfg.title)}
          </h2>
          <button type="button" className={cx('icon-btn', styles.uploadClose)} aria-label={t('upload.close')} onClick={onClose} data-testid="upload-close">
            <CloseOutline aria-hidden />
          </button>
        </header>

        <div className={styles.uploadKinds} data-testid="upload-kinds">
          <span className={styles.uploadKindsLabel}>{t('upload.supports')}</span>
          {cfg.kinds
            .filter((k) => !(photoChoice && isPhotoKind(k)))
            .map((k) => (
              <span key={k} className={styles.uploadKind} data-testid={`upload-kind-${k}`}>
                {t(`upload.kind.${k}`)}
              </span>
            ))}
        </div>
        {photoChoice ? (
          <div className={cx(styles.uploadKinds, styles.uploadKindsPhoto)} role="group" aria-label={t('upload.photoKind')}>
            <span className={styles.uploadKindsLabel}>{t('upload.photoKind')}</span>
            {cfg.kinds.filter(isPhotoKind).map((k) => (
              <button
                key={k}
                type="button"
                className={cx(styles.uploadKind, styles.uploadKindChoice, photoKind === k && styles.isOn)}
                aria-pressed={photoKind === k}
                disabled={items.length > 0}
                onClick={() => setPhotoKind(photoKind === k ? null : k)}
                data-testid={`upload-kind-${k}`}
              >
                {t(`upload.kind.${k}`)}
              </button>
            ))}
          </div>
        ) : null}

        <div className={styles.uploadSources}>
          {(['album', 'camera', 'file'] as const).map((s) => {
            const Icon = SOURCE_ICON[s];
            const on = sources.includes(s);
            return (
              <div key={s} className={cx(styles.uploadSource, !on && styles.isHidden)}>
                <button type="button" className={styles.uploadSourceBtn} onClick={() => open(s)} disabled={!on} data-testid={`upload-source-${s}`}>
                  <span className={cx(styles.uploadSourceIcon, modifier(styles, 'uploadSourceIcon', s))} aria-hidden>
                    <Icon />
                  </span>
                  <span className={styles.uploadSourceName}>{t(`upload.source.${s}`)}</span>
                  <span className={styles.uploadSourceDesc}>{t(`upload.sourceDesc.${s}`)}</span>
                </button>
                <input
                  ref={(el) => {
                    inputs.current[s] = el;
                  }}
                  className="sr-only"
                  type="file"
                  tabIndex={-1}
                  aria-hidden
                  accept={photoKind && s === 'file' ? 'image/*' : SOURCE_ACCEPT[s]}
                  multiple={s !== 'camera'}
                  {...(s === 'camera' ? { capture: 'environment' as const } : {})}
                  onChange={onPick}
                  data-testid={`upload-input-${s}`}
                />
              </div>
            );
          })}
        </div>

        <p className={styles.uploadHint}>
          <span>{t('upload.hint', { max: MEDIA_LIMITS.maxFiles })}</span>
          {items.length ? (
            <span className={styles.uploadCount} data-testid="upload-count" data-count={items.length}>
              {t('upload.count', { n: items.length, max: MEDIA_LIMITS.maxFiles })}
            </span>
          ) : null}
        </p>

        {items.length ? (
          <ul className={styles.uploadList} data-testid="upload-list">
            {items.map((it) => (
              <FileRow key={it.key} item={it} onRetry={() => retry(it)} onRemove={() => remove(it)} />
            ))}
          </ul>
        ) : null}

        <footer className={styles.uploadFoot}>
          <button type="button" className="btn upload__submit" disabled={!canSubmit(items)} onClick={submit} data-testid="upload-submit">
            {t(cfg.action)}
          </button>
          <p className={styles.uploadFooter} data-testid="upload-footer">
            <LockOutline aria-hidden /> {t('upload.footer')}
          </p>
        </footer>
      </div>
    </Popup>
  );
}

function FileRow({ item, onRetry, onRemove }: { item: UploadItem; onRetry: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const failed = item.status === FILE_STATUS.fail || item.status === FILE_STATUS.forbidden;
  return (
    <li className={cx(styles.uploadItem, modifier(styles, 'uploadItemS', String(item.status)))} data-testid="upload-item" data-status={item.status} data-name={item.name}>
      <span className={styles.uploadItemThumb} aria-hidden>
        {item.preview ? <img src={item.preview} alt="" /> : <span className={styles.uploadItemPdf}>{t('upload.pdf')}</span>}
      </span>
      <span className={styles.uploadItemMain}>
        <span className={styles.uploadItemName}>{item.name}</span>
        <span className={cx(styles.uploadItemStatus, failed && 'text-danger')} data-testid="upload-status">
          {failed && item.error ? item.error : t(`upload.status.${item.status}`, { p: item.progress })}
          {item.status === FILE_STATUS.prepare || item.status === FILE_STATUS.success ? <span className={styles.uploadItemSize}> · {formatSize(item.size)}</span> : null}
        </span>
        {item.status === FILE_STATUS.uploading ? (
          <span className={styles.uploadItemBar} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={item.progress} aria-label={item.name} data-testid="upload-progress">
            <span style={{ width: `${item.progress}%` }} />
          </span>
        ) : null}
      </span>
      {item.status === FILE_STATUS.fail ? (
        <button type="button" className={styles.uploadItemRetry} onClick={onRetry} data-testid="upload-retry">
          <RedoOutline aria-hidden /> {t('upload.retry')}
        </button>
      ) : null}
      <button type="button" className={cx('icon-btn', styles.uploadItemRemove)} aria-label={t('upload.remove', { name: item.name })} onClick={onRemove} data-testid="upload-remove">
        <CloseOutline aria-hidden />
      </button>
    </li>
  );
}

export default UploadPopup;
