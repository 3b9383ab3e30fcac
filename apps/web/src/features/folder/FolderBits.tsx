import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RightOutline } from 'antd-mobile-icons';
import type { FolderFile } from '@chatdr/contract/report/schemas';
import { cx, modifier } from '../../ui/cx';
import { detailPath, displayName, fileMeta } from './folder-model';
import styles from './folder.module.css';

/** A file's tile: PDF badge or image mark, tinted by folder type. */
export function FileTile({ file, size = 44 }: { file: Pick<FolderFile, 'fileType' | 'folderType'>; size?: number }) {
  const { t } = useTranslation();
  return (
    <span className={cx(styles.fileTile, modifier(styles, 'fileTile', file.folderType))} style={{ width: size, height: size }} aria-hidden>
      {file.fileType === 'pdf' ? (
        <span className={styles.fileTilePdf}>{t('upload.pdf')}</span>
      ) : (
        <svg viewBox="0 0 24 24" width={size * 0.5} height={size * 0.5}>
          <rect x="3" y="4" width="18" height="16" rx="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <circle cx="9" cy="10" r="1.8" fill="currentColor" />
          <path d="m4.5 18 5-5 3.5 3.5 2.5-2.5 4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
      )}
    </span>
  );
}

/** One row of the folder list (opens the detail page). */
export function FileRow({ file }: { file: FolderFile }) {
  const { t } = useTranslation();
  const name = displayName(file);
  return (
    <li>
      <Link className={styles.folderItem} to={detailPath(file)} data-testid="folder-item" data-id={file.id} data-name={name} data-type={file.folderType}>
        <FileTile file={file} />
        <span className={styles.folderItemMain}>
          <span className={styles.folderItemName}>{name}</span>
          <span className={styles.folderItemMeta}>{fileMeta(file, (k, o) => t(k, o))}</span>
        </span>
        <RightOutline className={styles.folderItemArrow} aria-hidden />
      </Link>
    </li>
  );
}
