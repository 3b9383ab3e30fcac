import { i18n } from './index';
import { healthEn } from './health.en';
import { healthZhCN } from './health.zh-CN';

/** Adds the health bundle (blood pressure, indicators) to i18n; imported by the health chunks only. */
i18n.addResourceBundle('zh-CN', 'translation', healthZhCN, true, true);
i18n.addResourceBundle('en', 'translation', healthEn, true, true);

export { healthEn, healthZhCN };
