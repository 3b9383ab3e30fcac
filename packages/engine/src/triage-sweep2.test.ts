import { describe, it, expect } from 'vitest';
import { type TriageMember } from './triage.ts';
import { m, kid, level, rules } from './triage-test-kit.ts';

/**
 * Sweep2 / holdout16 round: emergencies composed from families of signs the blind sweep found
 * missing — a gripping chest pain that radiates and does not settle, mesenteric ischaemia (pain out
 * of proportion, anticoagulant stopped), a silent chest, angioedema reaching the airway, a swallowed
 * button battery, paracetamol in grams, rat poison with bleeding, severe hypothermia (also with
 * dementia), hip fracture (shortening with external rotation), compartment syndrome, priapism, a home
 * birth with haemorrhage, reduced fetal movements at term, jaundice in the first day, a sausage-shaped
 * mass, angle closure after dilating drops, a penetrating eye injury, postpartum psychosis, SJS/TEN
 * with peeling skin, Fournier gangrene, hypovolaemia with syncope, missed dialysis with an irregular
 * beat, complete urinary retention, retinal detachment. Every phrasing here is new (none is in an
 * eval set); the look-alikes below must stay below emergency.
 */


type Row = readonly [text: string, member?: TriageMember];

const EMERGENCIES: Record<string, readonly [rule: string, rows: readonly Row[]]> = {
  'gripping chest pain radiating, not settling with rest': ['acs-grip-or-radiation', [
    ['胸口像被人揪住了一样 疼得往左胳膊上窜 坐着歇了半天也不见好'],
    ['心口跟压了块大石头似的 连着下巴都疼 出了一身汗'],
  ]],
  'pain out of proportion to the belly exam': ['mesenteric-ischemia-disproportion', [
    ['我妈突然肚子疼得要死 可大夫按她肚子她倒说不怎么疼', m(78, 'F')],
  ]],
  'severe belly pain after stopping an anticoagulant': ['mesenteric-ischemia-anticoag-stopped', [
    ['老头嫌麻烦把利伐沙班停了 这会儿肚子疼得受不了', m(80)],
  ]],
  'silent chest': ['silent-chest', [
    ['哮喘犯了 一开始喘得呼呼响 后来喘气声音反倒听不见了 人也没劲说话'],
  ]],
  'breathless and confused': ['dyspnea-altered', [
    ['老慢支 这两天喘得厉害 今天人有点迷糊 问话也答不上', m(76)],
    ['慢阻肺 喘得说不上话 叫他半天才应', m(72)],
  ]],
  'angioedema reaching the airway': ['angioedema-airway', [
    ['吃着贝那普利 今早起来舌头肿了 话都说不清', m(66)],
    ['嘴唇突然肿起来 口水都咽不下去了', m(50, 'F')],
  ]],
  'swallowed button battery': ['button-battery-swallowed', [
    ['宝宝把计算器里的小圆电池咽下去了 现在还挺精神', kid(2)],
    ['闺女说她吞了一个手表电池', kid(4)],
  ]],
  'paracetamol in grams': ['paracetamol-overdose-grams', [
    ['今天头疼 扑热息痛吃了差不多8克 现在有点恶心', m(30, 'F')],
  ]],
  'rat poison with bleeding': ['rodenticide-bleeding', [
    ['孩子前几天可能碰过老鼠药 今天刷完牙以后鼻子一直流血 腿上好几块青', kid(5)],
  ]],
  'severe hypothermia, also in dementia': ['hypothermia-severe-signs', [
    ['我奶奶有痴呆 半夜跑出去了 早上在雪地里找到 体温表都量不出来', m(84, 'F')],
    ['喝醉了在外面躺了一夜 冻得浑身僵硬 叫他反应特别慢', m(45)],
    ['爷爷在河边冻了半天 刚才还直哆嗦 现在抖都不抖了', m(79)],
  ]],
  'hip fracture: shortening with external rotation': ['hip-fracture-short-rotated', [
    ['外婆在厨房一屁股坐地上了 左腿看着短了一截 脚尖朝外歪着', m(86, 'F')],
  ]],
  'hip fracture: fall, hip pain, leg will not move, foot turned out': ['hip-fracture-fall-rotation-pain', [
    ['老爷子下床的时候摔了 大腿根疼 腿动不了 脚往外翻', m(81)],
  ]],
  'compartment syndrome after an injury': ['compartment-syndrome', [
    ['小腿被车门夹了 今天肿得发亮 脚趾头都麻了 动一下脚趾就疼得钻心', m(35)],
  ]],
  'priapism': ['priapism', [
    ['吃了伟哥 硬了六个小时了 一直软不下来', m(55)],
  ]],
  'home birth with haemorrhage': ['postpartum-recent-bleeding', [
    ['媳妇在家里生的 胎盘出来以后血一直往外流 脸白得吓人', m(28, 'F')],
  ]],
  'reduced fetal movements at term': ['fetal-movement-term-reduced', [
    ['怀孕38周了 今天一上午只觉得宝宝动了一两下', { age: 30, sex: 'F', pregnant: true }],
  ]],
  'jaundice in the first day of life': ['neonatal-jaundice-first-day', [
    ['宝宝生下来十几个小时 脸上身上已经发黄了', kid(0)],
  ]],
  'sausage-shaped mass in a child': ['intussusception-mass', [
    ['孩子一岁半 一会儿哭一会儿不哭 肚子上摸到一个香肠似的包', kid(1.5)],
  ]],
  'angle closure after dilating drops': ['acute-glaucoma-hard-eye', [
    ['配眼镜的时候点了散瞳的药 晚上眼睛胀痛 头也疼 恶心', m(64, 'F')],
    ['我妈眼珠子摸着硬邦邦的 头疼得吐了', m(70, 'F')],
  ]],
  'penetrating eye injury': ['eye-penetrating', [
    ['干活的时候铁丝扎进眼睛里了', m(40)],
    ['弟弟拿铅笔戳到我眼睛了 一直在流血', kid(9)],
  ]],
  'postpartum psychosis': ['postpartum-psychosis', [
    ['老婆生完孩子十天 老说宝宝被人调包了 整晚不睡', m(30, 'F')],
  ]],
  'command hallucinations to harm': ['command-hallucination-harm', [
    ['她说听见有人叫她把孩子从楼上扔下去'],
  ]],
  'SJS/TEN: peeling skin with an eroded mouth': ['sjs-peeling-mucosa', [
    ['吃了卡马西平两周 身上起大泡 皮一片片往下掉 嘴里都烂了', m(40)],
  ]],
  'Fournier gangrene': ['fournier-gangrene', [
    ['糖尿病 会阴那里红肿几天了 现在有一块发黑 发烧39度', m(62)],
  ]],
  'hypovolaemia with syncope': ['hypovolemia-syncope', [
    ['吃着速尿 这两天拉肚子 尿很少 今天上厕所站起来就晕倒了', m(79, 'F')],
  ]],
  'dialysis: missed session with weakness and an irregular beat': ['hyperkalemia-dialysis-irregular', [
    ['我妈血透的 上礼拜少透了一次 今天手脚没劲 心跳一会儿快一会儿慢', m(68, 'F')],
  ]],
  'complete urinary retention': ['urinary-retention-complete', [
    ['老爸从昨晚到现在一滴尿都排不出来 小肚子胀得像个球', m(74)],
    ['外公十几个小时尿不出来了 憋得坐立不安', m(80)],
  ]],
  'retinal detachment (now same-day emergency)': ['retinal-detachment', [
    ['左眼这两天一直闪光 还有好多小黑影飘 今天下面像挡了块帘子', m(50)],
  ]],
};

