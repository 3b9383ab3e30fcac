import { describe, it, expect } from 'vitest';
import { extract } from './extract.ts';
import { parseNumber } from './numbers.ts';

const NOW = new Date('2025-06-15T12:00:00+08:00');
const ex = (text: string) => extract(text, NOW);
const positive = (text: string) => ex(text).symptoms.filter((s) => !s.negated).map((s) => s.id);
const negated = (text: string) => ex(text).symptoms.filter((s) => s.negated).map((s) => s.id);

describe('parseNumber', () => {
  it.each([
    ['38.5', 38.5],
    ['三十九', 39],
    ['十五', 15],
    ['一百六', 160],
    ['一百六十', 160],
    ['一百零五', 105],
    ['两百', 200],
    ['三十八点五', 38.5],
    ['两三', 3],
    ['一千二', 1200],
  ])('%s → %d', (raw, value) => {
    expect(parseNumber(raw)).toBe(value);
  });

  it('rejects what is not a number', () => {
    expect(parseNumber('发烧')).toBeNull();
    expect(parseNumber('')).toBeNull();
  });
});

describe('normalisation', () => {
  it('normalises traditional and full-width text before matching', () => {
    const e = ex('頭疼，體溫３８．５℃');
    expect(e.normalized).toContain('头疼');
    expect(e.temperature).toBe(38.5);
    expect(positive('頭疼')).toContain('headache');
  });
});

describe('symptoms', () => {
  it('maps colloquial words to the standard symptom', () => {
    expect(positive('拉肚子')).toEqual(['diarrhea']);
    expect(positive('心口疼')).toEqual(['chest-pain']);
    expect(positive('嗓子疼')).toEqual(['sore-throat']);
    expect(positive('有点发烧')).toEqual(['fever']);
    expect(positive('喘不上气')).toEqual(['dyspnea']);
    expect(positive('拉黑便')).toEqual(['melena']);
    expect(positive('吐血了')).toContain('hematemesis');
    expect(ex('吐血了').symptoms[0]?.name).toBe('呕血');
  });

  it('uses the longest match', () => {
    expect(positive('腿抽筋')).toEqual(['cramp']);
    expect(positive('抽筋')).toEqual(['convulsion']);
    expect(positive('突然剧烈头痛')).toEqual(expect.arrayContaining(['thunderclap-headache', 'headache']));
  });

  it('matches symptom words split by adverbs', () => {
    expect(positive('胸口有点疼')).toEqual(['chest-pain']);
    expect(positive('肚子一阵一阵地疼')).toEqual(['abdominal-pain']);
    expect(positive('眼睛胀痛')).toEqual(['eye-pain']);
    const s = ex('肚子特别疼').symptoms.find((x) => x.id === 'abdominal-pain');
    expect(s?.severe).toBe(true);
    expect(ex('嗓子有点疼').symptoms[0]?.mild).toBe(true);
  });

  it('returns spans into the normalised text', () => {
    const e = ex('我今天头疼');
    const s = e.symptoms[0];
    expect(s && e.normalized.slice(s.span[0], s.span[1])).toBe('头疼');
  });

  it('marks severity said around the symptom', () => {
    expect(ex('头疼得厉害').symptoms.some((s) => s.id === 'headache' && s.severe)).toBe(true);
    expect(ex('剧烈咳嗽').symptoms[0]?.severe).toBe(true);
    expect(ex('咳嗽').symptoms[0]?.severe).toBe(false);
  });

  it('ignores figurative uses', () => {
    expect(positive('这事真让人头疼')).toEqual([]);
    expect(positive('想死你了')).toEqual([]);
    expect(positive('网上吐槽')).toEqual([]);
  });
});

