import { describe, it, expect } from 'vitest';
import { extract } from './extract.ts';
import { rankConditions, conditionById, type RankMember } from './conditions.ts';
import { lookup } from './lexicon.ts';

const NOW = new Date('2025-06-15T12:00:00+08:00');
const top3 = (text: string, member?: RankMember): string[] => rankConditions(extract(text, NOW), member, 3).map((r) => r.id);

const M = (age: number): RankMember => ({ age, sex: 'M' });
const F = (age: number): RankMember => ({ age, sex: 'F' });

describe('breadth round: added conditions rank for a typical complaint', () => {
  const cases: ReadonlyArray<readonly [string, string, RankMember?]> = [
    ['我妈七十多了，这两年耳朵越来越背，跟她说话要大声说', 'presbycusis', F(74)],
    ['眼角长了一块肉，慢慢往黑眼珠那边长，有点磨', 'pterygium', M(50)],
    ['天天对着电脑，眼睛酸胀干涩，看久了头也疼', 'asthenopia', F(28)],
    ['右手中指早上弯下去伸不直，要用另一只手掰一下才咔哒一声弹开', 'trigger-finger-disease', F(55)],
    ['小腿撞到桌角，青了一块，有点疼，走路没问题', 'contusion', M(30)],
    ['老太太下楼梯滑倒，用手撑了一下地，手腕肿了还有点变形', 'distal-radius-fracture', F(68)],
    ['有强直性脊柱炎，这两天右眼红、疼，特别怕光，看东西雾蒙蒙的', 'anterior-uveitis', M(32)],
    ['房颤一直吃华法林，这几天刷牙牙龈出血，腿上好几块瘀斑', 'warfarin-overanticoagulation', M(70)],
    ['血压高换了氨氯地平以后，两只脚踝下午就肿', 'ccb-ankle-edema', F(62)],
    ['这几个月月经量特别多，夜用的卫生巾一会儿就湿透，还有血块', 'menorrhagia', F(40)],
    ['体检胸部CT说肺上有个6毫米的磨玻璃结节，要紧吗', 'pulmonary-nodule', M(45)],
    ['孩子两岁了只会叫爸爸妈妈，说话晚，叫他名字会回头看', 'speech-delay', { age: 2, sex: 'M' }],
    ['宝宝三个月，一哭肚脐就鼓起来一个包，不哭就下去了', 'umbilical-hernia', { age: 0, sex: 'F' }],
    ['嘴角烂了，张大嘴就疼，这几天天干', 'angular-cheilitis', F(25)],
    ['当老师的，讲课多，嗓子哑了两个多月，老想清嗓子', 'chronic-laryngitis', F(38)],
    ['后槽牙疼了几天，今天牙龈上鼓了个包，半边脸肿了，还有点发烧', 'periapical-abscess', M(35)],
    ['痛经一年比一年疼，月经量也变多了，B超说子宫增大', 'adenomyosis', F(42)],
    ['刮完腿毛以后腿上起了好多小脓包，中间有脓头', 'folliculitis', F(24)],
    ['一到夏天前胸后背就起一块块的斑，出汗多了有点痒，还掉皮屑', 'tinea-versicolor', M(22)],
    ['先是肚子上长了一大块红斑，一周后身上出了好多椭圆形的红疹，有点痒', 'pityriasis-rosea', F(20)],
    ['每年换季手指两侧就起小水泡，特别痒，过几天就脱皮', 'dyshidrosis', F(30)],
    ['孩子身上长了几个肉色小疙瘩，中间有个凹，发亮', 'molluscum-contagiosum', { age: 5, sex: 'M' }],
    ['前天摔倒胸口撞到桌角，右边肋骨疼，深呼吸和咳嗽时更疼，按着也疼', 'rib-fracture', M(50)],
    ['打篮球被人肘击打到鼻子，流了鼻血，鼻梁歪了', 'nasal-bone-fracture', M(19)],
    ['带孩子过马路时拽了一下胳膊，之后孩子胳膊耷拉着不肯抬，一碰就哭', 'nursemaid-elbow', { age: 3, sex: 'F' }],
    ['右眼眶后面一阵一阵钻着疼，每天半夜疼醒，疼的时候流眼泪流鼻涕', 'cluster-headache', M(35)],
    ['经常胸闷，总想深吸一口气，心慌，检查都正常，最近压力大', 'cardiac-neurosis', F(30)],
    ['眼皮边上老是红，睫毛根部有头皮屑样的东西，痒', 'blepharitis', F(45)],
    ['下眼皮睫毛往里扎眼睛，老流眼泪，眼睛磨', 'trichiasis', { age: 6, sex: 'M' }],
    ['昨天被人打了一耳光，左耳嗡嗡响，听不太清，耳朵疼', 'traumatic-tm-perforation', F(28)],
    ['肩膀疼，胳膊抬到一半最疼，晚上侧着压着睡会疼醒', 'rotator-cuff-injury', M(52)],
    ['踢球落地时膝盖扭了一下，听到啪的一声，膝盖很快肿了', 'knee-ligament-injury', M(24)],
    ['打羽毛球起跳时感觉小腿后面被人踢了一脚，现在踮不起脚', 'achilles-rupture', M(40)],
    ['走一段路两条腿就又麻又疼，坐下歇一会就好了，腰也不舒服', 'lumbar-spinal-stenosis', M(70)],
    ['昨晚喝多了，今天胃疼，恶心还吐了一次', 'acute-gastritis', M(35)],
    ['一有尿意就憋不住，赶紧找厕所，晚上起夜三四次，尿常规正常', 'overactive-bladder', F(58)],
    ['同房时射精太快，一两分钟就结束', 'premature-ejaculation', M(30)],
    ['绝经好几年了，下面干涩，外阴痒，同房疼', 'atrophic-vaginitis', F(60)],
    ['一侧大阴唇长了个包，越来越疼，走路都磨得疼', 'bartholin-cyst', F(30)],
    ['每次来月经前一周就乳房胀痛，脾气暴躁，来了就好', 'pms', F(29)],
    ['孩子6岁，经常晚上腿疼，揉一揉就好，白天活蹦乱跳', 'growing-pains', { age: 6, sex: 'M' }],
    ['孩子感冒以后肚子疼，在肚脐周围，一阵一阵的，有点发烧', 'mesenteric-lymphadenitis', { age: 7, sex: 'F' }],
    ['孩子发烧五天，嗓子疼，脖子两边淋巴结肿得很大，眼皮肿，医生说查EB病毒', 'infectious-mononucleosis', { age: 8, sex: 'M' }],
    ['孩子咳了好几周，一阵一阵连着咳，咳完吸气像鸡叫，还咳到吐', 'pertussis', { age: 3, sex: 'F' }],
    ['体检甲状腺抗体高，TPOAb好几百，脖子有点粗', 'hashimoto-thyroiditis', F(35)],
    ['输液的地方沿着血管一条红线，摸着是个硬条，疼', 'superficial-thrombophlebitis', F(50)],
    ['手指一碰冷水就变白，然后发紫，过一会变红', 'raynaud', F(28)],
    ['脚底长了个硬疙瘩，中间有个芯，走路踩着疼', 'corns', M(45)],
    ['肛门旁边有个小口，反复流脓，好了又破', 'anal-fistula-disease', M(35)],
    ['B超说胆囊里有个5毫米的息肉，平时没什么感觉', 'gallbladder-polyp', M(40)],
    ['鼻涕倒流到嗓子，老想清嗓子，咳了一个多月', 'uacs', F(33)],
    ['喂奶的时候左边乳房有个硬块，堵奶了，胀痛，不发烧', 'milk-stasis', F(28)],
    ['孩子摔了一跤门牙磕断了半颗，出了点血', 'dental-trauma', { age: 8, sex: 'M' }],
    ['初二男生，包皮翻不上去，洗澡时有点疼', 'phimosis', M(14)],
    ['老人长期卧床，尾巴骨那块皮肤发红，中间破了', 'pressure-injury', M(85)],
    ['喂奶两周乳头裂开了，一吸就疼，乳房不红不肿', 'cracked-nipple', F(27)],
  ];
  for (const [text, id, member] of cases) {
    it(`${id}: ${text}`, () => {
      expect(conditionById(id), id).toBeDefined();
      expect(top3(text, member), text).toContain(id);
    });
  }
});