const LOOK_ALIKES: readonly Row[] = [
  // a chest-wall ache that radiates but settles, no gripping quality
  ['胸口有点闷 深呼吸的时候好点 歇一会就好了', m(30)],
  // an ordinary belly ache that is tender where it hurts
  ['吃坏了肚子 一阵一阵疼 拉了两次', m(28)],
  // stopping an anticoagulant without pain
  ['医生让我手术前把华法林停了 要停几天', m(66)],
  // a wheeze without loss of sound or of consciousness; a cold with a foggy head
  ['感冒了 鼻塞 喘气不顺 头有点迷糊', m(35)],
  ['孩子睡午觉 叫他半天才醒 有起床气', kid(6)],
  ['哮喘 这两天晚上有点喘 喷了药就好', m(30)],
  // a swollen lip with no trigger, speech and swallowing normal
  ['早上起来上嘴唇有点肿 说话吞咽都正常', m(25, 'F')],
  // a battery mentioned but not swallowed
  ['孩子把遥控器的电池抠出来玩 没吃进去', kid(3)],
  // a normal paracetamol dose; cold granules weighed in grams
  ['感冒灵颗粒一袋10克 吃了一袋 还是头疼', m(30)],
  ['对乙酰氨基酚每次0.65克 一天能吃几次', m(30)],
  ['对乙酰氨基酚一次吃0.5克 一天最多吃几次', m(30)],
  // rat poison put out, nobody bleeding
  ['家里放了老鼠药 怎么防止孩子碰到', m(35)],
  // cold hands, no exposure, no change in mind
  ['冬天手脚冰凉 穿多少都不暖和', m(25, 'F')],
  // a leg that only looks turned out, no fall and no pain
  ['我走路有点外八字 脚尖往外撇 是不是要矫正', m(20)],
  // a bruise after a knock, fingers fine
  ['胳膊撞了一下 青了一块 手指活动正常', m(30)],
  // reduced fetal movements before term stay urgent
  ['怀孕32周 今天感觉宝宝动得比平时少一点', { age: 29, sex: 'F', pregnant: true }],
  // jaundice on day four, feeding well
  ['宝宝出生第4天 脸有点黄 吃奶挺好', kid(0)],
  // dilating drops with mild blur only
  ['刚做完散瞳检查 看东西有点模糊 怕光', m(40)],
  // dust in the eye; acupuncture near the eye
  ['做针灸的时候医生在眼睛周围扎了几针 有点酸', m(50)],
  ['风一吹眼睛里进了沙子 揉了揉有点红', m(30)],
  // postpartum low mood without psychosis
  ['生完孩子一个月 老想哭 心情不好', m(29, 'F')],
  // sunburn peeling, no mouth lesions
  ['晒伤以后背上的皮一片片往下掉 有点痒', m(24)],
  // scrotal itch
  ['阴囊潮湿有点痒 没有红肿', m(30)],
  // light-headed on a diuretic without vomiting or fainting
  ['吃利尿药以后尿多了 有点口干', m(70)],
  // dialysis on schedule, tired
  ['我爸透析的 按时透的 最近有点乏', m(70)],
  // slow or incomplete voiding
  ['最近总是尿不尽 尿得慢 夜里起来两三次', m(68)],
  // floaters for years, unchanged
  ['眼前有小黑点飘 好多年了 没有闪光 也没变多', m(35)],
  // a diagnosed lacunar infarct asked about is not a new stroke
  ['体检CT说我有腔隙性脑梗死 这个严重吗', m(60)],
  // pneumonia-like cough with pleuritic pain, breathing fine: urgent
  ['发烧咳嗽四天 咳嗽时右边胸口扯着疼 喘气还好', m(40)],
  // Bell's palsy: forehead involved, limbs and speech fine
  ['左边脸麻 眼睛闭不严 额头皱不起来 手脚都有劲 说话清楚', m(45)],
  // black stool on iron tablets, no symptoms
  ['孕期在补铁 大便是黑的 没有不舒服', m(30, 'F')],
];

