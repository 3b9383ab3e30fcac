import { describe, it, expect } from 'vitest';
import { m, kid, tri, rules } from './triage-test-kit.ts';
import { extract } from './extract.ts';

/**
 * Session 13 mechanisms that are not one phrasing: a complaint asked about as a possibility
 * (会不会中毒) is not one the person has; a child and an adult's medicine in one sentence with an
 * ingestion is an accidental poisoning whatever the amount; hours without urine with a distended,
 * aching lower belly is acute retention; the time since a treatment (化疗结束半年) is not how long a
 * complaint has lasted.
 */

describe('a complaint asked about as a possibility is not present', () => {
  it.each([
    ['卫生棉条放久了会不会中毒', 'poisoning'],
    ['打完疫苗会不会发烧', 'fever'],
    ['孩子烧到39度 担心会抽筋', 'convulsion'],
    ['吃了一片过期的维生素C 会不会中毒', 'poisoning'],
  ])('%s: %s is not current', (q, id) => {
    const s = extract(q).symptoms.filter((x) => x.id === id);
    expect(s.length).toBeGreaterThan(0);
    expect(s.every((x) => x.negated)).toBe(true);
  });
  it('the complaint said as a fact stays (吃了就中毒了)', () => {
    expect(extract('他喝了农药中毒了').symptoms.some((x) => x.id === 'poisoning' && !x.negated)).toBe(true);
  });
  it('a bare possibility question about a tampon is not an emergency', () => {
    expect(tri('卫生棉条放久了会不会中毒', m(25, 'F')).level).not.toBe('emergency');
  });
});

describe('a child who took an adult\'s medicine', () => {
  it.each([
    ['孩子吃了奶奶的降压药 会不会中毒', kid(3)],
    ['两岁娃把大人的安眠药翻出来嚼了两片 现在挺精神', kid(2)],
    ['三岁孩子把奶奶的硝苯地平吃了 现在挺好', kid(3)],
    ['刚才发现闺女在玩她姥爷平时吃的格列齐特 药板上空了一格 也不知道是不是吃了', kid(4)],
    ['宝宝吃了我的二甲双胍 一片', kid(2)],
  ])('%s → emergency', (q, who) => {
    expect(tri(q, who).level).toBe('emergency');
  });
  it.each([
    ['宝宝三岁 咳嗽 能不能吃奶奶的止咳药', kid(3)],
    ['给孩子吃了半片大人的退烧药 会不会有事', kid(5)],
  ])('%s is a dose question, not an ingestion', (q, who) => {
    expect(tri(q, who).level).not.toBe('emergency');
  });
});

describe('hours without urine and a distended belly', () => {
  it('我爸前列腺增生 一上午没尿 小肚子胀得难受 → acute retention, emergency', () => {
    expect(rules('我爸前列腺增生 一上午没尿 小肚子胀得难受', m(70, 'M'))).toContain('no-urine-bladder-distension');
  });
  it('no urine without a distended belly is not this rule', () => {
    expect(rules('今天一上午没尿 口渴', m(30, 'M'))).not.toContain('no-urine-bladder-distension');
  });
});

describe('the time since a treatment is not the complaint\'s duration', () => {
  it.each(['化疗结束半年了 这两天发烧', '做完手术三个月了 这两天发烧', '术后两年 这两天发烧'])('%s lasts two days', (q) => {
    expect(extract(q).durationDays).toBe(2);
  });
  it('发烧三天了 still lasts three days', () => {
    expect(extract('发烧三天了').durationDays).toBe(3);
  });
});

describe('readings and signs said without the usual words', () => {
  it.each([
    ['量了腋下38.3', 38.3],
    ['一量38.9', 38.9],
    ['额温枪测了37.9', 37.9],
  ])('%s is a temperature', (q, v) => {
    expect(extract(q).temperature).toBe(v);
  });
  it('a blood sugar or weight reading is not a temperature', () => {
    expect(extract('血糖量了一下 12.3').temperature).toBeNull();
    expect(extract('测了体重 65.5').temperature).toBeNull();
  });
  it.each(['今天摸着有点烫', '宝宝脑门有点烫', '额头烫手'])('%s is an unmeasured fever', (q) => {
    expect(extract(q).symptoms.some((s) => s.id === 'fever' && !s.negated)).toBe(true);
  });
  it.each(['手被开水烫了 摸着烫', '海边玩了一天 后背晒得通红 摸着发烫'])('%s is not a fever', (q) => {
    expect(extract(q).symptoms.some((s) => s.id === 'fever')).toBe(false);
  });
  it('a neonate warm to the touch with a bare axillary reading, feeding less and listless → emergency', () => {
    expect(tri('闺女出生18天 今天摸着有点烫 量了腋下38.3 吃奶比平时少 有点蔫 老人说捂捂汗就好', { age: 0.05, sex: 'F', pregnant: false }).level).toBe('emergency');
  });
  it('a barking cough with a noise on breathing in and the chest drawn in → emergency', () => {
    expect(tri('娃3岁 半夜突然咳嗽像小狗叫 吸气的时候喉咙里有响声 锁骨上面和肋骨中间都往里凹 烦躁得很', kid(3)).level).toBe('emergency');
  });
  it('phlegm rattling on breathing in is not stridor', () => {
    expect(extract('宝宝喉咙里有痰 吸气的时候呼噜呼噜响').symptoms.some((s) => s.id === 'stridor')).toBe(false);
  });
});

