import { useTranslation } from 'react-i18next';
import { Switch } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import type { PersonalSettings } from '@chatdr/contract';
import { toast } from '../../api';
import { currentLanguage, setLanguage, type Language } from '../../i18n';
import { List, ListItem } from '../../ui/ListItem';
import { NavPage } from '../../ui/NavPage';
import { LoadFailed, Loading } from '../../ui/States';
import { usePersonalSettings, useUpdateSettings } from './queries';
import styles from './user.module.css';

const LANGS: Array<{ code: Language; key: string }> = [
  { code: 'zh-CN', key: 'settings.langZh' },
  { code: 'en', key: 'settings.langEn' },
];

/** /user/setting — 通用设置: language, read-aloud (openTTs), recommended questions. */
export default function SettingsPage() {
  const { t, i18n } = useTranslation();
  const settings = usePersonalSettings();
  const update = useUpdateSettings();
  const lang = currentLanguage();

  const toggle = (key: 'openTTs' | 'recommendQuestions') => (value: boolean) => {
    const patch: Partial<PersonalSettings> = { [key]: value };
    update.mutate(patch, { onSuccess: () => toast(t('settings.updated'), 'success') });
  };

  return (
    <NavPage title={t('settings.title')} testId="settings-page">
      <List title={t('settings.language')}>
        <div role="radiogroup" aria-label={t('settings.language')} lang={i18n.language}>
          {LANGS.map((l) => (
            <ListItem
              key={l.code}
              title={t(l.key)}
              lang={l.code}
              checked={lang === l.code}
              arrow={false}
              onClick={() => setLanguage(l.code)}
              extra={lang === l.code ? <CheckOutline className={styles.langCheck} aria-hidden /> : null}
              testId={`lang-${l.code}`}
            />
          ))}
        </div>
      </List>

      <List title={t('settings.chat')}>
        {settings.isPending ? (
          <Loading />
        ) : settings.isError ? (
          <LoadFailed onRetry={() => void settings.refetch()} />
        ) : (
          <>
            <ListItem
              title={<span id="set-tts">{t('settings.tts')}</span>}
              desc={t('settings.ttsDesc')}
              extra={<Switch checked={settings.data.openTTs} onChange={toggle('openTTs')} aria-labelledby="set-tts" data-testid="setting-tts" />}
            />
            <ListItem
              title={<span id="set-rec">{t('settings.recommend')}</span>}
              desc={t('settings.recommendDesc')}
              extra={<Switch checked={settings.data.recommendQuestions} onChange={toggle('recommendQuestions')} aria-labelledby="set-rec" data-testid="setting-recommend" />}
            />
          </>
        )}
      </List>

      <List title={t('settings.general')}>
        <ListItem title={t('settings.fontsize')} extra={settings.data ? t(`font.levels.${settings.data.fontSize}`) : undefined} to="/user/fontsize" />
      </List>
    </NavPage>
  );
}
