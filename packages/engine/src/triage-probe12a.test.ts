import { describe, it, expect } from 'vitest';
import { m, kid, tri, rules } from './triage-test-kit.ts';

/**
 * Probe12a round: 75 long-tail phone-style emergencies and 25 look-alikes written blind; these are the 18
 * emergencies and 1 look-alike the engine got wrong on its first run, and new wordings of each mechanism.
 * Mechanisms added (all in data/red-flags.json, with cue-gated conditions in data/conditions.json):
 * - a confined space (下水道, 化粪池, 窨井, 地窖, 沼气池, 储罐 …) or a rotten-egg smell with someone collapsed
 *   (`confined-space-collapse`: H2S or asphyxia; the action says not to go in after them);
 * - an infant under one given honey with a weak suck, weak cry, ptosis or a floppy neck (`infant-botulism-honey`;
 *   吸不动 is poor feeding);
 * - shellfish (青口, 花甲, 扇贝 …) with numb lips or tongue and numb limbs, weakness, slurred speech or breathlessness
 *   (`shellfish-neurotoxin`);
 * - a toxic herb (草乌, 附子, 断肠草, 曼陀罗, 马钱子 …) or a self-picked herb with numbness, palpitations, blurred
 *   vision, breathlessness or convulsions (`toxic-herb-poisoning`);
 * - any skin contact with hydrofluoric acid (`hydrofluoric-acid-burn`, pain delayed by hours);
 * - an animal bite with hydrophobia or aerophobia (`rabies-hydrophobia`);
 * - fainting, collapse, convulsion or gasping in sleep that is hard to wake from, with a relative who died suddenly
 *   or in their sleep (`syncope-family-sudden-death`: long QT, Brugada);
 * - a PD-1/PD-L1 inhibitor with two of bulbar/ocular weakness, chest symptoms, myalgia or weakness, breathlessness
 *   (`ici-myocarditis-myositis`);
 * - known myasthenia or thymoma with two of breathing, swallowing (water through the nose), weak cough, weak voice,
 *   ptosis or a weak neck (`myasthenic-crisis`); ptosis with bulbar signs and shallow or laboured breathing in anyone
 *   (`ptosis-bulbar-respiratory`);
 * - face and neck swelling with a cancer history or chest-wall veins, and breathlessness, hoarseness or stridor
 *   (`svc-syndrome-airway`, `svc-syndrome-veins-airway`; urgent without the airway sign);
 * - fever with a neck the child will not turn or a head held back, and drooling or noisy breathing
 *   (`deep-neck-infection`);
 * - purple, black or blood blisters on a swollen red limb with fever or dizziness (`hemorrhagic-bullae-infection`);
 *   liver disease with a seafood or seawater wound, swelling and fever (`vibrio-liver-marine-wound`);
 * - hand-foot-mouth disease with two of drowsiness, startles or jerks, vomiting, fast breathing, unsteadiness
 *   (`hfmd-severe-signs`; one of them is urgent);
 * - headache with a focal deficit when it worsens, is positional (躺下更厉害) or comes with the pill or after a birth
 *   (`headache-focal-deficit-risk`: venous sinus thrombosis or a mass; 找不到词 is speech difficulty);
 * - epidural abscess: 小便解不太出来 is retention and 腿发软走不了路 legs that give way.
 * - foodborne botulism: home-fermented or preserved food (自制臭豆腐, 豆酱, 胀袋) with double vision, ptosis or
 *   swallowing or speech trouble (`botulism-foodborne`); new ptosis or double vision with swallowing trouble within
 *   a week in anyone (`cranial-bulbar-acute`); 咳痰没力气 is a weak cough;
 * - the known condition from the member's profile (history groups `myasthenia`, `immune-checkpoint`, `liver-disease`),
 *   and one new sign on a checkpoint inhibitor is urgent (`ici-irae-suspected`).
 * Look-alike: metoclopramide or an antipsychotic with a twisted neck, protruding tongue or eyes rolled up is acute
 * dystonia (`acute-dystonia-drug`, urgent), and no longer fires the stroke or seizure rules.
 */