describe('signs the extraction used to drop', () => {
  it.each([
    ['右腿后面有点麻', 'numbness'],
    ['两条腿都麻', 'numbness'],
    ['胳膊有点木', 'arm-numbness'],
    ['刚才左边胳膊腿一下子麻了', 'hemi-numbness'],
    ['孩子2个半月 发烧39度 前囟门有点鼓', 'bulging-fontanelle'],
    ['吃了块花生糖 嘴肿得老高', 'angioedema'],
    ['皮肤一片片的红', 'rash'],
    ['今天突然咳血止不住 一会儿工夫一纸杯了', 'massive-hemoptysis'],
  ])('%s → %s', (q, id) => {
    expect(extract(q).symptoms.some((s) => s.id === id && !s.negated)).toBe(true);
  });
  it.each([
    ['大腿根部不麻', 'numbness'],
    ['牙疼得嘴都肿了', 'angioedema'],
    ['蚊子咬了眼皮 肿起来了', 'angioedema'],
    ['囟门有点凹', 'bulging-fontanelle'],
    ['痰里带血丝 咳了一纸杯痰', 'massive-hemoptysis'],
  ])('%s does not give %s', (q, id) => {
    expect(extract(q).symptoms.some((s) => s.id === id && !s.negated)).toBe(false);
  });
  it('fetal movements hardly felt, or a handful over a day, in a pregnancy', () => {
    const p = { age: 30, sex: 'F' as const, pregnant: true, pregnancyWeek: 37 };
    expect(tri('怀孕37周 平时孩子动得挺欢 从昨天晚上到现在基本没感觉到动', p).level).toBe('emergency');
    expect(extract('孕39周 今天一整天就感觉孩子动了两三下').symptoms.some((s) => s.id === 'decreased-fetal-movement')).toBe(true);
  });
  it('a head injury whose headache worsens is not compartment syndrome', () => {
    expect(rules('下午头被撞了一下 晚上头痛越来越厉害 还吐了', m(30, 'M'))).not.toContain('compartment-syndrome');
  });
  it('a limb in a cast whose pain worsens still is', () => {
    expect(rules('小腿骨折打了石膏 今晚疼得越来越厉害 吃了止疼药一点用没有 脚趾头发麻发白', m(30, 'M'))).toContain('compartment-syndrome');
  });
});

describe('holdout28 first-run misses, by mechanism', () => {
  it('suicide preparations without suicidal words: valuables handed over, a will-like note, a rope found → emergency', () => {
    expect(tri('我爸自从我妈走了就不爱说话 这几天把存折都交给我 还写了张像遗嘱的条子 今天我在他床底下发现一根绳子 他说没事 是我想多了吗', m(70, 'M')).level).toBe('emergency');
    expect(tri('妈妈最近把首饰都留给我了 我还在她抽屉里翻出一瓶安眠药', m(60, 'F')).level).toBe('emergency');
  });
  it.each([
    ['奶奶把存折交给我了 让我帮她取钱', m(80, 'F')],
    ['在床底下发现一根绳子', m(30, 'M')],
    ['我爸最近写了张像遗嘱的条子', m(70, 'M')],
  ])('one warning sign alone is not an emergency: %s', (q, who) => {
    expect(tri(q, who).level).not.toBe('emergency');
  });
  it('spitting yellow phlegm is not vomiting, and a fever reading after 烧到 is not a burn', () => {
    const ex = extract('咳嗽发烧第四天了 吐黄痰 昨天开始一咳嗽右边胸口就疼 烧到38.8');
    expect(ex.symptoms.some((s) => s.id === 'vomiting')).toBe(false);
    expect(ex.symptoms.some((s) => s.id === 'burn')).toBe(false);
    expect(extract('胳膊被烧到了').symptoms.some((s) => s.id === 'burn')).toBe(true);
  });
  it('pneumonia with pleuritic pain, a fever that comes down and breathing that is fine is not an emergency', () => {
    expect(tri('咳嗽发烧第四天了 吐黄痰 昨天开始一咳嗽右边胸口就疼 烧到38.8 吃退烧药能退下来 喘气还行', m(40, 'M')).level).toBe('urgent');
  });
});

