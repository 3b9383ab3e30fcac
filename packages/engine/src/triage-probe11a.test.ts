import { describe, it, expect } from 'vitest';
import { m, kid, tri, rules } from './triage-test-kit.ts';

/**
 * Probe11a round: 210 phone-style emergencies and 40 look-alikes written blind; these are the 44
 * emergencies and 5 look-alikes the engine got wrong on its first run, and new wordings of each mechanism.
 * Mechanisms added:
 * - seizures: a fit that starts again before waking (还没醒过来就又接着抽), no waking between fits
 *   (两次中间人一直没清醒过) and a seizure with ten minutes or more in the same sentence (半个多小时了人一直没醒);
 * - postpartum haemorrhage: hours since the birth (生完娃才一个来钟头), 生完娃 as a birth, a retained placenta
 *   (胎盘没下全) as a recent birth, and the amount as basins or multiples of a period (一会儿一盆, 像来大姨妈的十倍, 哗啦啦);
 *   a denial with a size word (没有大血块) denies the clot;
 * - infection after an abortion (人流/药流/清宫后 with fever and foul discharge, palpitations or dizziness: `septic-abortion`);
 * - pre-eclampsia: epigastric or right upper pain with visual flashes, blurring or headache after 20 weeks
 *   (`pre-eclampsia-epigastric`); a pregnant woman short of breath with SpO2 below 95 (`pregnancy-hypoxemia`);
 * - retina: a cloth over the view (像被黑布蒙住), floaters as insects before the eye, flashes as a camera flash;
 * - saddle numbness in lay words (屁股蛋中间木木的, 像打了麻药, 拉屎也没感觉) and urine that cannot be held (尿憋不住);
 * - heat: heat exposure, hours without urine and unable to stand (`heat-dehydration-severe`);
 * - paracetamol: several paracetamol products with a daily count of ten or more and liver or stomach symptoms
 *   (`paracetamol-overdose-daily`); a child who drank most of a bottle of syrup (`child-medicine-bottle`); an adult's
 *   medicine with words between the owner and 的 (奶奶掉在地上的降压药);
 * - bowel: a belly like a pumped-up ball or growing hard (肚子越来越大，摸着硬邦邦), green water vomited, 屁都放不出来;
 *   a groin lump that cannot be pushed back (摁不回去, 裤裆边上那个包);
 * - wild mushrooms picked anywhere outdoors (小区草地上揪了一个小白蘑菇); home-mixed spirits (自己兑的酒) and vision
 *   through fog (像隔着一层雾, 白茫茫) for methanol;
 * - necrotising infection spreading by a hand's breadth in half a day; diffuse tenderness (摸肚子她说哪都疼);
 * - asthma: a reliever that cannot hold it down (喷了七八下都压不住);
 * - anaphylaxis: a gripped throat (嗓子像被人掐住); skin plus gut plus pallor or floppiness after a drug or injection
 *   (`anaphylaxis-drug-skin-gi`);
 * - trauma: a leg shorter than the other that cannot move after a fall at any age (`hip-injury-shortened-leg`);
 *   both hands numb or weak after landing on the head (`central-cord-injury`); a fall with neck or back pain in
 *   ankylosing spondylitis (`ankylosed-spine-fall`); unequal pupils with a head injury or drowsiness
 *   (`anisocoria-head`); a fingertip hanging by skin; lying on a limb for hours (`limb-compressed-long`) for
 *   compartment syndrome; a foot white and cold on the side that hurts; 脑门着地 and 扑了一跤;
 * - burns named by what they did to the skin (烫起了大泡, 烫脱皮, 热水袋捂出大泡), the genitals (下面) as a special site;
 * - sepsis from a foul wound with cold limbs and two of oliguria, severe breathlessness, drowsiness, fever or rigors
 *   (`sepsis-source-hypoperfusion`);
 * - neonates: an age in 礼拜/星期 since birth, a range of temperatures (37.9到38.2之间) read at its highest, a child's
 *   profile applying to 宝宝/娃 when no role is given, and a pregnant profile applying when the moving 娃 is the fetus;
 * - a swallowed round metal piece from a thermometer or remote is a button battery;
 * - suicide: a plan to jump (想抱着孩子一起跳下去);
 * - pregnancy: fever with abdominal pain that worsens or rebounds (`pregnancy-fever-abdominal-worsening`).
 * Look-alikes: two complaints side by side share a denial (没有头晕心慌) unless the second has its own degree
 * (没发烧咳嗽得厉害); a denial of one thought covers a second
 * joined to it (没有想伤害自己或者不想活的念头); a snake said to be non-venomous or a pet is not an emergency unless
 * swelling, numbness, bleeding or systemic signs follow; 是不是蘑菇中毒？ asks about a cause.
 */

