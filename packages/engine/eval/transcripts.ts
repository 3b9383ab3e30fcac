/// <reference types="node" />
/**
 * `npm run transcripts`: regenerates eval/TRANSCRIPTS.md — 25 full answers of the builtin engine,
 * varied (members, skills, emergencies, refusals, a whole self-check interview), written out as a
 * person reads them, so a clinician can review them.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MemberContext } from '@chatdr/contract';
import { collectAnswer } from '../src/index.ts';
import { writeRealTranscripts } from './real-transcripts.ts';
import type { AnswerEvent, AnswerInput, HistoryTurn } from '../src/index.ts';

function member(over: Partial<MemberContext>): MemberContext {
  return {
    userInfoId: 1, name: '成员', roleName: '本人', age: null, ageMonths: null, sex: null, heightCm: null, weightKg: null, bmi: null, bmiClass: null,
    diseases: [], allergies: [], medicines: [], surgeries: [], familyHistory: [], pregnant: false, pregnancyWeek: null, lactating: false, smoking: null, drinking: null,
    ...over,
  };
}
const disease = (name: string) => ({ name, code: null, ongoing: true });
const med = (name: string) => ({ name, code: null, dose: null, unit: null, frequency: null });

const mom = member({ roleName: '妈妈', age: 64, sex: 'F', heightCm: 156, weightKg: 63, diseases: [disease('高血压'), disease('2型糖尿病')], medicines: [med('氨氯地平'), med('二甲双胍')], allergies: [{ name: '青霉素类', code: null, type: 'drug' }] });
const dad = member({ roleName: '爸爸', age: 68, sex: 'M', diseases: [disease('冠心病')], medicines: [med('华法林'), med('阿托伐他汀')] });
const kid = member({ roleName: '儿子', age: 4, sex: 'M', heightCm: 104, weightKg: 16 });
const baby = member({ roleName: '女儿', age: 0, ageMonths: 5, sex: 'F', weightKg: 7 });
const wife = member({ roleName: '妻子', age: 29, sex: 'F', pregnant: true, pregnancyWeek: 24 });
const me = member({ roleName: '本人', age: 35, sex: 'M', heightCm: 175, weightKg: 82, drinking: '经常' });

interface Case { title: string; input: AnswerInput; who?: string; replies?: string[] }

const CASES: Case[] = [
  { title: '发热头痛三天（无档案）', input: { question: '我头痛发烧三天了怎么办' } },
  { title: '疑似急性冠脉综合征', input: { question: '胸口像被大石头压着，疼了半小时，还出冷汗', member: dad }, who: '爸爸' },
  { title: '疑似脑卒中', input: { question: '我妈刚才突然嘴歪了，右手抬不起来，说话不清楚', member: mom }, who: '妈妈' },
  { title: '自杀念头', input: { question: '最近觉得活着没意思，想死' } },
  { title: '婴儿发热', input: { question: '宝宝发烧38.6度，精神还可以', member: baby }, who: '5个月女儿' },
  { title: '儿童布洛芬剂量', input: { question: '孩子发烧，布洛芬一次吃多少', member: kid }, who: '4岁儿子 16 kg' },
  { title: '青霉素过敏问阿莫西林', input: { question: '嗓子疼能吃阿莫西林吗', member: mom }, who: '妈妈（青霉素过敏）' },
  { title: '华法林合用止痛药', input: { question: '膝盖疼，能吃布洛芬吗', member: dad }, who: '爸爸（华法林）' },
  { title: '孕期用药', input: { question: '感冒鼻塞能吃什么药', member: wife }, who: '怀孕24周的妻子' },
  { title: '甲硝唑与饮酒', input: { question: '牙龈发炎医生开了甲硝唑，晚上有饭局能喝酒吗', member: me }, who: '本人' },
  { title: '血压读数', input: { question: '早上量血压165/100，头有点胀', member: mom }, who: '妈妈' },
  { title: '血常规解读', input: { question: '帮我看看化验单', skill: 'bgjd', member: wife, report: [{ name: '血红蛋白', value: '98', unit: 'g/L', refRange: '110-150' }, { name: '平均红细胞体积', value: '72', unit: 'fL' }, { name: '白细胞', value: '9.8', unit: '10^9/L' }, { name: '血小板', value: '210', unit: '10^9/L' }] }, who: '妻子' },
  { title: '肝功能与血脂', input: { question: '体检报告帮我解读', skill: 'bgjd', member: me, report: [{ name: 'ALT', value: '86', unit: 'U/L' }, { name: 'AST', value: '52', unit: 'U/L' }, { name: 'GGT', value: '120', unit: 'U/L' }, { name: '甘油三酯', value: '3.6', unit: 'mmol/L' }, { name: '尿酸', value: '520', unit: 'μmol/L' }] }, who: '本人' },
  { title: '症状自查（完整问诊）', input: { question: '肚子疼，拉肚子', skill: 'zzzc', member: me }, who: '本人', replies: ['有', '没有', '有', '没有', '不确定', '没有', '没有', '没有'] },
  { title: '儿童腹泻', input: { question: '孩子拉肚子一天拉了五六次，稀水样，还吐了两次', member: kid }, who: '儿子' },
  { title: '尿路症状', input: { question: '尿频尿急，尿的时候疼', member: wife }, who: '妻子（孕24周）' },
  { title: '中医辨证', input: { question: '总是怕冷，手脚冰凉，腰膝酸软，夜尿多', skill: 'zybz', member: mom }, who: '妈妈' },
  { title: '饮食建议', input: { question: '痛风能吃海鲜喝啤酒吗', skill: 'ysjy', member: me }, who: '本人' },
  { title: '找医院', input: { question: '孩子咳嗽一周了，想去儿童医院看看', skill: 'zyy', member: kid, location: { province: '浙江省', city: '杭州市', district: '上城区' } }, who: '儿子，杭州' },
  { title: '找科室', input: { question: '手上起了小水疱很痒，挂什么科', member: me }, who: '本人' },
  { title: '病因', input: { question: '为什么会得痛风' } },
  { title: '后果', input: { question: '高血压不吃药会怎么样' } },
  { title: '费用', input: { question: '做个胃镜大概多少钱，医保能报吗' } },
  { title: '问别人的情况（角色）', input: { question: '我爸最近老是咳嗽，晚上更厉害', member: me }, who: '当前成员：本人' },
  { title: '超出范围与不当内容', input: { question: '今天股市怎么样' } },
];

const LEVEL: Record<string, string> = { emergency: '紧急', urgent: '尽快就医', routine: '门诊', selfcare: '自我护理' };

function render(es: readonly AnswerEvent[]): string {
  const out: string[] = [];
  const text = es.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('').trim();
  const meta: string[] = [];
  for (const e of es) {
    if (e.type === 'triage') meta.push(`分诊：${LEVEL[e.level] ?? e.level}`);
    else if (e.type === 'intent') meta.push(`意图：${e.intent}`);
    else if (e.type === 'scene') meta.push(`场景：${e.path.join(' / ')}`);
    else if (e.type === 'refusal') out.push(`> （${e.code}）${e.text}`);
  }
  if (meta.length > 0) out.push(`*${meta.join(' · ')}*`, '');
  const role = es.find((e) => e.type === 'roleQuestion');
  if (role && role.type === 'roleQuestion') out.push(`> 角色确认（${role.roleStatus}）：${role.text}`, '');
  if (text) out.push(...text.split('\n').map((l) => (l.trim() === '' ? '' : `${l}  `)));
  for (const e of es) {
    if (e.type === 'recommend') out.push('', `推荐：${[e.department && `科室 ${e.department}`, e.disease && `疾病 ${e.disease}`, e.drug && `药品 ${e.drug}`].filter(Boolean).join('，')}`);
    else if (e.type === 'hospitals') out.push('', `推荐医院：${e.items.map((h) => h.name).join('、')}`);
    else if (e.type === 'conclusion') out.push('', `结论卡：${e.conditions.map((c) => `${c.name}（${c.likelihood}）`).join('；')} → ${e.department}`);
    else if (e.type === 'sources') out.push('', `来源：${e.items.map((s) => `[${s.index}] ${s.name}：${s.title}`).join('；')}`);
    else if (e.type === 'followUps') out.push('', `追问：${e.questions.join(' / ')}`);
  }
  return out.join('\n');
}

const parts: string[] = [
  '# 晓医 builtin engine — 25 transcripts',
  '',
  'Generated by `npm run transcripts` (packages/engine/eval/transcripts.ts) from the builtin engine, no LLM. Each answer is exactly what the user would read (text deltas joined), followed by the structured events the app shows as cards.',
  '',
];
let n = 0;
for (const c of CASES) {
  n++;
  parts.push(`## ${n}. ${c.title}`, '');
  if (c.who) parts.push(`成员：${c.who}`, '');
  const history: HistoryTurn[] = [];
  let input: AnswerInput = c.input;
  const replies = [...(c.replies ?? [])];
  for (;;) {
    const es = await collectAnswer({ ...input, history: [...history] });
    parts.push(`**问：** ${input.question}`, '', render(es), '');
    const iv = es.find((e) => e.type === 'interview');
    if (!iv || iv.type !== 'interview' || replies.length === 0) break;
    const text = es.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    history.push({ role: 'user', text: input.question, skill: input.skill ?? null }, { role: 'assistant', text, interview: { symptomId: iv.symptomId } });
    input = { ...c.input, question: replies.shift() ?? '没有', skill: null };
  }
}
const file = join(dirname(fileURLToPath(import.meta.url)), 'TRANSCRIPTS.md');
writeFileSync(file, `${parts.join('\n').replace(/\n{3,}/gu, '\n\n')}\n`);
console.log(`wrote ${n} transcripts to ${file}`);
// And 45 real questions (non-holdout) with the doctors' replies and a clinician's verdicts: eval/REAL-TRANSCRIPTS.md.
await writeRealTranscripts();