describe('breadth round: ranking fixes for conditions that existed', () => {
  it('heavy periods with tiredness and pallor point to anaemia or heavy bleeding, not the heart', () => {
    const ids = top3('月经量一直挺多，最近总是没力气，脸发白，上楼心慌', F(36));
    expect(ids.some((x) => x === 'iron-deficiency-anemia' || x === 'menorrhagia')).toBe(true);
  });

  it('low back pain running down the leg is a disc herniation', () => {
    expect(top3('腰疼，顺着屁股往下一直串到小腿，又疼又麻，打喷嚏更厉害', M(45))).toContain('lumbar-disc-herniation');
  });

  it('a cicada in the ear is tinnitus', () => {
    expect(top3('耳朵里一直像知了叫，晚上安静的时候更响', F(50))).toContain('tinnitus');
  });
});

describe('breadth round: look-alikes the new conditions must not take over', () => {
  it('sudden one-sided deafness stays sudden hearing loss, not presbycusis', () => {
    expect(top3('昨天早上起来右耳突然听不见了，耳鸣', M(40))[0]).not.toBe('presbycusis');
  });

  it('a child with a high fever and a sore throat is not first glandular fever without the cues', () => {
    expect(top3('孩子发烧39度，嗓子疼', { age: 5, sex: 'M' })[0]).not.toBe('infectious-mononucleosis');
  });

  it('a plain red itchy eye is not uveitis first', () => {
    expect(top3('眼睛红，痒，早上眼屎多', F(25))[0]).not.toBe('anterior-uveitis');
  });

  it('urinary burning with frequency stays a urinary infection before an overactive bladder', () => {
    expect(top3('尿频尿急，尿的时候烧得疼', F(30))[0]).not.toBe('overactive-bladder');
  });

  it('aching thighs after a long run are not a ruptured Achilles tendon', () => {
    expect(top3('跑完半程马拉松，第二天两条大腿酸疼', M(30))).not.toContain('achilles-rupture');
  });

  it('bleeding gums without an anticoagulant are not warfarin excess first', () => {
    expect(top3('刷牙牙龈出血，牙龈有点肿', M(30))[0]).not.toBe('warfarin-overanticoagulation');
  });
});

