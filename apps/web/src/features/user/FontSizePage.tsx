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
import './user.css';

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
      <div className="font-preview" style={{ fontSize: `${px}px` }} data-testid="font-preview" data-level={level}>
        <div className="bubble bubble--me">{t('font.previewQuestion')}</div>
        <div className="bubble-row">
          <span className="bubble-row__avatar" aria-hidden>
            <Logo size={32} />
          </span>
          <div className="bubble bubble--ai">{t('font.previewAnswer')}</div>
        </div>
      </div>
      <p className="hint font-hint">{t('font.hint')}</p>
      <div className="font-slider">
        <div className="font-slider__ends" aria-hidden>
          <span style={{ fontSize: fontSizeOf('S') }}>A</span>
          <span className="font-slider__current">{t(`font.levels.${level}`)}</span>
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
        <div className="font-slider__labels" aria-hidden>
          {FONT_LEVELS.map((l) => (
            <button key={l} type="button" tabIndex={-1} className={l === level ? 'is-active' : undefined} onClick={() => setLevel(l)} data-testid={`font-level-${l}`}>
              {l}
            </button>
          ))}
        </div>
      </div>
      <button type="button" className="btn font-save" onClick={save} disabled={update.isPending || level === initial} data-testid="font-save">
        {update.isPending ? <span className="spinner" aria-hidden /> : null}
        {t('common.save')}
      </button>
    </>
  );
}