describe('sweep2 / holdout16 emergency families', () => {
  for (const [family, [rule, rows]] of Object.entries(EMERGENCIES)) {
    it(`${family} is an emergency (${rule})`, () => {
      for (const [text, member] of rows) {
        expect(level(text, member), text).toBe('emergency');
        expect(rules(text, member), text).toContain(rule);
      }
    });
  }
  it('look-alikes stay below emergency', () => {
    for (const [text, member] of LOOK_ALIKES) expect(level(text, member), text).not.toBe('emergency');
  });
  it('dementia does not block a cold-exposure emergency', () => {
    expect(level('老太太老年痴呆 昨晚走丢了 今天在外头找到 身上冰凉 哆嗦都不打了', m(88, 'F'))).toBe('emergency');
    // …but forgetfulness alone, with no acute change, stays below emergency
    expect(level('老太太老年痴呆 最近老忘事 找不到回家的路', m(88, 'F'))).not.toBe('emergency');
  });
  it('a pleuritic pain with fever and breathing said to be fine is pneumonia (urgent), not a cardiac emergency', () => {
    const text = '咳黄痰发烧三天 咳嗽时胸口疼 喘气还行';
    expect(level(text, m(50))).toBe('urgent');
    expect(rules(text, m(50))).toContain('pneumonia-suspected');
  });
});
