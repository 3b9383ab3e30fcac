/**
 * Text from PDFs made with some CJK fonts (Noto CJK among them) comes out as look-alike
 * Kangxi/CJK radical code points (⾎ for 血, ⽩ for 白). NFKC folds the Kangxi radicals; this map
 * covers the supplement radicals NFKC leaves alone.
 */
const RADICALS: Readonly<Record<string, string>> = {
  '⺠': '民', '⺟': '母', '⺢': '水', '⺣': '火', '⺤': '爪', '⺦': '丬', '⺨': '犬', '⺩': '王', '⺪': '疋', '⺫': '目', '⺬': '示', '⺭': '礻',
  '⺮': '竹', '⺯': '糸', '⺰': '纟', '⺳': '网', '⺶': '羊', '⺷': '羊', '⺸': '羊', '⺹': '老', '⺺': '肀', '⺻': '聿', '⺼': '肉', '⺽': '臼',
  '⺾': '艹', '⺿': '艹', '⻀': '艹', '⻁': '虎', '⻄': '西', '⻅': '见', '⻆': '角', '⻇': '角', '⻈': '讠', '⻉': '贝', '⻋': '车', '⻒': '镸',
  '⻓': '长', '⻔': '门', '⻗': '雨', '⻘': '青', '⻙': '韦', '⻚': '页', '⻛': '风', '⻜': '飞', '⻝': '食', '⻞': '饣', '⻟': '食', '⻠': '饣',
  '⻢': '马', '⻣': '骨', '⻤': '鬼', '⻥': '鱼', '⻦': '鸟', '⻧': '卤', '⻨': '麦', '⻩': '黄', '⻬': '齐', '⻮': '齿', '⻯': '龙', '⻰': '龙', '⻳': '龟',
};
const RADICAL_RE = new RegExp(`[${Object.keys(RADICALS).join('')}]`, 'gu');

export function normalizePdfText(s: string): string {
  return s.normalize('NFKC').replace(RADICAL_RE, (c) => RADICALS[c] ?? c);
}
