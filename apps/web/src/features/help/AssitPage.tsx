import { useEffect, useState } from 'react';
import { Switch } from 'antd-mobile';
import { SoundOutline, AudioOutline, TextOutline } from 'antd-mobile-icons';
import type { SpeechCaps } from '@chatdr/contract/speech/schemas';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api';
import { Cell, CellGroup } from '../../ui/Cell';
import { cx } from '../../ui/cx';
import { Page } from '../../ui/Page';
import { LoadFailed, Loading } from '../../ui/States';
import { speak, stopSpeaking, useSpeech } from '../chat/speech';
import { usePersonalSettings, useUpdateSettings } from '../user/queries';
import { speechCaps } from '../voice/speech-socket';
import '../../i18n/chat';
import { helpContent } from './content';
import css from './help.module.css';

const SAMPLE_ID = 'assist-sample';

/**
 * /user/assit — the assistant's voice: auto read-aloud (openTTs), a sample to listen to, which
 * voice and which recogniser this device has (saying plainly when there is none), font size.
 */
export default function AssitPage() {
  const c = helpContent().assist;
  const { t } = useTranslation();
  const settings = usePersonalSettings();
  const update = useUpdateSettings();
  const [caps, setCaps] = useState<SpeechCaps | null>(null);
  const sampling = useSpeech((s) => s.questionId === SAMPLE_ID);
  useEffect(() => {
    void speechCaps().then(setCaps);
    return () => {
      if (useSpeech.getState().questionId === SAMPLE_ID) stopSpeaking();
    };
  }, []);
  const browserRec = typeof window !== 'undefined' && ('SpeechRecognition' in window || 'webkitSpeechRecognition' in window);
  const browserVoice = typeof window !== 'undefined' && 'speechSynthesis' in window;
  const voice = caps === null ? c.checking : caps.tts ? (c.voiceServer[caps.tts] ?? caps.tts) : browserVoice ? c.voiceBrowser : c.voiceNone;
  const rec = caps === null ? c.checking : caps.asr ? c.recServer : browserRec ? c.recBrowser : t('home.voice.none');
  const recOk = caps !== null && (caps.asr !== null || browserRec);

  return (
    <Page title={c.title} testId="assit-page" backTo="/user">
      <CellGroup title={c.readAloud}>
        {settings.isPending ? (
          <Loading />
        ) : settings.isError ? (
          <LoadFailed onRetry={() => void settings.refetch()} />
        ) : (
          <Cell
            icon={<SoundOutline />}
            title={<span id="assit-tts">{c.autoRead}</span>}
            desc={c.autoReadDesc}
            extra={<Switch checked={settings.data.openTTs} onChange={(v) => update.mutate({ openTTs: v }, { onSuccess: () => toast(t('settings.updated'), 'success') })} aria-labelledby="assit-tts" data-testid="assit-tts" />}
          />
        )}
        <Cell
          icon={<SoundOutline />}
          title={c.voiceEngine}
          desc={<span data-testid="assit-voice">{voice}</span>}
          extra={
            <button
              type="button"
              className="btn btn--ghost btn--small"
              aria-pressed={sampling}
              onClick={() => (sampling ? stopSpeaking() : speak(SAMPLE_ID, c.sample, 'zh-CN', (m) => toast(m ?? t('chat.actions.ttsFailed'))))}
              data-testid="assit-sample"
            >
              {sampling ? c.stop : c.tryIt}
            </button>
          }
          arrow={false}
        />
      </CellGroup>
      <CellGroup title={c.dictation}>
        <Cell icon={<AudioOutline />} title={c.recogniser} desc={<span className={cx(css.tag, recOk && css.tagOk)} data-testid="assit-recogniser">{rec}</span>} arrow={false} />
      </CellGroup>
      <CellGroup>
        <Cell icon={<TextOutline />} title={c.fontSize} to="/user/fontsize" testId="assit-fontsize" />
      </CellGroup>
    </Page>
  );
}
