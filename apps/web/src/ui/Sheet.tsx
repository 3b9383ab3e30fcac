import { useId, type ReactNode } from 'react';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { cx } from './cx';
import styles from './Sheet.module.css';

interface SheetProps {
  visible: boolean;
  onClose: () => void;
  title: string;
  desc?: string;
  /** Accessible name of the close button (e.g. 关闭). */
  closeLabel: string;
  children: ReactNode;
  /** tall: 92 % of the screen (long lists); fill: the content manages its own scrolling (forms with a footer). */
  tall?: boolean;
  fill?: boolean;
  afterClose?: () => void;
  testId?: string;
}

/** A bottom sheet: a modal dialog named by its title, closed by the mask, the close button or Escape. */
export function Sheet({ visible, onClose, title, desc, closeLabel, children, tall, fill, afterClose, testId }: SheetProps) {
  const titleId = useId();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={cx(styles.body, tall && styles.tall)} afterClose={afterClose} destroyOnClose>
      <div
        className={cx(styles.inner, fill && styles.fill)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <header className={styles.head}>
          <div>
            <h2 className={styles.title} id={titleId}>
              {title}
            </h2>
            {desc ? <p className={styles.desc}>{desc}</p> : null}
          </div>
          <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
            <CloseOutline aria-hidden />
          </button>
        </header>
        {children}
      </div>
    </Popup>
  );
}
