/**
 * How much of what real questions name the KB links.
 *
 *   node --import tsx packages/engine/scripts/build-kb-coverage.ts [path/to/realqa/dev.jsonl] [--misses N]
 *
 * Method (a heuristic, not a gold annotation): each question is segmented with jieba's OWN
 * dictionary only (not the KB's, so the reference does not come from the thing measured). A token of
 * two or more characters is a *named candidate* of a kind when it ends like a name of that kind —
 * disease: 炎/病/症/癌/瘤/癣/疹/结石/囊肿/息肉/溃疡/结节/综合征 …; drug: 片/胶囊/颗粒/丸/口服液/霉素/
 * 西林/沙星/他汀/地平 …; test: 检查/常规/功能/B超/彩超/CT/核磁/胃镜/肠镜/心电图/造影 …; operation:
 * 术/手术. Generic words (手术, 检查, 疾病, 炎症 …) are not candidates. A candidate is *linked* when
 * the NLU links a mention of the same kind that covers it (`same`), or of any kind (`any`). The
 * suffix rules miss names without such endings (布洛芬, 阿司匹林, 痛风 are not candidates) and
 * accept some non-names; read the figures as the share of suffix-shaped names the KB knows.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeText } from '../src/normalize.ts';
import { understand } from '../src/nlu/frame.ts';

const ENGINE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--')) ?? join(ENGINE, '../../../shared/data/realqa/dev.jsonl');
const missesArg = args.indexOf('--misses');
const showMisses = missesArg >= 0 ? Number(args[missesArg + 1] ?? 30) : 30;

const require = createRequire(import.meta.url);
const { Jieba } = require('@node-rs/jieba') as { Jieba: { withDict(d: Uint8Array): { cut(s: string, hmm?: boolean): string[] } } };
const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
const plain = Jieba.withDict(dict);

type Kind = 'disease' | 'drug' | 'test' | 'operation';
const SUFFIX: ReadonlyArray<readonly [Kind, RegExp]> = [
  ['operation', /(?:术|手术)$/u],
  ['test', /(?:检查|常规|功能|b超|彩超|ct|核磁|核磁共振|胃镜|肠镜|心电图|造影|化验|hpv|tct|五项|六项|两对半)$/u],
  ['drug', /(?:片|胶囊|颗粒|丸|口服液|注射液|软膏|乳膏|霉素|西林|沙星|他汀|地平|洛尔|沙坦|普利|替丁|拉唑|滴眼液|冲剂|喷剂|栓)$/u],
  ['disease', /(?:炎|病|症|癌|瘤|癣|疹|疮|结石|囊肿|息肉|溃疡|结节|综合征|综合症|梗塞|梗死|衰竭|疝|痔|痔疮|贫血|哮喘|痛风|不孕|骨折|增生|积液)$/u],
];
const GENERIC = new Set(['手术', '检查', '疾病', '炎症', '病症', '症状', '毛病', '病情', '病症', '发炎', '治病', '看病', '生病', '得病', '犯病', '病史', '疾病', '体检', '化验', '药片', '药丸', '病人', '病因', '病毒', '重病', '大病', '小病', '皮疹', '疹子', '功能', '常规', '技术', '艺术', '美术', '学术', '算术', '复查', '做检查', '病菌', '病变', '病灶', '并发症', '后遗症', '适应症', '禁忌症', '结节', '囊肿', '肿瘤', '结石', '息肉', '癌症', '溃疡', '增生', '积液', '骨折', '贫血',
  // Forms, counts and verbs that end like a name but name nothing (胶囊, 一片, 做手术, 发病, 照片).
  '发病', '患病', '这病', '那病', '此病', '消炎', '胶囊', '软胶囊', '颗粒', '口服液', '注射液', '乳膏', '软膏', '冲剂', '含片', '泡腾片', '缓释片', '分散片',
  '一片', '半片', '两片', '大片', '图片', '照片', '做手术', '动手术', '切除术', '根治术', '全身检查', '性功能', '造影', '综合症', '衰竭']);

const rows = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { q: string });
const stats: Record<Kind, { n: number; same: number; any: number }> = { disease: { n: 0, same: 0, any: 0 }, drug: { n: 0, same: 0, any: 0 }, test: { n: 0, same: 0, any: 0 }, operation: { n: 0, same: 0, any: 0 } };
const misses = new Map<string, number>();
let questionsNamingSomething = 0;
let questionsLinked = 0;
for (const r of rows) {
  const t = normalizeText(r.q);
  const u = understand(r.q);
  let at = 0;
  let named = false;
  for (const w of plain.cut(t, true)) {
    const start = t.indexOf(w, at);
    if (start < 0) continue;
    at = start + w.length;
    if ([...w].length < 2 || GENERIC.has(w) || !/\p{Script=Han}/u.test(w)) continue;
    const kind = SUFFIX.find(([, re]) => re.test(w))?.[0];
    if (!kind) continue;
    named = true;
    const s = stats[kind];
    s.n++;
    const cover = u.mentions.filter((m) => m.start <= start && m.end >= at);
    if (cover.some((m) => m.type === kind)) s.same++;
    if (cover.length > 0) s.any++;
    else misses.set(`${kind}:${w}`, (misses.get(`${kind}:${w}`) ?? 0) + 1);
  }
  if (named) questionsNamingSomething++;
  if (u.mentions.some((m) => m.type === 'disease' || m.type === 'drug' || m.type === 'test' || m.type === 'operation')) questionsLinked++;
}
const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(1)} %` : '—');
const total = Object.values(stats).reduce((a, s) => ({ n: a.n + s.n, same: a.same + s.same, any: a.any + s.any }), { n: 0, same: 0, any: 0 });
console.log(`questions: ${rows.length}; with a suffix-shaped name: ${questionsNamingSomething}; with a linked disease/drug/test/operation: ${questionsLinked} (${pct(questionsLinked, rows.length)})`);
for (const [k, s] of [...Object.entries(stats), ['all', total] as const]) console.log(`${k.padEnd(10)} candidates ${String(s.n).padStart(5)}  linked as same kind ${pct(s.same, s.n).padStart(8)}  linked as any kind ${pct(s.any, s.n).padStart(8)}`);
console.log(`most frequent unlinked candidates: ${[...misses].sort((a, b) => b[1] - a[1]).slice(0, showMisses).map(([w, n]) => `${w}×${n}`).join(' ')}`);
