import { i18n } from './index';
import { messageEn } from './message.en';
import { messageZhCN } from './message.zh-CN';

/** Adds the message-centre and feedback bundle to i18n (imported by those screens). */
i18n.addResourceBundle('zh-CN', 'translation', messageZhCN, true, true);
i18n.addResourceBundle('en', 'translation', messageEn, true, true);

export { messageEn, messageZhCN };