describe('probe11a: emergencies written before the round', () => {
  it.each([
    ['我老婆生完孩子一个月，整天哭，不愿意抱孩子，说孩子跟着她只会受苦，刚才站在阳台上说想抱着孩子一起跳下去', m(30, 'F')],
    ['俺家老头子又犯羊角风了，抽完一阵还没醒过来就又接着抽，这都第三回了，喊他掐他一点反应都没有', m(68, 'M', { diseases: [{name:'癫痫'},{name:'脑梗死后遗症'}], medicines: [{name:'左乙拉西坦'}] })],
    ['儿子16岁，有癫痫，嫌药吃了犯困上周偷偷停了，今天早上开始一阵一阵地抽，两次中间人一直没清醒过，前后已经20多分钟', m(16, 'M', { diseases: [{name:'癫痫'}] })],
    ['生完娃才一个来钟头，接生的人已经走了，下面流血像来大姨妈的十倍，一会儿一盆，按肚子软塌塌的摸不到硬块', m(27, 'F')],
    ['我姐38岁在乡镇卫生院生二胎，医生说胎盘好像没下全，两个小时流了快一盆血，现在脸白得跟纸一样，说话都没力气', m(38, 'F')],
    ['左眼前头像有一群小蚊子在飞，时不时像有人在旁边拍照闪一下，今天看东西上半边像被黑布蒙住了', m(45, 'F', { diseases: [{name:'高度近视'}] })],
    ['我在工地上顶着大太阳干了一天活，只喝了一瓶水，现在头晕站不住，心跳很快，嘴里干得发黏，已经十几个钟头没尿尿了', m(45, 'M')],
    ['感冒太难受，这三天白加黑、泰诺、还有诊所开的扑热息痛轮着吃，算下来一天十几颗，今天右边肋骨下面胀痛，一直想吐', m(30, 'M', { medicines: [{name:'对乙酰氨基酚'},{name:'氨酚伪麻美芬片'}] })],
    ['2岁孩子趁我做饭把那瓶100毫升的退烧糖浆（对乙酰氨基酚的）喝得只剩瓶底一点点，现在看着还挺精神，也没吐', m(2, 'M')],
    ['怀二胎七个多月，今天心口窝下面顶着疼，以为是胃疼，看东西一闪一闪的，脸和手都肿成馒头了', m(35, 'F', { pregnant: true, pregnancyWeek: 30 })],
    ['肚子胀得跟打足气的皮球一样，一阵一阵拧着疼，从昨天起屁都放不出来一个，吐的是黄绿色的苦水', m(55, 'F', { diseases: [{name:'剖宫产术后'}] })],
    ['养老院打电话说我奶奶88岁这几天不吃饭，肚子越来越大，摸着硬邦邦的，今天吐了绿水，好几天没大便了', m(88, 'F', { diseases: [{name:'阿尔茨海默病'}] })],
    ['我家4岁孩子中午在小区草地上揪了一个小白蘑菇吃了一口，现在过了6个小时开始吐，还拉肚子', m(4, 'M')],
    ['搬完货腰疼得直不起来，刚才擦屁股发现屁股蛋中间木木的像打了麻药，拉屎也没感觉，尿憋不住滴了一裤子', m(38, 'M')],
    ['我妈73岁，类风湿长期吃激素和止疼片，昨天突然肚子疼了一阵，今天倒不怎么疼了，但是发烧、肚子胀、人没精神，摸肚子她说哪都疼', m(73, 'F', { diseases: [{name:'类风湿关节炎'}], medicines: [{name:'泼尼松'},{name:'双氯芬酸'}] })],
    ['前几天大腿擦破了一点皮，现在疼得比看起来厉害多了，红的那块半天就扩大了一巴掌，中间变紫黑，按上去反而没知觉了', m(45, 'M')],
    ['喘得跟拉风箱一样，嗓子里吱吱响，躺不下只能趴桌子上，平时那个蓝色喷雾一个钟头喷了七八下都压不住', m(28, 'F', { diseases: [{name:'支气管哮喘'}], medicines: [{name:'沙丁胺醇气雾剂'}] })],
    ['我怀孕26周，有哮喘，怕伤孩子最近把吸入的药停了，今天喘得厉害，坐着不动也喘，指夹血氧显示91', m(30, 'F', { pregnant: true, pregnancyWeek: 26, diseases: [{name:'支气管哮喘'}] })],
    ['被马蜂在脖子上蜇了一下，才几分钟就全身起疙瘩痒得要命，嗓子像被人掐住，心慌腿软站不住', m(48, 'M')],
    ['5岁孩子刚在诊所打完头孢的吊瓶，回家路上说肚子疼、吐了一次，脸发白，身上起红疹子，人软软的不想说话', m(5, 'M')],
    ['1岁半的孩子把奶奶掉在地上的降压药捡起来吃了，看包装是硝苯地平控释片，少了两片，现在有点蔫', m(1, 'M')],
    ['我35岁，骑摩托车侧着摔了，左大腿根剧痛，腿完全动不了，躺着看明显比右腿短', m(35, 'M')],
    ['我妈58岁，换过心脏机械瓣，最近嫌抽血麻烦自己把华法林停了，今天左腿突然疼，脚发白发凉，走不了路', m(58, 'F', { diseases: [{name:'心脏机械瓣膜置换术后'}] })],
    ['生完娃一个多月了，恶露本来都干净了，今天又哗啦啦出血，一阵一阵往外冒，有股臭味，还发烧38度多', m(28, 'F')],
    ['我爷爷85岁，走路往前扑了一跤，脑门着地，现在两只手又麻又没劲，连水杯都拿不住，腿倒还能走', m(85, 'M')],
    ['我老公骑车被车刮倒，侧脑袋着地，当时爬起来说没事还自己走回家了，这会儿叫他只会嗯嗯，我翻开眼皮看一只眼珠的黑仁比另一只大', m(36, 'M')],
    ['娃生下来才三个礼拜，摸着烫手，腋下量了38度，哼哼唧唧的不咋吃奶，脸色有点发灰', m(0, 'F')],
    ['我产检查出B族链球菌阳性，生完孩子第5天出院在家，宝宝体温一直在37.9到38.2之间，呼吸有点快', m(0, 'M')],
    ['36周了，刚才下面哗一下湿了一大片，流出来的水发绿，娃这会儿也不怎么动了', m(27, 'F', { pregnant: true, pregnancyWeek: 36 })],
    ['3岁孩子手指被防盗门夹了，指尖那一截掉下来了，只连着一点皮', m(3, 'M')],
    ['我45岁，糖尿病，背上疼了一个多礼拜还一直发烧，今天两条腿没力气，站不起来了', m(45, 'M', { diseases: [{name:'2型糖尿病'}] })],
    ['我爸前天晚上喝了村里小作坊打的散装白酒，今天说看东西像隔着一层雾，头痛恶心，肚子痛，他说是喝多了宿醉，喝点蜂蜜水睡一觉会好吗？', m(55, 'M')],
    ['跟工友喝了一桶自己兑的酒，听说是拿工业酒精兑的，第二天起来眼前一片白茫茫，喘粗气', m(40, 'M')],
    ['洗澡的时候热水器坏了，一下子喷出来滚水，屁股和下面都烫起了大泡，皮一碰就掉', m(35, 'M')],
    ['我外公80岁，糖尿病脚底下没知觉，拿热水袋捂了一整晚脚，早上两只脚起了大泡，有的地方发黑', m(80, 'M', { diseases: [{name:'2型糖尿病'},{name:'糖尿病周围神经病变'}] })],
    ['我外婆85岁，发烧两天了，今天突然全身抽，抽一阵停一会儿又抽，半个多小时了人一直没醒过来，家里人说等她抽累了自然会停，是这样吗？', m(85, 'F')],
    ['我老婆三天前在小诊所做了人流，今天烧到40度，下面流出来的东西很臭，心跳很快，嘴唇发白，站起来就晕', m(27, 'F')],
    ['在澡堂子里一脚踩空跌进了热水池，两条腿和屁股全烫脱皮了，红一块白一块的', m(55, 'M')],
    ['朋友喝醉了压着胳膊睡了十几个小时，醒来那条胳膊肿得很硬，剧痛，手指头动不了，尿出来像浓茶', m(30, 'M')],
    ['脚上那个糖尿病烂口子这几天流脓发臭，今天整个人打哆嗦，喘得厉害，手脚冰冰凉，尿少得可怜', m(66, 'M', { diseases: [{name:'2型糖尿病'},{name:'糖尿病足'}] })],
    ['3岁娃在玩电子体温计，里面那个圆圆的小铁片不见了，他说吃了，现在咽东西喊嗓子疼，一直流口水', m(3, 'F')],
    ['坐车被追尾了，脖子先往前一甩又往后一甩，后脖梗子中间那块按着就疼，头转不动，胳膊一阵阵窜麻', m(30, 'F')],
    ['我老公有强直性脊柱炎，脊柱僵得跟竹竿似的，今天在家门口摔了一跤，脖子突然疼得厉害，头都不敢动', m(55, 'M', { diseases: [{name:'强直性脊柱炎'}] })],
    ['裤裆边上那个包今天鼓得跟鸡蛋一样硬，摁不回去，发红疼得钻心，肚子还胀，屁也不放', m(50, 'M')],
  ])('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
});

describe('probe11a: look-alikes are not emergencies', () => {
  it.each([
    ['昨天晚上吃了一大碗鸭血粉丝，今天早上大便是黑色的，成形不稀，没有头晕心慌，也没吐，精神挺好', m(33, 'M')],
    ['最近工作压力大，心情不太好，睡得差，两个多礼拜了，但还能正常上班，没有想伤害自己或者不想活的念头，想找人聊聊', m(29, 'F')],
    ['被家里养的玉米蛇咬了一口，宠物店说是无毒的，手上就几个小牙印，不肿不怎么疼，已经冲洗过了', m(22, 'M')],
    ['顺产后第5天，恶露是暗红色的，量比月经少，没有大血块，没有臭味，不发烧，这正常吗？', m(28, 'F')],
    ['中午吃了超市买的香菇炒肉，下午有点胃胀，没拉没吐，也没头晕，是不是蘑菇中毒？', m(45, 'F')],
  ])('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});

describe('probe11a: new wordings of each mechanism', () => {
  it.each([
    ['我爸下楼梯绊了一跤，额头先着地，现在两只手麻得厉害，握不住筷子', m(72), 'central-cord-injury'],
    ['打球被人撞倒后脑勺着地，刚才还能说话，现在叫他只哼哼，左边瞳孔比右边大', m(20), 'anisocoria-head'],
    ['这几天发烧，白加黑和泰诺林一起吃，一天下来吃了二十片，今天右上腹疼还吐了', m(35), 'paracetamol-overdose-daily'],
    ['3岁儿子趁大人不注意把一瓶止咳糖浆喝了大半瓶', m(3), 'child-medicine-bottle'],
    ['上周做了药流，今天发烧39度，下面分泌物有臭味，头晕心慌', m(26, 'F'), 'septic-abortion'],
    ['怀孕32周，胃这里一直疼，看东西模模糊糊的', m(30, 'F', { pregnant: true, pregnancyWeek: 32 }), 'pre-eclampsia-epigastric'],
    ['怀孕30周，哮喘犯了，喘不上气，血氧93', m(30, 'F', { pregnant: true, pregnancyWeek: 30 }), 'pregnancy-hypoxemia'],
    ['大热天在地里干了一天活，十几个小时没小便了，现在站都站不稳', m(50), 'heat-dehydration-severe'],
    ['孩子刚打完青霉素，身上起了一片风团，肚子疼吐了两次，脸色发白', kid(6), 'anaphylaxis-drug-skin-gi'],
    ['脚上的伤口化脓发臭好几天了，今天手脚冰凉，喘得厉害，尿也少得可怜', m(70), 'sepsis-source-hypoperfusion'],
    ['骑电动车摔了，右边大腿根剧痛，腿动不了，右腿比左腿短了一截', m(40), 'hip-injury-shortened-leg'],
    ['我有强直性脊柱炎二十年，今天滑了一跤，后背疼得厉害', m(50), 'ankylosed-spine-fall'],
    ['生完孩子才两个小时，下面一直流血，已经流了半盆', m(25, 'F'), 'postpartum-bleeding-uncontrolled'],
    ['孩子抽完还没醒过来又接着抽了', kid(5), 'seizure-prolonged'],
    ['我爸抽起来停一会儿又抽，前后快四十分钟了还不醒', m(60), 'seizure-prolonged'],
    ['腰疼了几天，今天发现屁股中间木木的，尿也憋不住', m(45), 'cauda-equina-saddle-retention'],
    ['右眼前面像被黑纱挡住了一块，这几天眼前老有小黑点在飘', m(55), 'retinal-detachment'],
    ['小孩拿暖手宝捂着睡了一夜，早上腿上起了好几个大泡，有一块发白不疼', kid(6), 'burn-full-thickness'],
    ['喝醉酒压着腿睡了七八个小时，醒来小腿肿得发亮，疼得受不了，脚趾动不了', m(35), 'compartment-syndrome'],
    ['切菜把手指头切掉了一截，只连着一点皮', m(40), 'amputation'],
    ['大腿根那个包今天摁不回去了，硬邦邦的，还吐了', m(60), 'hernia-strangulated'],
    ['肚子胀得像个气球，屁也不放，吐黄绿色的水', m(70), 'bilious-vomit-drum-belly'],
    ['在公园树下捡了几朵蘑菇炒着吃了，现在上吐下泻', m(40), 'mushroom-poisoning'],
    ['喝了工友自己勾兑的白酒，今天看东西白茫茫的', m(45), 'methanol-poisoning'],
    ['我们宝宝十天大，体温一直在37.8到38.3之间', m(0), 'infant-fever'],
    ['宝宝出生才两个礼拜，今天发烧38度', m(0), 'infant-fever'],
    ['37周了，下面突然流出来好多水，娃也不怎么动', m(30, 'F', { pregnant: true, pregnancyWeek: 37 }), 'pregnancy-fluid-leakage'],
    ['我媳妇说想抱着孩子一起从楼上跳下去', m(30, 'F'), 'suicidal-intent'],
    ['被蛇咬了，朋友说是无毒的，可是手越肿越大还发麻', m(30), 'snake-bite-nonvenomous-signs'],
    ['怀孕25周，发烧38度5，右边肚子越来越疼', m(28, 'F', { pregnant: true, pregnancyWeek: 25 }), 'pregnancy-fever-abdominal-worsening'],
  ] as const)('%s → emergency (%s)', (text, member, rule) => {
    const r = tri(text, member);
    expect(r.level).toBe('emergency');
    expect(rules(text, member)).toContain(rule);
  });

  it.each([
    ['吃了猪血，大便发黑，没有头晕乏力', m(30)],
    ['被朋友养的宠物蛇咬了一下，是无毒的，就破了点皮', m(25)],
    ['产后第10天，恶露不多，没有什么血块', m(28, 'F')],
    ['吃了点剩饭，肚子有点胀，是不是食物中毒啊？', m(30)],
    ['没有想自杀或者伤害自己的想法，就是最近压力大', m(30, 'F')],
    ['抽血等了半个小时还没叫到号', m(40)],
    ['肚子一抽一抽地疼了二十分钟了', m(30)],
    ['压着胳膊睡了一会儿，手有点麻，甩甩就好了', m(30)],
    ['暖宝宝贴着起了一个小水泡，不怎么疼', m(30)],
    ['体温37.5到37.8之间，有点咳嗽', m(30)],
    ['两只手早上起来有点麻，活动一下就好了', m(50)],
    ['怀孕32周，胃有点胀，吃多了', m(30, 'F', { pregnant: true, pregnancyWeek: 32 })],
    ['做完人流一周了，还有点褐色分泌物，不发烧', m(28, 'F')],
    ['尿像浓茶，全身酸痛', m(30)],
    ['小伙子打球摔了一下，腿比另一条短一点点，走路有点疼', m(20)],
    ['怀孕25周，有点低烧37.5，肚子有点胀', m(28, 'F', { pregnant: true, pregnancyWeek: 25 })],
    ['摔了一跤，两只手都擦破了，有点麻', m(40)],
    ['吃了阿莫西林之后拉肚子、起疹子、有点头晕', m(30, 'F')],
    ['没发烧咳嗽得厉害', m(30)],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});

describe('probe11a: side-by-side denial', () => {
  it('没有头晕心慌 denies both; 没发烧咳嗽得厉害 keeps the cough', () => {
    const a = tri('没有头晕心慌', m(30)).extraction.symptoms;
    expect(a.filter((s) => !s.negated).map((s) => s.id)).toEqual([]);
    const b = tri('没发烧咳嗽得厉害', m(30)).extraction.symptoms;
    expect(b.find((s) => s.id === 'cough')?.negated).toBe(false);
  });
});