describe('probe11 leftovers, by mechanism', () => {
  it('a bare degree clause (疼得嗷嗷叫) makes the pain before it severe: an elder with severe belly pain and vomiting → emergency', () => {
    expect(tri('我爸一吃饭就肚子绞着疼 今天从早上疼到现在不停 吐了 疼得嗷嗷叫', m(70, 'M')).level).toBe('emergency');
    expect(extract('肚子疼 疼得直叫唤').symptoms.some((s) => s.id === 'abdominal-pain' && s.severe)).toBe(true);
  });
  it.each([
    '昨晚喝酒吃火锅 半夜开始胃上面疼 疼到后背 弯着腰才好受点 吐了好几次吐完也不减轻',
    '肚子上面疼得像有人拿刀往后背捅 只能抱着膝盖蜷着 黄水都吐出来了',
  ])('upper belly pain through to the back with repeated vomiting → emergency (pancreatitis picture): %s', (q) => {
    expect(rules(q, m(45, 'M'))).toContain('pancreatitis-picture-severe');
  });
  it('upper belly pain to the back with one vomit → urgent', () => {
    expect(tri('胃疼 疼到后背 吐了一次', m(40, 'M')).level).toBe('urgent');
  });
  it('pain to the right shoulder with fever is the gallbladder rule, not this one', () => {
    expect(rules('晚上吃了顿火锅回来右上腹一直疼 疼到右边肩膀 烧到38度 吐了一次', m(50, 'F'))).not.toContain('pancreatitis-picture');
  });
  it('epigastric ache with mild nausea and a sore back is not a pancreatitis picture', () => {
    expect(rules('胃疼 有点恶心 后背也跟着疼', m(30, 'M'))).not.toContain('pancreatitis-picture');
  });
});

describe('holdout30 first-run misses and over-triage, by mechanism', () => {
  it('an itchy rash with dizziness and a racing heart after an IV cephalosporin → emergency (skin plus circulation)', () => {
    expect(rules('刚在诊所打完头孢吊瓶往家走 没走多远就头晕眼花 浑身痒起红疙瘩 心慌得厉害 是不是正常反应 歇歇就好吧', m(35, 'F'))).toContain('anaphylaxis-skin-circulation');
  });
  it('itchy welts after shrimp without circulation signs stay off emergency', () => {
    expect(tri('吃了虾 身上有点痒 起了几个红疙瘩', m(30, 'M')).level).not.toBe('emergency');
  });
  it('a toddler choking who cannot cry or cough, face blue → emergency', () => {
    expect(rules('两岁娃吃葡萄突然卡住了 脸憋得发紫 哭不出声也咳不出来 咋办啊', kid(2))).toContain('foreign-body-airway');
  });
  it('fever a week after chemotherapy (上周刚做完化疗) → neutropenic fever', () => {
    expect(rules('我老公上周刚做完化疗 今晚突然发烧38.7 有点打寒战', m(50, 'M'))).toContain('neutropenic-fever');
  });
  it("Bell's palsy with the forehead involved, asking whether it is a stroke, stays urgent", () => {
    expect(tri('早上起来发现左边脸动不了 眼睛闭不严 漱口往外漏水 抬眉毛也抬不起来 胳膊腿都好好的 说话也清楚 是中风了吗', m(40, 'M')).level).toBe('urgent');
    expect(tri('我爸嘴歪了 是中风了吗', m(70, 'M')).level).toBe('emergency');
  });
  it('floaters and flashes with the field said not blocked (还没挡住) are a same-day tear check, not a detachment', () => {
    expect(tri('这两天右眼前突然多了好多黑点点 像蚊子在飞 时不时还有闪光 视野边上还没挡住 我高度近视', m(35, 'F')).level).toBe('urgent');
    expect(tri('眼前像有块黑幕挡住了 左眼看不全', m(60, 'M')).level).toBe('emergency');
  });
  it('a cough that makes a groin lump show is not a complaint; the lump is a hernia', () => {
    const ex = extract('右边大腿根鼓出来一个包 站着或者咳嗽时明显 躺下就没了 不疼');
    expect(ex.symptoms.some((s) => s.id === 'cough')).toBe(false);
    expect(ex.symptoms.some((s) => s.id === 'groin-lump')).toBe(true);
  });
});

describe('an ingrown nail is not self-care', () => {
  it('脚趾甲嵌进肉里 红肿有点疼 → routine', () => {
    expect(tri('脚趾甲嵌进肉里 红肿有点疼 没发烧', m(35, 'M')).level).toBe('routine');
  });
  it('a hangnail that is a little red and not festering stays self-care', () => {
    expect(tri('手指甲边上长了倒刺 撕了以后有点红肿 有点疼 没化脓', m(33, 'F')).level).toBe('selfcare');
  });
});

describe('a fish bone that pricked a leg is not one in the throat', () => {
  it('腿上被鱼刺扎了个小口 … does not fire the airway foreign-body rule', () => {
    expect(rules('腿上被鱼刺扎了个小口 一天功夫整条小腿红肿发紫 疼得要命 起了黑水泡 发高烧', m(50, 'M'))).not.toContain('foreign-body-airway');
  });
  it('鱼刺卡在嗓子里 still is a fish bone in the throat', () => {
    expect(extract('鱼刺卡在嗓子里了').symptoms.some((s) => s.id === 'fishbone')).toBe(true);
  });
});