describe('breadth round: alternative names resolve in the lexicon', () => {
  const same: ReadonlyArray<readonly [string, string]> = [
    ['慢性阻塞性肺疾病急性加重', '慢阻肺急性加重'],
    ['急性一氧化碳中毒', '一氧化碳中毒'],
    ['气管支气管异物', '气道异物'],
    ['慢性腰肌劳损', '腰肌劳损'],
    ['噪声性聋', '噪声性听力损失'],
    ['出牙期反应', '出牙综合征'],
    ['腓肠肌痉挛', '肌肉痉挛'],
    ['丘疹性荨麻疹', '虫咬皮炎'],
    ['一度烫伤', '烧烫伤'],
    ['膝关节骨性关节炎', '膝骨关节炎'],
    ['室性早搏', '期前收缩'],
    ['Colles骨折', '桡骨远端骨折'],
    ['前葡萄膜炎', '虹膜睫状体炎'],
    ['牵拉肘', '桡骨头半脱位'],
    ['弱精子症', '男性不育症'],
    ['月经过多', '异常子宫出血'],
    ['浅表切割伤', '皮肤裂伤'],
    ['胃溃疡穿孔', '消化性溃疡穿孔'],
    ['牙本质过敏', '牙本质敏感'],
    ['老年性阴道炎', '萎缩性阴道炎'],
  ];
  for (const [a, b] of same) {
    it(`${a} = ${b}`, () => {
      const ea = lookup(a, 'disease');
      expect(ea, a).toBeDefined();
      expect(ea?.id, a).toBe(lookup(b, 'disease')?.id);
    });
  }
});