describe('probe12a: emergencies written before the round', () => {
  it.each([
    ['工地下水道检查井，一个工友下去清淤突然就倒了，井口闻着一股臭鸡蛋味，另一个下去救他的也倒在里面了，我在井口，怎么办', m(40, 'M')],
    ['宝宝5个月，奶奶给喂过几次蜂蜜水，这几天便秘，今天吃奶吸不动，哭声特别小，脖子软软的，眼皮也耷拉着，是不是困了', m(0, 'F')],
    ['晚上在海边大排档吃了一盘青口，一个多小时后嘴唇舌头发麻，现在手指头也麻，人飘飘的，腿有点使不上劲，说话不太利索，我是不是过敏了，吃个氯雷他定行吗', m(35, 'F')],
    ['我舅在山上采了草药煮水喝治风湿，有人说里面可能有断肠草。喝完没多久他说眼睛看不清、头晕、嘴里发麻，现在喘气越来越费劲，手脚没劲', m(58, 'M')],
    ['我在厂里洗玻璃，手套破了手指沾到氢氟酸，当时没啥感觉就用水冲了，现在过了几个小时手指疼得钻心，指甲下面发白，能明天再去看吗', m(29, 'M')],
    ['我爸两个月前被村里野狗咬了小腿，没打疫苗。这两天说伤口那块又麻又痒，今天喝水的时候喉咙一抽一抽的不敢喝，风一吹就哆嗦，特别烦躁', m(56, 'M')],
    ['女儿15岁，这半年晕过两次，一次是早上闹钟一响吓了一跳就倒了，今天游泳的时候又晕了被人捞上来，现在醒了好好的。她姨妈年轻时是睡梦中走的。用去医院吗', m(15, 'F')],
    ['我老公晚上睡觉突然发出像打呼又像倒不上气的怪声，我叫了半天他才醒，他说没事。他哥哥三十几岁在睡梦中去世的。他这两天还发烧39度，能等明天吗', m(38, 'M')],
    ['我肺癌在打PD-1（帕博利珠单抗），打了两次。这周眼皮耷拉，胸闷，浑身肌肉酸疼，今天走路喘得厉害，是不是化疗的副作用，熬熬就过去了', m(63, 'M', { diseases: [{ name: '肺癌' }], medicines: [{ name: '帕博利珠单抗' }] })],
    ['女儿19岁吃短效避孕药调月经，这一周一直头疼，躺下更厉害，今天左腿有点没劲，说话有时候找不到词', m(19, 'F', { medicines: [{ name: '炔雌醇环丙孕酮' }] })],
    ['我有重症肌无力，这两天感冒，今天说话越来越没声，喝水从鼻子呛出来，痰咳不出，躺着喘不上气要坐着', m(41, 'F', { diseases: [{ name: '重症肌无力' }], medicines: [{ name: '溴吡斯的明' }] })],
    ['我爸有胸腺瘤，前几天肺部感染医院开了左氧氟沙星，吃了以后眼皮耷拉，今天抬头都费劲，说话鼻音重，饭咽不下去，喘气也浅', m(65, 'M', { diseases: [{ name: '胸腺瘤' }], medicines: [{ name: '左氧氟沙星' }] })],
    ['我爸肺癌，这几天脸和脖子越来越肿，早上起来眼睛都睁不开，胸前好多青筋，一弯腰就憋得慌，今天声音也哑了喘气费劲', m(66, 'M', { diseases: [{ name: '肺癌' }] })],
    ['我有糖尿病，半个月前背上长了个疖子挤过，这几天腰背疼得睡不着，发烧，今天腿有点麻，小便解不太出来', m(57, 'M', { diseases: [{ name: '2型糖尿病' }] })],
    ['两周前在腰上打了封闭针，这两天腰疼越来越重，发烧39度，今天腿发软走不了路', m(63, 'F')],
    ['孩子两岁，发烧三天，今天脖子不愿意转，头老往后仰着，口水流个不停，呼吸有呼噜声，不肯喝水', m(2, 'M')],
    ['我爸肝硬化，前天杀海虾手被扎了一下，今天整个手臂又红又肿，起了紫色的水疱，发烧，头晕站不住', m(60, 'M', { diseases: [{ name: '肝硬化' }] })],
    ['宝宝1岁半，手足口第三天，今天一直睡，叫醒了就一惊一惊的，手脚发抖，吐了两次，呼吸有点快', m(1, 'M')],
  ])('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
});

describe('probe12a: look-alikes', () => {
  it('acute dystonia after metoclopramide is urgent, not a stroke or a seizure', () => {
    const r = tri('我18岁，今天吃了医生开的胃复安止吐，下午脖子往一边歪，舌头有点不听使唤，眼睛往上翻，不过喘气正常，人是清楚的', m(18, 'F', { medicines: [{ name: '甲氧氯普胺' }] }));
    expect(r.level).toBe('urgent');
    expect(r.matched.map((x) => x.ruleId)).toContain('acute-dystonia-drug');
  });
});

describe('probe12a mechanisms in other words', () => {
  it.each([
    ['村里化粪池清理，我叔下去没两分钟就栽倒了，喊他没反应', m(50), 'confined-space-collapse'],
    ['地窖里取红薯，我爸下去以后突然就倒在里面了', m(60), 'confined-space-collapse'],
    ['宝宝8个月，前两天喂了点蜂蜜，今天眼皮耷拉，吃奶没劲', m(0, 'F'), 'infant-botulism-honey'],
    ['中午吃了一盘花甲，现在嘴巴麻麻的，手脚也发麻，走路发飘', m(30, 'F'), 'shellfish-neurotoxin'],
    ['我爸喝了自己泡的草乌药酒，嘴巴发麻，心慌得厉害', m(60), 'toxic-herb-poisoning'],
    ['做实验手上溅到一点氟化氢溶液，现在有点刺痛', m(25), 'hydrofluoric-acid-burn'],
    ['去年被猫抓了没打针，这几天怕水，一看到水就喉咙抽', m(40), 'rabies-hydrophobia'],
    ['我儿子16岁打篮球时晕倒过一次，他舅舅二十多岁猝死', m(16), 'syncope-family-sudden-death'],
    ['在打信迪利单抗，这几天胸闷心慌，全身肌肉疼', m(60), 'ici-myocarditis-myositis'],
    ['我妈重症肌无力，这两天吃饭咽不下去，喘气也费劲', m(55, 'F'), 'myasthenic-crisis'],
    ['我爸肺癌，脸和脖子都肿了，喘不上气', m(66), 'svc-syndrome-airway'],
    ['孩子三岁，发烧两天，脖子不肯转，一直流口水，喘气有呼噜声', kid(3), 'deep-neck-infection'],
    ['腿上被螃蟹夹了一下，现在整条腿红肿起了好几个血疱，发烧', m(55), 'hemorrhagic-bullae-infection'],
    ['孩子手足口第二天，今天特别嗜睡，手脚一抖一抖的', kid(2), 'hfmd-severe-signs'],
    ['产后三周，头越来越疼，今天右手没劲，说话说不清', m(30, 'F'), 'headache-focal-deficit-risk'],
  ])('%s → %s', (text, member, rule) => {
    const r = tri(text, member);
    expect(r.level).toBe('emergency');
    expect(rules(text, member)).toContain(rule);
  });

  it.each([
    ['下水道有点臭，想问下怎么疏通', m(40)],
    ['家里地窖下去拿白菜，出来有点头晕，现在好了', m(40)],
    ['宝宝10个月，能吃蜂蜜吗', m(0, 'F')],
    ['宝宝6个月，喂了蜂蜜水，大便有点干', m(0, 'F')],
    ['吃了花蛤嘴有点麻，别的都好', m(30, 'F')],
    ['中药方子里有附子，喝完有点口干', m(50, 'F')],
    ['附子理中丸能长期吃吗', m(50, 'F')],
    ['氢氟酸是什么东西，危险吗', m(25)],
    ['被狗咬了，今天打了第二针狂犬疫苗，有点低烧', m(30)],
    ['我爷爷是睡梦中去世的，我最近有点心慌', m(30, 'F')],
    ['打PD-1后有点乏力，皮肤痒', m(60)],
    ['我有重症肌无力，眼皮下午有点耷拉，和以前一样', m(35, 'F')],
    ['早上起来脸有点肿', m(30, 'F')],
    ['宝宝感冒了，嗓子呼噜呼噜的有痰，发烧38度', kid(2)],
    ['落枕了脖子不敢转，有点低烧', m(30)],
    ['手指被门夹了，起了个血泡', m(30)],
    ['孩子手足口，嘴里疼不肯吃饭，吐了一次', kid(2)],
    ['最近头疼，躺下更厉害', m(30, 'F')],
  ])('%s → not an emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });

  it.each([
    ['吃了氟哌啶醇以后眼睛往上翻，脖子往一边扭，人是清醒的', m(25)],
    ['刚打了止吐针，现在舌头往外伸，脖子歪', m(30, 'F')],
  ])('%s → urgent acute dystonia', (text, member) => {
    expect(tri(text, member).level).toBe('urgent');
    expect(rules(text, member)).toContain('acute-dystonia-drug');
  });

  it('a seizure with loss of consciousness is still an emergency', () => {
    expect(tri('眼睛往上翻，全身抽搐，叫不醒', m(30, 'F')).level).toBe('emergency');
  });
});

describe('probe12a: the known condition from the profile', () => {
  it.each([
    ['这两天喝水从鼻子呛出来，痰咳不出，躺下喘不上气', m(40, 'F', { diseases: [{ name: '重症肌无力' }] }), 'myasthenic-crisis-history'],
    ['这周胸闷，浑身肌肉酸疼，走路喘', m(60, 'M', { medicines: [{ name: '帕博利珠单抗' }] }), 'ici-myocarditis-myositis-history'],
    ['前天杀鱼被鱼鳍扎了手，今天整个手背又红又肿，发烧38.8', m(60, 'M', { diseases: [{ name: '肝硬化' }] }), 'vibrio-liver-marine-wound-history'],
  ])('%s → %s', (text, member, rule) => {
    expect(tri(text, member).level).toBe('emergency');
    expect(rules(text, member)).toContain(rule);
  });

  it('one new sign on a checkpoint inhibitor is urgent (immune-related adverse event), not selfcare', () => {
    const member = m(60, 'M', { medicines: [{ name: '帕博利珠单抗' }] });
    expect(tri('这周有点拉肚子', member).level).toBe('urgent');
    expect(rules('这周有点拉肚子', member)).toContain('ici-irae-suspected-history');
  });

  it.each([
    ['这两天眼皮有点耷拉', m(40, 'F', { diseases: [{ name: '重症肌无力' }] })],
    ['前天杀鱼被鱼鳍扎了手，今天有点红', m(60, 'M', { diseases: [{ name: '肝硬化' }] })],
  ])('%s → not an emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});

describe('probe12a: botulism and bulbar weakness', () => {
  it.each([
    ['吃了自己家做的臭豆腐，第二天看东西重影，眼皮耷拉，咽东西费劲', m(45), 'botulism-foodborne'],
    ['眼皮耷拉，看东西重影，喝水从鼻子呛出来，今天早上开始的', m(45), 'cranial-bulbar-acute'],
    ['我有重症肌无力，最近感冒，咳痰没力气，说话声音越来越小', m(40, 'F'), 'myasthenic-crisis'],
  ])('%s → %s', (text, member, rule) => {
    expect(tri(text, member).level).toBe('emergency');
    expect(rules(text, member)).toContain(rule);
  });

  it.each([
    ['昨天吃了臭豆腐，今天有点拉肚子', m(30)],
    ['眼皮有点耷拉好几年了，医生说是老年性的', m(70)],
  ])('%s → not an emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});