describe('negation', () => {
  it.each([
    ['不发烧', 'fever'],
    ['没有咳嗽', 'cough'],
    ['无胸痛', 'chest-pain'],
    ['头不疼', 'headache'],
    ['肚子也不疼', 'abdominal-pain'],
    ['没怎么发烧', 'fever'],
    ['无明显胸闷', 'chest-tightness'],
    ['否认胸痛', 'chest-pain'],
    ['没有再吐', 'vomiting'],
  ])('%s negates %s', (text, id) => {
    expect(negated(text)).toContain(id);
    expect(positive(text)).not.toContain(id);
  });

  it('covers a list joined by 、和或', () => {
    expect(negated('没有发烧、咳嗽和头痛')).toEqual(['fever', 'cough', 'headache']);
  });

  it('stops at the clause or at a new statement', () => {
    expect(positive('我没有胸痛，就是有点咳嗽')).toEqual(['cough']);
    expect(negated('我没有胸痛，就是有点咳嗽')).toEqual(['chest-pain']);
    expect(positive('不发烧但是咳嗽')).toEqual(['cough']);
    expect(positive('没吃饭就头晕')).toEqual(['dizziness']);
  });

  it('is not fooled by 不停, 止不住, questions or 不知道', () => {
    expect(positive('不停地咳嗽')).toEqual(['cough']);
    expect(positive('止不住地吐')).toEqual(['vomiting']);
    expect(positive('有没有发烧')).toEqual(['fever']);
    expect(positive('是不是胸痛')).toEqual(['chest-pain']);
    expect(positive('不知道是不是发烧')).toEqual(['fever']);
    expect(positive('无明显诱因出现胸痛')).toEqual(['chest-pain']);
  });

  it('never negates suicidal talk', () => {
    expect(positive('活着没意思')).toContain('suicidal-ideation');
    expect(positive('不想活了')).toContain('suicidal-ideation');
    expect(positive('不是没有想自杀')).toContain('suicidal-ideation');
    expect(positive('我没有想自杀的勇气')).toContain('suicidal-ideation');
  });

  it('negates diseases too', () => {
    const e = ex('没有高血压，有糖尿病');
    expect(e.diseases.map((d) => [d.name, d.negated])).toEqual([
      ['高血压', true],
      ['2型糖尿病', false],
    ]);
  });
});

describe('不 inside a verb-complement word is not a negation', () => {
  it('别人说话听不清 is hearing loss, positive, and not a speech difficulty', () => {
    expect(positive('别人说话听不清')).toContain('hearing-loss');
    expect(negated('别人说话听不清')).not.toContain('hearing-loss');
    expect(positive('耳朵嗡嗡响 别人说话听不清')).toEqual(expect.arrayContaining(['tinnitus', 'hearing-loss']));
    expect(positive('别人说话听不清')).not.toContain('speech-difficulty');
  });
  it('his own unclear speech is still a speech difficulty', () => {
    expect(positive('他说话听不清楚')).toContain('speech-difficulty');
  });
  it.each([
    ['抬不起头晕', 'dizziness'],
    ['站不稳头晕', 'dizziness'],
    ['听不清耳鸣', 'tinnitus'],
    ['看不清 头痛', 'headache'],
    ['喘不上气 胸口疼', 'chest-pain'],
    ['晚上睡不着 心慌', 'palpitations'],
    ['吃不下饭 肚子疼', 'abdominal-pain'],
    ['叫不醒 发烧', 'fever'],
  ])('%s keeps %s positive', (text, id) => {
    expect(positive(text)).toContain(id);
    expect(negated(text)).not.toContain(id);
  });
  it.each([
    ['看不清', 'blurred-vision'],
    ['站不稳', 'ataxia'],
    ['喘不上气', 'dyspnea'],
    ['说不出话', 'speech-difficulty'],
    ['睡不着', 'insomnia'],
    ['止不住地咳嗽', 'cough'],
    ['叫不醒', 'unconscious'],
    ['尿不出来', 'urinary-retention'],
  ])('%s is itself a positive %s', (text, id) => {
    expect(positive(text)).toContain(id);
  });
  it('a real denial still negates', () => {
    expect(negated('不头疼 也不发烧')).toEqual(expect.arrayContaining(['headache', 'fever']));
    expect(negated('听得清 不耳鸣')).toContain('tinnitus');
  });
});

