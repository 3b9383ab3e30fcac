import { i18n } from './index';
import { chatEn } from './chat.en';
import { chatZhCN } from './chat.zh-CN';

/**
 * Adds the chat bundle to i18n. Imported by the chat chunks (never by the first screen's own
 * modules); importing it twice is harmless.
 */
i18n.addResourceBundle('zh-CN', 'translation', chatZhCN, true, true);
i18n.addResourceBundle('en', 'translation', chatEn, true, true);

export { chatEn, chatZhCN };
