import { i18n } from './index';
import { mediaEn } from './media.en';
import { mediaZhCN } from './media.zh-CN';

/**
 * Adds the media bundle (upload popup, folder, report, PDF viewer) to i18n. Imported by those
 * chunks only, never by the first screen; importing it twice is harmless.
 */
i18n.addResourceBundle('zh-CN', 'translation', mediaZhCN, true, true);
i18n.addResourceBundle('en', 'translation', mediaEn, true, true);

export { mediaEn, mediaZhCN };
