import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Slider } from 'antd-mobile';
import { FONT_LEVELS, fontSizeOf, type FontLevel } from '@chatdr/contract';
import { toast } from '../../api';
import { saveFontLevel } from '../../app/font';
import { Logo } from '../../ui/Logo';
import { Page } from '../../ui/Page';
import { LoadFailed, Loading } from '../../ui/States';
import { usePersonalSettings, useUpdateSettings } from './queries';
import { cx } from '../../ui/cx';
import { Button } from '../../ui/Button';
import styles from './user.module.css';

/** /user/fontsize — S…XXXL with a live preview; saved to the account and applied app-wide. */
export default function FontSizePage() {
  const { t } = useTranslation();
  const settings = usePersonalSettings();
  return (
    <Page title={t('font.title')} testId="fontsize-page">
      {settings.isPending ? <Loading /> : settings.isError ? <LoadFailed onRetry={() => void settings.refetch()} /> : <FontSizeForm initial={settings.data.fontSize} />}
    </Page>
  );
}

function FontSizeForm({ initial }: { initial: FontLevel }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const [level, setLevel] = useState<FontLevel>(initial);
  const px = fontSizeOf(level);
  const index = FONT_LEVELS.indexOf(level);

  function save() {
    update.mutate(
      { fontSize: level },
      {
        onSuccess: (s) => {
          saveFontLevel(s.fontSize);
          toast(t('font.applied'), 'success');
        },
      },
    );
  }

  return (
    <>
      <div className={styles.fontPreview} style={{ fontSize: `${px}px` }} data-testid="font-preview" data-level={level}>
        <div className={cx(styles.bubble, styles.bubbleMe)}>{t('font.previewQuestion')}</div>
        <div className={styles.bubbleRow}>
          <span className={styles.bubbleRowAvatar} aria-hidden>
            <Logo size={32} />
          </span>
          <div className={cx(styles.bubble, styles.bubbleAi)}>{t('font.previewAnswer')}</div>
        </div>
      </div>
      <p className={cx('hint', styles.fontHint)}>{t('font.hint')}</p>
      <div className={styles.fontSlider}>
        <div className={styles.fontSliderEnds} aria-hidden>
          <span style={{ fontSize: fontSizeOf('S') }}>A</span>
          <span className={styles.fontSliderCurrent}>{t(`font.levels.${level}`)}</span>
          <span style={{ fontSize: fontSizeOf('XXXL') }}>A</span>
        </div>
        <Slider
          min={0}
          max={FONT_LEVELS.length - 1}
          step={1}
          ticks
          value={index}
          onChange={(v) => {
            const i = Array.isArray(v) ? (v[0] ?? 0) : v;
            setLevel(FONT_LEVELS[i] ?? 'M');
          }}
          aria-label={t('font.sliderLabel')}
          data-testid="font-slider"
        />
        <div className={styles.fontSliderLabels} aria-hidden>
          {FONT_LEVELS.map((l) => (
            <button key={l} type="button" tabIndex={-1} className={l === level ? styles.isActive : undefined} onClick={() => setLevel(l)} data-testid={`font-level-${l}`}>
              {l}
            </button>
          ))}
        </div>
      </div>
      <Button className={styles.fontSave} onClick={save} loading={update.isPending} disabled={level === initial} testId="font-save">
        {t('common.save')}
      </Button>
    </>
  );
}
