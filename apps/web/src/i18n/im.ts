import { i18n } from './index';
import { imEn } from './im.en';
import { imZhCN } from './im.zh-CN';

/** Adds the doctor-chat / plan / clinician bundle (imported by those chunks only). */
i18n.addResourceBundle('zh-CN', 'translation', imZhCN, true, true);
i18n.addResourceBundle('en', 'translation', imEn, true, true);

export { imEn, imZhCN };
