import type { RecordInput } from '@chatdr/contract';
import { Dialog } from '../../ui/antd';
import { checkRecords } from './queries';
import styles from './family.module.css';
import type { Tr } from './record-detail';

/**
 * Records about to be added, checked against the member's profile (an allergy's class, pregnancy,
 * interactions: /toc/healthRecord/check). Warnings are shown in a confirm dialog; true when there
 * are none or the user adds anyway. A failed check does not block the save.
 */
export async function confirmRecordWarnings(memberId: number, records: RecordInput[], t: Tr): Promise<boolean> {
  const checked = records.filter((r) => r.type === 'medicine' || r.type === 'allergy' || r.type === 'disease');
  if (checked.length === 0) return true;
  const warnings = await checkRecords(memberId, checked).catch(() => []);
  if (warnings.length === 0) return true;
  const names = [...new Set(warnings.map((w) => w.name))].join('、');
  return Dialog.confirm({
    title: t('family.record.checkTitle', { name: names }),
    content: (
      <ul className={styles.recordWarnings} data-testid="record-warnings">
        {warnings.map((w) => (
          <li key={w.text} className={w.severity === 'major' ? styles.isMajor : undefined} data-kind={w.kind}>
            {w.text}
          </li>
        ))}
      </ul>
    ),
    confirmText: t('family.record.checkAddAnyway'),
    cancelText: t('family.form.cancel'),
  });
}
