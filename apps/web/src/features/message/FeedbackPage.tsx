import { useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AddOutline } from 'antd-mobile-icons';
import { COMPLAINT_TYPES, MESSAGE_LIMITS, SUGGESTION_TYPES } from '@chatdr/contract/message/schemas';
import { toast } from '../../api';
import { isLoggedIn, useLoginStatus } from '../../app/login-store';
import { ChoiceGroup } from '../../ui/Choice';
import { TextAreaField, TextField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import '../../i18n/message';
import { submitFeedback, uploadPicture } from './queries';
import s from './message.module.css';

type Kind = 'suggestion' | 'complaint';

/** /user/feedback (意见反馈) and /user/about/report (投诉): a type, a description, up to 4 pictures, a contact. */
export default function FeedbackPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = isLoggedIn(useLoginStatus());
  const types: readonly string[] = kind === 'suggestion' ? SUGGESTION_TYPES : COMPLAINT_TYPES;
  const [type, setType] = useState<string | null>(kind === 'suggestion' ? (types[0] ?? null) : null);
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [pictures, setPictures] = useState<Array<{ id: string; url: string }>>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const logPath = kind === 'suggestion' ? '/user/feedback/log' : '/user/about/log';

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (pictures.length + files.length > MESSAGE_LIMITS.picturesMax) toast(t('feedback.tooMany'));
    setUploading(true);
    const added: Array<{ id: string; url: string }> = [];
    for (const f of files.slice(0, MESSAGE_LIMITS.picturesMax - pictures.length)) {
      const r = await uploadPicture(f, f.name);
      if (r.ok) added.push({ id: r.id, url: r.url });
      else toast(r.msg);
    }
    setPictures((p) => [...p, ...added]);
    setUploading(false);
  };

  const submit = async () => {
    if (content.trim().length < MESSAGE_LIMITS.contentMin) return toast(t('feedback.contentShort'));
    if (!type) return toast(t(kind === 'suggestion' ? 'feedback.type' : 'feedback.reportType'));
    setSending(true);
    try {
      await submitFeedback(kind, loggedIn, { type, content: content.trim(), pictures: pictures.map((p) => p.id), ...(contact.trim() ? { contact: contact.trim() } : {}) });
      toast(t('feedback.submitted'));
      if (loggedIn) void navigate(logPath, { replace: true });
      else void navigate(-1);
    } catch {
      // shown by the request layer
    } finally {
      setSending(false);
    }
  };

  return (
    <Page
      title={t(kind === 'suggestion' ? 'feedback.title' : 'feedback.reportTitle')}
      testId={kind === 'suggestion' ? 'feedback-page' : 'report-page'}
      right={loggedIn ? <Link to={logPath} className={s.headerBtn} data-testid="feedback-log-link">{t(kind === 'suggestion' ? 'feedback.log' : 'feedback.reportLog')}</Link> : null}
      footer={
        <button type="button" className="btn" disabled={sending || uploading} onClick={() => void submit()} data-testid="feedback-submit">
          {sending ? <span className="spinner spinner--small" aria-hidden /> : null}
          {t('feedback.submit')}
        </button>
      }
    >
      <div className={s.form}>
        <section className={s.section}>
          <ChoiceGroup label={t(kind === 'suggestion' ? 'feedback.type' : 'feedback.reportType')} options={types.map((v) => ({ value: v, label: v }))} value={type} onChange={setType} testId="feedback-type" />
        </section>
        <section className={s.section}>
          <TextAreaField label={t('feedback.content')} value={content} onChange={setContent} maxLength={MESSAGE_LIMITS.contentMax} rows={5} placeholder={t(kind === 'suggestion' ? 'feedback.contentPlaceholder' : 'feedback.reportPlaceholder')} testId="feedback-content" />
        </section>
        <section className={s.section}>
          <h2 className={s.sectionTitle}>{t('feedback.pictures', { n: MESSAGE_LIMITS.picturesMax })}</h2>
          {loggedIn ? (
            <div className={s.pictures}>
              {pictures.map((p) => (
                <div key={p.id} className={s.picture} data-testid="feedback-picture">
                  <img src={p.url} alt="" />
                  <button type="button" className={s.remove} aria-label={t('feedback.removePicture')} onClick={() => setPictures((all) => all.filter((x) => x.id !== p.id))}>
                    ×
                  </button>
                </div>
              ))}
              {pictures.length < MESSAGE_LIMITS.picturesMax ? (
                <label className={s.add}>
                  <input type="file" accept="image/jpeg,image/png,image/webp,image/heic" multiple className={s.hiddenInput} onChange={(e) => void pick(e)} disabled={uploading} data-testid="feedback-picture-input" />
                  <AddOutline aria-hidden fontSize={22} />
                  {uploading ? t('feedback.uploading') : t('feedback.addPicture')}
                </label>
              ) : null}
            </div>
          ) : (
            <p className={s.desc}>{t('feedback.loginForPictures')}</p>
          )}
        </section>
        <section className={s.section}>
          <TextField label={t('feedback.contact')} value={contact} onChange={setContact} maxLength={MESSAGE_LIMITS.contactMax} placeholder={t('feedback.contactPlaceholder')} testId="feedback-contact" />
        </section>
      </div>
    </Page>
  );
}
