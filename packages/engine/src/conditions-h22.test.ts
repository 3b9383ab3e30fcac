import { describe, it, expect } from 'vitest';
import { extract } from './extract.ts';
import { rankConditions, departmentFor, type RankMember } from './conditions.ts';

const NOW = new Date('2025-06-15T12:00:00+08:00');
const top3 = (text: string, member?: RankMember): string[] => rankConditions(extract(text, NOW), member, 3).map((r) => r.id);

const M = (age: number): RankMember => ({ age, sex: 'M' });
const F = (age: number): RankMember => ({ age, sex: 'F' });

describe('holdout22 round: conditions rank for their typical complaint', () => {
  const cases: ReadonlyArray<readonly [string, string, RankMember?]> = [
    ['刚从坦桑尼亚旅游回来，这几天先冷得打哆嗦然后发高烧，头疼浑身酸', 'malaria', M(40)],
    ['前天晚上同房避孕套破了，对方说他是HIV感染者，现在很慌', 'hiv-exposure', F(27)],
    ['阑尾手术后第六天，刀口有一截发红，按着疼，还往外渗脓', 'surgical-site-infection', M(33)],
    ['妇科体检报告写高危型HPV16阳性，TCT没问题', 'hpv-infection', F(35)],
    ['前脚掌长了个硬疙瘩，中间有几个小黑点，走路踩着痛', 'plantar-wart', M(26)],
    ['给儿子洗澡发现他站着肩膀一边高一边低，弯腰背也不平', 'scoliosis', { age: 11, sex: 'M' }],
    ['生完孩子半年了，肚子中间鼓起一条，躺着能塞进三指', 'diastasis-recti', F(31)],
    ['健身房练胸做卧推，今天左边胸口按着疼，不闷不喘', 'chest-wall-strain', M(25)],
    ['剖宫产第十天，夜里出汗把睡衣都湿透，不发烧', 'puerperal-sweating', F(29)],
    ['老婆产后十天，说听到有声音让她伤害宝宝，两天没睡觉', 'postpartum-psychosis', F(30)],
    ['宝宝8个月，左边阴囊里一直摸不到睾丸', 'cryptorchidism', { age: 0, sex: 'M' }],
    ['孩子一个半月，老是歪头，脖子左边摸到一个小疙瘩', 'congenital-muscular-torticollis', { age: 0, sex: 'F' }],
    ['女儿7岁，两边乳房发育了，有硬块，今年长个特别快', 'precocious-puberty', { age: 7, sex: 'F' }],
    ['工地上一颗钉子扎进脚底，钉子有点生锈', 'foot-puncture-wound', M(45)],
    ['在国外吃了所谓的减肥药，心慌手抖，一身大汗，发烧还拉稀', 'thyroid-storm', F(30)],
    ['儿子10岁，最近老口渴喝水，尿多，人瘦了，今天呕吐还喘大气', 'dka', { age: 10, sex: 'M' }],
    ['半个月前拉肚子，现在两条腿越来越没力，手脚都软了', 'gbs', M(45)],
    ['这一个月做什么都提不起劲，不想上班，以前喜欢的东西也没兴趣', 'depression', F(34)],
    ['每天早上下床第一步脚跟疼得厉害，走一会儿好些', 'plantar-fasciitis', F(48)],
    ['剖宫产出院一周，头疼得厉害，血压160/110，眼睛发花', 'preeclampsia', F(32)],
    ['锅里的热汤打翻了倒身上，手臂起了大水泡', 'burn', F(40)],
    ['满月的宝宝头顶有一层黄色的油痂', 'seborrheic-dermatitis', { age: 0, sex: 'M' }],
    ['淋了一天雨全身湿透，一开始发抖，现在不抖了，人迷糊站不稳', 'hypothermia', M(50)],
    ['朋友吸了那个东西，瞳孔缩小，呼吸很慢，叫不醒', 'opioid-overdose', M(24)],
    ['智齿发炎好几天了，今天脸肿，嘴巴张不大，有点烧', 'pericoronitis', M(24)],
  ];
  for (const [text, id, member] of cases) {
    it(`${id}: ${text}`, () => {
      expect(top3(text, member)).toContain(id);
    });
  }
});

describe('holdout22 round: look-alikes keep their own condition', () => {
  it('a plain cold-and-fever complaint is not malaria without travel', () => {
    expect(top3('这两天发冷发热，头疼全身酸痛', M(30))).not.toContain('malaria');
  });
  it('a cut with no operation is not a surgical-site infection', () => {
    expect(top3('切菜割了个口子，伤口有点红', F(40))[0]).toBe('laceration');
  });
  it('a fast heart rate with a wound infection stays sepsis-like, not thyroid storm', () => {
    expect(top3('发烧打寒战，腿上伤口红肿一大片，心跳一百四，人迷糊', M(60))).not.toContain('thyroid-storm');
  });
  it('a peritonsillar swelling with trismus and no wisdom tooth stays with the throat', () => {
    expect(top3('嗓子一边肿得老高，嘴张不开，说话含糊，发烧', M(28))[0]).toBe('peritonsillar-abscess');
  });
  it('postpartum low mood is depression, not psychosis', () => {
    expect(top3('生完宝宝一个多月，总想哭，对什么都没兴趣，睡不好', F(29))).not.toContain('postpartum-psychosis');
  });
  it('a corn without black dots still ranks 鸡眼', () => {
    expect(top3('脚底长了个硬茧，中间有个硬芯，走路顶着疼', F(50))).toContain('corns');
  });
});

describe('holdout22 round: departments', () => {
  it('pregnancy anaemia and pregnancy leg cramps are followed in 产科', () => {
    expect(departmentFor('怀孕22周，产检说血红蛋白95，贫血，让补铁', F(29)).department).toBe('产科');
    expect(departmentFor('怀孕30周，夜里小腿老抽筋', F(31)).department).toBe('产科');
  });
  it('anaemia outside pregnancy stays with 血液科', () => {
    expect(departmentFor('最近脸色发白，爬楼心慌，查血红蛋白95，医生说贫血', M(40)).department).toBe('血液科');
  });
  it('an acute runny nose with a dry throat is a cold (呼吸内科), not rhinitis', () => {
    expect(departmentFor('今天开始流清鼻涕打喷嚏，嗓子有点干，不发烧', M(30)).department).toBe('呼吸内科');
  });
  it('a painful wisdom tooth with a swollen face goes to 口腔科', () => {
    expect(departmentFor('智齿痛了三天，今天半边脸肿了，嘴巴张不开', M(26)).department).toBe('口腔科');
  });
  it('travel fever from a malaria area goes to 感染科', () => {
    expect(departmentFor('上个月在尼日利亚工作，回来后一阵冷一阵热，头痛', M(38)).department).toBe('感染科');
  });
  it('a HPV result goes to 妇科', () => {
    expect(departmentFor('体检查出HPV18阳性，TCT正常', F(33)).department).toBe('妇科');
  });
});