describe('temperature', () => {
  it.each([
    ['发烧38.5度', 38.5],
    ['38度5', 38.5],
    ['烧到三十九度', 39],
    ['三十九度五', 39.5],
    ['39℃', 39],
    ['体温39.2', 39.2],
    ['烧到39', 39],
    ['102°F', 38.9],
    ['华氏102度', 38.9],
    ['37度8', 37.8],
  ])('%s → %d °C', (text, t) => {
    expect(ex(text).temperature).toBe(t);
  });

  it('takes the highest reading and keeps them all', () => {
    const e = ex('早上37.5度，晚上烧到39.1度');
    expect(e.temperature).toBe(39.1);
    expect(e.vitals.temperature).toEqual([37.5, 39.1]);
  });

  it('ignores the weather and 39度5天 durations', () => {
    expect(ex('今天室温35度，我头晕').temperature).toBeNull();
    const e = ex('39度5天了');
    expect(e.temperature).toBe(39);
    expect(e.durationDays).toBe(5);
  });

  it('counts a measured fever as the symptom', () => {
    expect(positive('体温38.2')).toEqual(['fever']);
    expect(positive('体温36.8')).toEqual([]);
  });
});

describe('blood pressure and other readings', () => {
  it.each([
    ['血压150/95', 150, 95],
    ['150/95', 150, 95],
    ['高压160低压100', 160, 100],
    ['收缩压180，舒张压110', 180, 110],
    ['血压一百六', 160, null],
    ['血压180多', 180, null],
    ['血压量了一下160/100mmHg', 160, 100],
  ])('%s', (text, s, d) => {
    expect(ex(text).bp).toEqual({ systolic: s, diastolic: d });
  });

  it('ignores implausible pairs and dates', () => {
    expect(ex('3/5号开始').bp).toBeNull();
    expect(ex('吃了1/2片').bp).toBeNull();
  });

  it('reads glucose, SpO2 and heart rate', () => {
    const e = ex('血糖2.8，血氧88%，心率一百二');
    expect(e.vitals.glucose).toEqual([2.8]);
    expect(e.vitals.spo2).toEqual([88]);
    expect(e.vitals.heartRate).toEqual([120]);
    expect(ex('血糖300mg/dl').vitals.glucose).toEqual([16.7]);
    expect(ex('血糖一直很高').vitals.glucose).toEqual([]);
  });
});

describe('durations', () => {
  it.each([
    ['咳嗽3天了', 3],
    ['两周了', 14],
    ['半个月', 15],
    ['一个多月', 30],
    ['三四天', 4],
    ['好几天', 3],
    ['一年半', 547.5],
    ['半天', 0.5],
    ['两个小时', 0.08],
    ['昨天开始', 1],
    ['十几天', 15],
  ])('%s → %d days', (text, days) => {
    expect(ex(text).durationDays).toBe(days);
  });

  it('does not take ages, pregnancy weeks, frequencies or dates for durations', () => {
    expect(ex('5个月大的宝宝').durations).toEqual([]);
    expect(ex('怀孕12周').durations).toEqual([]);
    expect(ex('一天三次').durations).toEqual([]);
    expect(ex('3月5日体检').durations).toEqual([]);
  });

  it('counts days from a start date', () => {
    expect(ex('6月10号开始咳嗽').durationDays).toBe(5);
  });
});

describe('age', () => {
  it.each([
    ['3岁的孩子', 3, 36],
    ['5个月大', 0.42, 5],
    ['70多岁', 70, 840],
    ['三岁半', 3.5, 42],
    ['宝宝两个月', 0.17, 2],
    ['出生20天的宝宝', 0.05, 0],
    ['半岁宝宝', 0.5, 6],
    ['宝宝发烧38.5，7个月', 0.58, 7],
  ])('%s', (text, years, months) => {
    expect(ex(text).age).toMatchObject({ years, months });
  });

  it('does not read durations as ages', () => {
    expect(ex('孩子咳嗽7个月了').age).toBeNull();
    expect(ex('宝宝3天没拉大便').age).toBeNull();
  });
});

