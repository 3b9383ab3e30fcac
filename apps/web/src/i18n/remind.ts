import { i18n } from './index';
import { remindEn } from './remind.en';
import { remindZhCN } from './remind.zh-CN';

/** Adds the reminder bundle to i18n (imported by the reminder chunks and the notice banner). */
i18n.addResourceBundle('zh-CN', 'translation', remindZhCN, true, true);
i18n.addResourceBundle('en', 'translation', remindEn, true, true);

export { remindEn, remindZhCN };
