import { i18n } from './index';
import { careEn, chipPatternsEn, chipsEn } from './content.en';

/**
 * Server and engine content in the user's language. The English strings are an i18next bundle
 * of their own (namespace `content`, flat keys: a chip's Chinese wording is its key); in Chinese
 * the content is shown as it came.
 */
const NS = 'content';
i18n.addResourceBundle('en', NS, { chips: chipsEn, care: careEn, patterns: Object.fromEntries(chipPatternsEn.map(([, en], i) => [`p${i}`, en])) }, true, true);

const inEnglish = () => i18n.language === 'en';

/** A chip's label: its English when there is one (the chip still sends its Chinese text). */
export function chipLabel(text: string): string {
  if (!inEnglish()) return text;
  const exact = chipsEn[text];
  if (exact !== undefined) return i18n.t(`chips.${text}`, { ns: NS, keySeparator: '.', nsSeparator: false, defaultValue: exact });
  for (const [i, [re]] of chipPatternsEn.entries()) {
    const m = re.exec(text);
    if (m?.[1]) return i18n.t(`patterns.p${i}`, { ns: NS, nsSeparator: false, x: m[1] });
  }
  return text;
}

/** A care tip's title and text in the user's language (by its key and params). */
export function careText(c: { title: string; text: string; key?: string | undefined; params?: Record<string, string | number> | undefined }): { title: string; text: string } {
  if (!inEnglish() || !c.key || !careEn[c.key]) return { title: c.title, text: c.text };
  const opts = { ns: NS, nsSeparator: false as const, ...(c.params ?? {}) };
  return { title: i18n.t(`care.${c.key}.title`, opts), text: i18n.t(`care.${c.key}.text`, opts) };
}