describe('pregnancy', () => {
  it.each([
    ['怀孕12周', true, 12],
    ['孕20周', true, 20],
    ['我怀孕了', true, null],
    ['孕妇能吃吗', true, null],
    ['怀孕5个月', true, 22],
    ['备孕中', false, null],
    ['没有怀孕', false, null],
    ['是不是怀孕了', false, null],
    ['吃了避孕药', false, null],
  ])('%s', (text, pregnant, week) => {
    expect(ex(text).pregnancy).toEqual({ pregnant, week });
  });
});

describe('who and sex', () => {
  it.each([
    ['孩子发烧', 'child'],
    ['宝宝拉肚子', 'child'],
    ['我儿子咳嗽', 'child'],
    ['我妈头晕', 'mother'],
    ['老妈血压高', 'mother'],
    ['我爸胸口疼', 'father'],
    ['老公胃疼', 'spouse'],
    ['老婆怀孕了', 'spouse'],
    ['外婆摔倒了', 'elder'],
    ['爷爷咳嗽', 'elder'],
    ['同事晕倒了', 'other'],
    ['我头疼', 'self'],
    ['头疼怎么办', null],
  ])('%s → %s', (text, who) => {
    expect(ex(text).who).toBe(who);
  });

  it('does not take the unborn baby for a child', () => {
    expect(ex('我怀孕了，感觉宝宝不怎么动').who).toBe('self');
    expect(ex('我是宝妈，我头疼').who).toBe('self');
  });

  it('infers sex', () => {
    expect(ex('我妈头晕').sexHint).toBe('F');
    expect(ex('我儿子咳嗽').sexHint).toBe('M');
    expect(ex('男，45岁，胸痛').sexHint).toBe('M');
    expect(ex('怀孕12周').sexHint).toBe('F');
    expect(ex('头疼').sexHint).toBeNull();
  });
});

describe('body parts, drugs and diseases', () => {
  it('lists body parts by standard name', () => {
    expect(ex('胸口疼，后背也疼，肚子不舒服').bodyParts).toEqual(['胸部', '背部', '腹部']);
    expect(ex('恶心').bodyParts).toEqual([]);
  });

  it('finds drugs and diseases through the lexicon', () => {
    const e = ex('我爸有高血压和糖尿病，在吃拜新同和二甲双胍');
    expect(e.diseases.map((d) => d.id)).toEqual(['hypertension', 'type-2-diabetes']);
    expect(e.drugs.map((d) => d.name)).toEqual(['硝苯地平', '二甲双胍']);
  });

  it('still reads symptoms named inside an acute disease word', () => {
    expect(positive('孩子热性惊厥')).toContain('convulsion');
    expect(positive('以前得过热性惊厥')).not.toContain('convulsion');
  });
});

