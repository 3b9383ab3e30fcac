import { i18n } from './index';
import { imagingEn } from './imaging.en';
import { imagingZhCN } from './imaging.zh-CN';

/** Adds the hospital-imaging bundle to i18n (imported by those screens). */
i18n.addResourceBundle('zh-CN', 'translation', imagingZhCN, true, true);
i18n.addResourceBundle('en', 'translation', imagingEn, true, true);

export { imagingEn, imagingZhCN };
