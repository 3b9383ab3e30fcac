import { i18n } from './index';
import { accountEn } from './account.en';
import { accountZhCN } from './account.zh-CN';

/** Adds the account bundle (data export, change phone) to i18n (imported by those screens). */
i18n.addResourceBundle('zh-CN', 'translation', accountZhCN, true, true);
i18n.addResourceBundle('en', 'translation', accountEn, true, true);

export { accountEn, accountZhCN };