describe('extended symptom vocabulary', () => {
  it.each([
    ['早上起来嘴里发苦，还反酸', ['bitter-taste', 'heartburn']],
    ['最近老是掉头发', ['hair-loss']],
    ['晚上睡觉打呼噜，白天犯困', ['snoring', 'daytime-sleepiness']],
    ['尿不干净，尿线变细', ['incomplete-voiding', 'weak-stream']],
    ['脚后跟有点疼', ['heel-pain']],
    ['眼睛干涩，眼前有黑影飘', ['dry-eye-sensation', 'floaters']],
    ['大便变细，还有里急后重', ['narrow-stool', 'tenesmus']],
    ['特别怕热，饭量变大', ['heat-intolerance', 'increased-appetite']],
    ['肚子咕噜咕噜响，老放屁', ['borborygmi', 'flatulence']],
    ['嗓子干，老清嗓子', ['throat-dryness', 'throat-clearing']],
    ['搬东西闪了腰', ['back-sprain']],
    ['宝宝红屁股', ['diaper-rash']],
    ['早上起来手指僵，要活动半天', ['morning-stiffness']],
    ['耳朵闷闷的，像塞了棉花', ['ear-fullness']],
    ['脸上长痘，有脓包', ['acne-lesions', 'pustules']],
  ])('%s', (text, ids) => {
    expect(positive(text)).toEqual(expect.arrayContaining(ids));
  });

  it('reads denials of the new symptoms', () => {
    expect(negated('不反酸，也不烧心')).toEqual(['heartburn', 'heartburn']);
    expect(negated('没有口苦')).toEqual(['bitter-taste']);
    expect(negated('不打呼噜')).toEqual(['snoring']);
    expect(negated('没有晨僵')).toEqual(['morning-stiffness']);
    expect(positive('我不怕热')).not.toContain('heat-intolerance');
  });

  it('keeps the broader symptom a specific one implies, for triage', () => {
    expect(positive('一活动就喘')).toEqual(expect.arrayContaining(['exertional-dyspnea', 'dyspnea']));
    expect(positive('右上腹疼得厉害')).toEqual(expect.arrayContaining(['ruq-pain', 'abdominal-pain']));
    expect(ex('右上腹疼得厉害').symptoms.find((s) => s.id === 'abdominal-pain')?.severe).toBe(true);
  });

  it('does not read a body word inside another as a new symptom', () => {
    expect(positive('用热水泡脚')).toEqual([]);
    expect(positive('身上起皮疹')).toEqual(['rash']);
    expect(positive('舌头疼')).toEqual(['tongue-pain']);
    expect(positive('骨头疼')).toEqual(['bone-pain']);
  });
});

describe('second pass: body site + sensation in one clause', () => {
  const mention = (text: string, id: string) => ex(text).symptoms.find((s) => s.id === id && !s.implied);

  it.each([
    ['后背像被人用刀劈开一样地疼', 'tearing-pain'],
    ['胸前这块像压着一块大石头', 'crushing-chest-pain'],
    ['脑壳里头突然炸了一下', 'thunderclap-headache'],
    ['心口那里像有人攥着', 'chest-tightness'],
    ['胃里一直不得劲', 'epigastric-pain'],
    ['两个肩胛骨之间发酸', 'back-pain'],
    ['小腹左边一抽一抽地痛', 'lower-abdominal-pain'],
    ['下身淌了好些血', 'vaginal-bleeding'],
  ])('%s → %s', (text, id) => {
    expect(positive(text)).toContain(id);
  });

  it('reads intensity anywhere in the clause, and quality as severe by nature', () => {
    expect(mention('肚脐周围突然一阵剧痛', 'abdominal-pain')?.severe).toBe(true);
    expect(mention('后背像被撕开了似的', 'tearing-pain')?.severe).toBe(true);
    expect(mention('小肚子疼得蹲在地上', 'lower-abdominal-pain')?.severe).toBe(true);
    expect(mention('下面流血止不住', 'vaginal-bleeding')?.severe).toBe(true);
    expect(mention('胃里有点不得劲', 'epigastric-pain')?.severe).toBe(false);
  });

  it('reads a superlative as severe, not as a denial', () => {
    const m = mention('脑袋突然很疼，活了六十年从来没有这么疼过', 'headache');
    expect(m?.negated).toBe(false);
    expect(ex('脑袋突然很疼，活了六十年从来没有这么疼过').symptoms.some((s) => s.id === 'headache' && s.severe && !s.negated)).toBe(true);
  });

  it('carries a sensation on to a clause that names no body part', () => {
    expect(positive('心口又开始闷，到现在还憋着')).toContain('chest-tightness');
    expect(ex('刚才肚子一阵阵发硬，疼得受不了').symptoms.some((s) => s.id === 'abdominal-pain' && s.severe && !s.negated)).toBe(true);
  });

  it('does not fire when the sensation is denied between site and sensation', () => {
    expect(positive('后背一点也不酸')).not.toContain('back-pain');
    expect(positive('胸前没那么闷了')).not.toContain('chest-tightness');
    expect(positive('脑袋倒是不怎么疼')).not.toContain('headache');
  });

  it('does not fire for a past resolved episode or a hypothetical', () => {
    expect(positive('去年后背像撕开一样疼过一回，后来治好了')).not.toContain('tearing-pain');
    expect(positive('要是心口像被人攥住，该怎么办')).not.toContain('chest-tightness');
  });

  it('does not give the sensation of a lesion or another place to the site', () => {
    expect(positive('胸前长了一片小疹子，碰一下疼')).not.toContain('chest-pain');
    expect(positive('后背起了个大包，有点痛')).not.toContain('back-pain');
    expect(positive('梳头的时候胳膊疼')).not.toContain('headache');
    expect(positive('胸口不闷，就是右边肋骨那里按着疼')).not.toContain('chest-pain');
    expect(positive('头一回来例假肚子不疼')).not.toContain('headache');
  });

  it('takes pain that hurts on pressing as the chest wall', () => {
    expect(positive('左胸口一按就疼')).toContain('chest-wall-tenderness');
  });
});

