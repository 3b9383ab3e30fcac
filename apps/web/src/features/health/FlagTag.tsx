import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cx, modifier } from '../../ui/cx';
import { withId } from '../family/params';
import { flagTone } from './format';
import type { IndValue } from './queries';
import health from './health.module.css';
import styles from './FlagTag.module.css';

type Flagged = Pick<IndValue, 'flag' | 'flagBySex'>;

/** The tone of a value: its flag's, or — sex unknown, verdicts differ — warn when either sex's range calls it abnormal. */
export function valueTone(v: Flagged): ReturnType<typeof flagTone> {
  if (!v.flagBySex) return flagTone(v.flag);
  const tones = [flagTone(v.flagBySex.M), flagTone(v.flagBySex.F)];
  return tones.includes('danger') ? 'danger' : tones.includes('warn') ? 'warn' : flagTone(v.flag);
}

/** A value's verdict: 偏高 / 正常 …; with the sex unknown and verdicts that differ, both (男正常 · 女偏高). */
export function FlagTag({ v }: { v: Flagged }) {
  const { t } = useTranslation();
  const text = v.flagBySex
    ? t('health.ind.flagBySex', { m: t(`health.ind.flag.${v.flagBySex.M}`), f: t(`health.ind.flag.${v.flagBySex.F}`) })
    : t(`health.ind.flag.${v.flag}`);
  return (
    <span className={cx(health.hxTag, modifier(health, 'hxTag', valueTone(v)), styles.tag)} data-testid="indicator-flag" data-flag={v.flag}>
      {text}
    </span>
  );
}

/** Under a range that lists both sexes: why, and where to fill the sex in. */
export function SexNote({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  return (
    <p className={styles.note} data-testid="indicator-sex-note">
      {t('health.ind.sexUnknown')}
      <Link className={styles.noteLink} to={withId('/user/profile', memberId)}>
        {t('health.ind.fillSex')}
      </Link>
    </p>
  );
}
