import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { CheckCircleFill, CloseOutline } from 'antd-mobile-icons';
import { SKILLS, type SkillCode } from '@chatdr/contract';
import '../../i18n/chat';
import { cx, modifier } from '../../ui/cx';
import { chat, useChatStore } from './chat-store';
import styles from './chat.module.css';

const GLYPH: Record<SkillCode, string> = { zzzc: '症', yyjy: '药', bgjd: '报', zybz: '中', ypcx: '查', zyy: '院', zks: '科', ysjy: '食' };

/** The skill picker (contract SKILLS): the chosen skill is sent as instructCode with the next questions. */
export default function SkillPicker({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const current = useChatStore((s) => s.skill);
  const pick = (code: SkillCode) => {
    chat.setSkill(current === code ? null : code);
    onClose();
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.chatSheet} destroyOnClose>
      <div className={styles.chatSheetInner} role="dialog" aria-modal="true" aria-labelledby="skill-title" data-testid="skill-picker">
        <header className={styles.chatSheetHead}>
          <div>
            <h2 className={styles.chatSheetTitle} id="skill-title">
              {t('chat.skillTitle')}
            </h2>
            <p className={styles.chatSheetDesc}>{t('chat.skillHint')}</p>
          </div>
          <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={onClose}>
            <CloseOutline aria-hidden />
          </button>
        </header>
        <div className={styles.skills} role="radiogroup" aria-labelledby="skill-title">
          {SKILLS.map((s) => (
            <button key={s.code} type="button" role="radio" aria-checked={current === s.code} className={cx(styles.skill, current === s.code && 'is-on')} onClick={() => pick(s.code)} data-testid={`skill-${s.code}`}>
              <span className={cx(styles.skillGlyph, modifier(styles, 'skillGlyph', s.code))} aria-hidden>
                {GLYPH[s.code]}
              </span>
              <span className={styles.skillMain}>
                <span className={styles.skillName}>{t(`chat.skill.${s.code}`)}</span>
                <span className={styles.skillDesc}>{t(`chat.skillDesc.${s.code}`)}</span>
              </span>
              {current === s.code ? <CheckCircleFill className={styles.skillCheck} aria-hidden /> : null}
            </button>
          ))}
        </div>
      </div>
    </Popup>
  );
}