describe('second pass: phrasings with a variable middle', () => {
  it.each([
    ['早饭时勺子老往下掉', 'limb-weakness'],
    ['端不稳碗了', 'limb-weakness'],
    ['下午起来走路老往右边歪', 'ataxia'],
    ['问他话答得含含糊糊', 'speech-difficulty'],
    ['吐出来一大口咖啡渣样的东西', 'hematemesis'],
    ['脸色一下子惨白', 'pallor'],
    ['哭了半天也不见眼泪', 'dehydration'],
    ['纸尿裤一晚上都是干的', 'oliguria'],
    ['喊了好几声都不醒', 'lethargy'],
    ['喂的奶也不肯吸', 'unable-to-feed'],
    ['哭声细细的', 'listlessness'],
    ['月经这个月推迟了快半个月', 'missed-period'],
    ['抽了差不多八分钟', 'convulsion'],
    ['手腕上有几道新割的口子', 'self-harm'],
    ['把爷爷的安眠药偷偷吞了几片', 'poisoning'],
  ])('%s → %s', (text, id) => {
    expect(positive(text)).toContain(id);
  });

  it('keeps negation and leaves look-alike phrasings alone', () => {
    expect(positive('没有吐咖啡色的东西')).not.toContain('hematemesis');
    expect(positive('刷牙吐出来的水带血块')).not.toContain('hematemesis');
    expect(positive('手抖得筷子老往下掉')).not.toContain('limb-weakness');
    expect(positive('手机老是掉')).not.toContain('limb-weakness');
    expect(positive('他说话含含糊糊的那是以前的事了，现在好了')).not.toContain('speech-difficulty');
    expect(positive('抽了两根烟')).not.toContain('convulsion');
    expect(positive('月经刚完，小肚子有点胀')).not.toContain('missed-period');
  });

  it('reads a denial after the word (喘气什么的都正常)', () => {
    expect(positive('脸上起了几个包，喘气都挺正常')).not.toContain('dyspnea');
    expect(positive('呼吸还好，就是咳')).not.toContain('dyspnea');
  });
});

describe('past clauses set against the present', () => {
  it('treats a past episode as history when a later clause contrasts the present', () => {
    expect(positive('三岁那年抽过一次风，现在八岁了，这次发烧38度')).not.toContain('convulsion');
    expect(positive('前几年有过轻生的想法，现在工作顺利心情不错')).not.toContain('suicidal-ideation');
  });

  it('keeps it current when the present says it is back', () => {
    expect(positive('前几年有过轻生的想法，现在又开始想死')).toContain('suicidal-ideation');
    expect(positive('以前抽过风，现在又抽了十分钟')).toContain('convulsion');
  });
});
