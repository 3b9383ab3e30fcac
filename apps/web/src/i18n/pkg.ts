import { i18n } from './index';
import { pkgEn } from './pkg.en';
import { pkgZhCN } from './pkg.zh-CN';

/** Adds the packages/orders bundle (imported by the pkg chunks only). */
i18n.addResourceBundle('zh-CN', 'translation', pkgZhCN, true, true);
i18n.addResourceBundle('en', 'translation', pkgEn, true, true);

export { pkgEn, pkgZhCN };
