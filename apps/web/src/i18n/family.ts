import { i18n } from './index';
import { familyEn } from './family.en';
import { familyZhCN } from './family.zh-CN';

/**
 * Adds the family bundle to i18n. Imported by the family chunks (never by the first screen), so
 * the strings arrive with the screens that use them; importing it twice is harmless.
 */
i18n.addResourceBundle('zh-CN', 'translation', familyZhCN, true, true);
i18n.addResourceBundle('en', 'translation', familyEn, true, true);

export { familyEn, familyZhCN };
