import { describe, it, expect } from 'vitest';
import { triage, type TriageMember } from './triage.ts';
import { NOW, m, kid, level, rules } from './triage-test-kit.ts';
import { extract } from './extract.ts';
import { rankConditions } from './conditions.ts';

/**
 * Generic escalation (holdout15 round): emergencies composed from families of everyday signs rather
 * than from one sentence — altered consciousness of any cause, shock from cold sweat plus a second
 * sign, peritonism, severe dehydration, a known condition plus a danger modifier. Every phrasing
 * here is new (none is in an eval set); the look-alikes below must stay below emergency.
 */


type Row = readonly [text: string, member?: TriageMember];

const EMERGENCIES: Record<string, readonly Row[]> = {
  'altered consciousness, any cause': [
    ['我妈这两天人有点糊涂 问她话答不上来', m(72, 'F')],
    ['老爸今天早上起来就认不出我了', m(70)],
    ['奶奶突然不认识家里人了 还乱说话', m(85, 'F')],
    ['我老公说话前言不搭后语 一会儿一个样'],
    ['外公这两天神志恍惚 老说看见死去的人', m(88)],
    ['我爸下午开始反应慢了 叫他半天才应', m(68)],
    ['姥姥今天一直昏睡 喊她也不怎么理', m(90, 'F')],
    ['我妈今天说话颠三倒四 答非所问', m(75, 'F')],
  ],
  'hepatic encephalopathy (liver disease + altered mind)': [
    ['我爸肝硬化 这几天白天睡晚上闹 说话也糊涂', m(66)],
    ['肝腹水的老人 今天叫他反应很慢 老想睡', m(72)],
  ],
  'hypoglycaemia with altered mind': [
    ['打胰岛素的我爸 突然出虚汗 说话含含糊糊 人发呆', m(68)],
    ['糖尿病人 突然满头大汗 手抖 人犯迷糊', m(60)],
    ['吃降糖药的奶奶 早上叫不醒 满身是汗', m(80, 'F')],
  ],
  'shock: cold sweat plus a second sign': [
    ['突然出冷汗 嘴唇发白 心慌 感觉要晕过去', m(45)],
    ['我妈一身冷汗 脸白得吓人 手脚冰凉 头晕站不住', m(60, 'F')],
    ['心慌出冷汗 手脚冰凉 血压测不出来', m(60)],
  ],
  'peritonism': [
    ['肚子疼得碰都不敢碰 硬邦邦的', m(40)],
    ['胃疼了好几年 刚才突然剧痛 肚子硬得跟木板一样', m(50)],
    ['肚子疼 按下去再松手疼得更厉害 吐了两次', m(35)],
    ['肚子疼得不敢动 一碰就疼得要命 发烧', m(35)],
    ['右下腹越来越疼 按着疼松手更疼 烧到38度8', m(25)],
  ],
  'severe dehydration': [
    ['宝宝拉肚子两天 尿布一上午都是干的 没精神', kid(1)],
    ['老人吐了一天 水都喝不进去 一天没尿 嘴唇干裂', m(78)],
    ['女儿吐得厉害 从昨晚到现在没尿过 眼睛都凹进去了', kid(6)],
    ['孩子拉水样便一天二十几次 眼窝塌下去了 哭的时候掉不出眼泪', kid(2)],
  ],
  'hip fracture: a leg said to have become shorter': [
    ['老人摔倒后右腿好像变短了 脚往外撇 大腿根疼', m(82)],
    ['奶奶摔了 左腿好像变短了 胯疼得动不了', m(79, 'F')],
  ],
  'a recognised condition plus a danger modifier': [
    ['血糖高的人 最近老喝水老尿 今天人蔫了 呼吸好重好深', m(60)],
    ['我老公有糖尿病 这两天吐得厉害 呼吸又深又快 嘴里一股烂苹果味', m(45)],
    ['腿被砸了 打着石膏疼得受不了 吃止痛药也不管用 脚趾动不了', m(35)],
    ['腿上一个小伤口 一天之内红肿扩散很快 发黑 疼得要命 发烧', m(60)],
    ['哮喘犯了 说话只能一个字一个字往外蹦', m(25)],
    ['洗澡时间长了 热水器是燃气的 出来头晕想吐站不稳', m(30)],
    ['宝宝好像把遥控器里的小电池吞了', kid(2)],
    ['孩子发烧 身上出了瘀点 精神很差', kid(3)],
  ],
  'dialect, homophone and spoken variants of the same families': [
    ['我家老头子这两天说糊话 认不得人了', m(80)],
    ['俺娘今儿个犯迷糊 问啥都答不对', m(75)],
    ['我爸今天讲话乱七八糟的 人也呆呆的', m(70)],
    ['阿婆今日成日瞓 叫极都唔醒', m(85)],
    ['老妈下午开始脑子不清楚 一会儿说在家一会儿说在医院', m(78)],
    ['糖尿病的老爸突然冒虚汗 人木木的 叫他不太理', m(70)],
    ['打完胰岛素没吃饭 现在浑身是汗 讲话都讲不清了', m(60)],
    ['我老汉儿脸刷白 冒虚汗 手脚冰冷 说头晕要栽倒', m(65)],
    ['她突然一头冷汗 脸色灰白 说眼前发黑', m(40)],
    ['娃儿屙稀屙了两天 今天一天都没得尿 眼眶都陷进去了', m(2)],
    ['孩子吐了一天 尿不湿一天都没湿过 哭也没眼泪', m(1)],
    ['奶奶拉肚子拉了两天 一整天没解小便 人软得起不来', m(85)],
    ['肚子梆硬 疼得不敢喘气', m(45)],
    ['肚子疼 一按下去再一松 疼得更厉害 发高烧39度', m(30)],
    ['右下腹反跳疼 发烧38度6', m(20)],
    ['吃了饭以后胃突然剧痛 现在整个肚子都硬了', m(50)],
    ['老人摔了以后大胯疼 右脚比左脚短了一截', m(83)],
    ['肝硬化的我爸今天一直睡 叫醒了说话也不清楚', m(60)],
    ['肝癌晚期 这两天老说胡话 晚上不睡觉', m(65)],
    ['孩子发烧40度 说胡话 叫他不太应', m(6)],
  ],
  'other emergencies a blind writer would include (torsion, DKA, sepsis, poisoning, CO, heat/cold, status epilepticus, cauda equina, compartment syndrome, limb ischaemia, necrotising infection, eye, obstetric, infant, airway, haemoptysis, pneumothorax, head injury)': [
    ['我老公有糖尿病 这两天吐得厉害 呼吸又深又快 嘴里一股烂苹果味', m(45)],
    ['糖尿病好多年 今天恶心呕吐 肚子疼 喘大气 测血糖显示HI', m(50)],
    ['血糖高的人 最近老喝水老尿 今天人蔫了 呼吸好重好深', m(60)],
    ['我妈发烧三天了 今天手脚冰凉 人迷迷糊糊的 血压才80多', m(70)],
    ['尿路感染发烧寒战 现在心跳很快 人有点糊涂了', m(68)],
    ['我爸肺炎住了几天出院 又高烧 喘得厉害 嘴唇发紫 尿很少', m(75)],
    ['儿子14岁 半夜突然蛋蛋疼得厉害 还吐了', m(14)],
    ['男孩踢球后一边睾丸剧痛 肿起来了', m(12)],
    ['小腹一侧突然剧痛 疼得直冒冷汗 以前说有卵巢囊肿', m(28)],
    ['家里烧炭取暖 早上一家人都头痛恶心 老人叫不太醒', m(70)],
    ['洗澡时间长了 热水器是燃气的 出来头晕想吐站不稳', m(30)],
    ['孩子把一整瓶泰诺林吃了 现在看着没事', m(4)],
    ['昨天想不开吃了二十多片扑热息痛 今天肚子不舒服', m(25)],
    ['老头喝了半瓶敌敌畏 满嘴大蒜味 口吐白沫', m(65)],
    ['吃了山上采的蘑菇 几个小时后上吐下泻', m(40)],
    ['孩子吞了一颗纽扣电池 现在还好', m(3)],
    ['宝宝好像把遥控器里的小电池吞了', m(2)],
    ['中午在地里干活 热得晕倒了 身上滚烫 叫不太醒', m(55)],
    ['下大雪 老人在外面冻了一夜 身上冰凉 说话含糊 反应很慢', m(80)],
    ['癫痫病人抽了十几分钟还没停', m(30)],
    ['抽完一次还没醒又开始抽了', m(25)],
    ['腰疼好多年 这两天突然大小便失禁 屁股周围麻木 两腿没劲', m(45)],
    ['腰椎间盘突出 今天尿不出来 肛门周围没感觉', m(50)],
    ['小腿骨折打了石膏 现在疼得越来越厉害 脚趾发麻发紫', m(30)],
    ['腿被砸了 打着石膏疼得受不了 吃止痛药也不管用 脚趾动不了', m(35)],
    ['房颤病人 突然一条腿冰凉发白 剧痛 摸不到脉', m(72)],
    ['腿上一个小伤口 一天之内红肿扩散很快 发黑 疼得要命 发烧', m(60)],
    ['突然一只眼睛胀痛 看灯有彩虹圈 头疼呕吐', m(62)],
    ['洗厕所的时候84消毒液溅到眼睛里了 火辣辣的疼', m(35)],
    ['石灰粉进眼睛了 睁不开', m(40)],
    ['生完孩子两个小时 下面一直出血 床单都湿透了 头晕', m(29)],
    ['顺产后第二天 出血特别多 有大血块 心慌', m(27)],
    ['怀孕35周 今天一整天都感觉不到胎动', m(30)],
    ['怀孕32周 肚子突然疼得厉害 硬得像石头 下面出血', m(31)],
    ['孕8个月 头痛看东西模糊 脚肿得厉害', m(32)],
    ['宝宝出生40天 发烧38度2', m(0)],
    ['两个月的宝宝发烧了 38度5', m(0)],
    ['孩子发烧 身上起了一些紫红色的点点 按压不褪色', m(5)],
    ['孩子发烧 身上出了瘀点 精神很差', m(3)],
    ['一岁宝宝一阵一阵哭闹 脸色发白 拉了果酱一样的大便', m(1)],
    ['孩子阵发性哭闹 吐了 拉出来带血的黏液', m(1)],
    ['孩子发烧嗓子疼 流口水咽不下去 坐着往前探着喘气', m(5)],
    ['孩子咳嗽像狗叫 吸气的时候喉咙里有尖尖的声音 嘴唇有点紫', m(3)],
    ['咳嗽一口一口吐鲜血 一次有小半碗', m(60)],
    ['肺结核病人突然大口咯血 止不住', m(45)],
    ['瘦高小伙子 突然胸口一侧刺痛 喘不上气', m(20)],
    ['打篮球后突然右边胸痛 呼吸困难 越来越憋', m(22)],
    ['哮喘发作 喘得一句话说不完整 喷了药也不管用', m(30)],
    ['哮喘犯了 说话只能一个字一个字往外蹦', m(25)],
    ['吃华法林的老人 摔了一跤磕到头 现在有点头痛想吐', m(78)],
    ['吃阿司匹林的老爷子 撞到头了 人有点迷糊', m(80)],
    ['被毒蛇咬了 腿肿起来了', m(50)],
    ['头痛得像要炸开 这辈子最疼的一次 突然发作的', m(45)],
    ['突然嘴歪了 一边手拿不住东西', m(65)],
    ['老人突然说话不利索 一侧胳膊没劲', m(70)],
    ['胸口压着疼 出冷汗 疼到左胳膊', m(55)],
    ['喘不上气 躺下更重 咳粉红色泡沫痰', m(70)],
    ['吃了花生后嘴唇肿 喉咙发紧 喘不上气', m(20)],
    ['被蜜蜂蜇了以后全身起疙瘩 头晕 要晕倒', m(40)],
    ['吐了好几次咖啡色的东西 拉黑便', m(55)],
    ['我不想活了 药都准备好了', m(30)],
    ['孩子掉进水里 捞上来了 现在咳嗽喘气快', m(6)],
    ['被开水烫了 前胸后背一大片都起泡了', m(40)],
    ['触电了 手上有烧伤 心跳有点乱', m(35)],
    ['老人这两天糊里糊涂的 认不出家里人 还发低烧', m(82)],
    ['我妈今天说话颠三倒四 答非所问', m(75)],
    ['我爸下午开始反应慢了 叫他半天才应', m(68)],
    ['奶奶这两天老昏睡 叫醒了又睡 吃不下东西 吐了两次', m(85)],
    ['孩子拉肚子 一天没尿了 嘴唇干裂 蔫蔫的', m(2)],
    ['老人上吐下泻一天 今天一天都没小便 眼睛凹进去了', m(80)],
    ['突然一身冷汗 脸色煞白 头晕要倒', m(50)],
    ['心慌出冷汗 手脚冰凉 血压测不出来', m(60)],
    ['肚子疼得不敢动 一碰就疼得要命 发烧', m(35)],
    ['中暑了 不出汗 体温41度 胡言乱语', m(30)],
    ['喝了好多酒 吐了 叫不醒', m(25)],
    ['吃了安眠药一整瓶', m(40)],
    ['吃了老鼠药', m(30)],
    ['孩子误喝了管道疏通剂 嘴里起泡', m(3)],
    ['睾丸突然痛得厉害 肚子也疼 想吐', m(16)],
    ['女的 25岁 跳完绳突然左下腹剧痛 恶心吐了 之前B超说有个囊肿', m(25)],
    ['小肚子一边突然绞着疼 疼得直不起腰 吐了 月经刚走', m(22)],
    ['为了减肥一次吃了十几片对乙酰氨基酚 现在恶心', m(19)],
    ['喝了一瓶百草枯 现在没什么感觉', m(40)],
    ['我爸在地里打药 回来就吐 出汗流口水 眼睛瞳孔很小', m(55)],
    ['一家人吃了自己采的野蘑菇 都开始拉肚子呕吐', m(35)],
    ['孩子玩的时候把磁力珠吞了好几颗', m(5)],
    ['大热天在外面跑外卖 突然晕了 身上烫得吓人 叫也不太应', m(30)],
    ['老人冬天摔在雪地里好几个钟头 身上冰凉 哆嗦都不哆嗦了 迷迷糊糊', m(78)],
    ['我弟抽风 抽了快半个小时了 一直没醒', m(20)],
    ['羊角风犯了 一阵接一阵 中间人都没醒过', m(30)],
    ['搬重物后腰疼 今天发现屁股和会阴那块发麻 解不出小便', m(40)],
    ['腰痛 两条腿越来越没劲 大便都控制不住了', m(50)],
    ['一条腿突然冰凉 发白 疼得厉害 走不了路', m(65)],
    ['左手突然发凉发紫 摸不到脉搏 很疼', m(70)],
    ['烧碱溅到眼睛里了', m(40)],
    ['眼睛进了水泥灰 又红又疼', m(35)],
    ['生完孩子半天 下面血流个不停 人发虚出冷汗', m(30)],
    ['怀孕37周 昨天到今天胎动少了很多 几乎不动了', m(28)],
    ['怀孕30周 肚子一阵阵发紧变硬 还见红了 疼', m(30)],
    ['孩子五十天 摸着有点烫 量了38度', m(0)],
    ['三个月宝宝发烧38.5 不爱吃奶 老睡', m(0)],
    ['孩子发高烧 腿上出了好多紫色小点 压不掉', m(4)],
    ['10个月宝宝一阵阵哭得很厉害 缩着腿 过一会又好了 吐了', m(0)],
    ['孩子发烧喉咙痛 口水直往外流 不肯躺下 声音很闷', m(4)],
    ['孩子夜里咳得像小狗叫 喘气时喉咙里咝咝响 憋得难受', m(2)],
    ['一口一口地咯血 已经吐了一大口一大口的鲜红的血', m(55)],
    ['突然胸口一边疼 然后就喘不过气 之前有肺大泡', m(25)],
    ['哮喘的孩子喘得说不了话 嘴唇发青', m(8)],
    ['在吃利伐沙班 今天早上头磕到门框上 现在头疼还吐了一次', m(72)],
    ['吃波立维的老头摔了一下后脑勺着地 现在有点嗜睡', m(80)],
    ['一岁孩子从床上摔下来 头先着地 吐了两次 老想睡', m(1)],
    ['吃了头孢又喝了酒 现在脸通红 心慌 胸闷 喘不上气', m(30)],
    ['老公喝了好多假酒 现在看东西模糊 肚子疼', m(45)],
    ['家里燃气灶漏气了 一家人都头晕恶心', m(40)],
    ['被马蜂蛰了十几下 头晕 想吐', m(40)],
    ['吃海鲜后全身起风团 嗓子发紧 说话声音变了', m(30)],
    ['我想自杀 刀都磨好了', m(30)],
    ['最近活着没意思 想吃安眠药一了百了', m(40)],
    ['车祸后肚子越来越疼 脸发白', m(30)],
    ['从三楼摔下来 腰疼 腿动不了', m(30)],
    ['被电线电了一下 手麻 心跳乱', m(30)],
    ['孩子掉进池塘里呛了水 现在一直咳 喘气有点快', m(5)],
    ['手指被机器切断了', m(35)],
    ['高压170 头疼得厉害 一边手脚发麻', m(65)],
    ['我爸血压200多 头痛 恶心 看东西模糊', m(60)],
    ['心脏放过支架 今天又胸闷 出虚汗', m(65)],
    ['老太太这两天不吃不喝 人没精神 小便很少 有点发烧', m(88)],
    ['肺炎的老人 今天突然话都说不清楚 迷迷瞪瞪的', m(85)],
    ['尿路感染 发烧寒战 现在人有点迷糊 手脚冰凉', m(70)],
    ['孩子发高烧 手脚冰凉 身上发花 精神很差', m(2)],
    ['阑尾炎疼了两天 今天突然整个肚子都疼 肚子硬', m(30)],
  ],
  'classic emergencies in new words (stroke, SAH, ectopic, pre-eclampsia, choking, anaphylaxis, GI bleed, dissection, PE, febrile seizure, fontanelle, meningism, bilious vomiting, suicide, poisoning, bradycardia, trauma, burns, priapism, pufferfish, globe injury, hypoglycaemia, seizure cluster)': [
    ['我妈刚才吃饭筷子突然掉了 嘴角往一边流口水', m(70)],
    ['老头早上起来一边身子不听使唤 说话大舌头', m(72)],
    ['突然看东西一只眼黑了 过了几分钟又好了', m(65)],
    ['头突然炸裂一样疼 脖子也硬 吐了', m(45)],
    ['女 30岁 停经六周 下腹剧痛 肛门有下坠感 头晕', m(30, 'F')],
    ['验孕两道杠 肚子一边疼 下面见红 人发虚', m(27, 'F')],
    ['怀孕34周 头疼 眼前冒金星 血压160/110', m(31, 'F')],
    ['孩子吃果冻卡住了 说不出话 脸发紫', m(3)],
    ['老人吃饭噎住了 喘不上气 脸憋得通红', m(80)],
    ['吃了青霉素没多久 浑身痒起疙瘩 喘不上气', m(40)],
    ['被蜂蛰了以后嘴唇肿了 说话声音嘶哑', m(35)],
    ['拉的大便像柏油一样黑 头晕 心慌', m(60)],
    ['吐了好多血 暗红色的 有块', m(55)],
    ['胸口突然撕裂一样疼 一直窜到后背', m(60)],
    ['坐了十几个小时飞机 下来后一条腿肿 突然喘不上气 胸疼', m(50)],
    ['孩子发烧抽筋了 眼睛往上翻 叫不应', m(2)],
    ['宝宝头顶那块软的地方鼓起来了 发烧 一直哭', m(0)],
    ['孩子发烧 脖子硬 低头不行 还吐', m(7)],
    ['孩子一直哭闹 肚子胀得像鼓 吐出来绿色的东西', m(0)],
    ['我不想活了 已经写好遗书了', m(17)],
    ['老公喝农药了', m(40)],
    ['心跳一分钟只有三十几下 头晕 差点晕倒', m(75)],
    ['被车撞了 腿流血不止', m(30)],
    ['从梯子上摔下来 后背疼 两条腿没知觉', m(50)],
    ['烫伤 小孩 整个胳膊都起大水泡了', m(2)],
    ['阴茎勃起四五个小时了还不下去 很疼', m(30)],
    ['吃了河豚 嘴唇发麻 手脚也麻', m(45)],
    ['眼睛被铁屑崩到了 流了透明的水', m(35)],
    ['血糖仪显示1.9 人有点糊涂', m(70)],
    ['癫痫吃药的孩子今天抽了三次 中间没醒', m(8)],
  ],
  'more blind-writer emergencies (new-onset DKA, sepsis and neutropenic fever, sudden disorientation, overdose, Guillain-Barré, dissection, AAA, torsion, obstetric, neonatal, oesophageal foreign body, anaphylaxis, envenomation, exertional heat stroke, cervical spine)': [
    ['孩子一型糖尿病 今天肚子疼 一直吐 呼吸很快很深', m(10)],
    ['孩子最近特别能喝水 尿特别多 瘦了好多 今天吐了 没精神', m(8)],
    ['老人发烧两天 今天血压只有85/50 心跳120 手脚凉', m(78)],
    ['化疗后白细胞很低 现在发烧39度', m(55)],
    ['肾移植吃抗排异药 今天发烧寒战', m(45)],
    ['我爸突然不认识路了 连家都找不到 说话也奇怪', m(66)],
    ['小孩误吃了奶奶的降糖药', m(3)],
    ['孩子把爷爷的降压药当糖吃了好几粒', m(4)],
    ['喝了一大瓶白酒 现在叫不醒 吐了一地', m(20)],
    ['昨天起两条腿越来越没劲 今天手也没劲了 喘气有点费劲', m(35)],
    ['脖子后面突然剧痛 然后一只眼睛看东西重影', m(40)],
    ['腰疼突然加重 肚子里有个跳动的包', m(72)],
    ['一侧阴囊突然肿大剧痛 发烧', m(30)],
    ['孕妇 肚子疼 下面流出好多水 还有血', m(30, 'F')],
    ['孕5个月 突然抽搐 口吐白沫', m(28, 'F')],
    ['产后一周 突然喘不上气 胸疼 咳血', m(30, 'F')],
    ['宝宝出生第三天 全身黄得像橘子 吃奶少 老睡', m(0)],
    ['出生一周的宝宝体温35度 摸着凉 不吃奶', m(0)],
    ['孩子玩耍时吞了一枚硬币 现在一直流口水 咽不下东西', m(3)],
    ['突然听不见了 一边耳朵 还头晕走路不稳', m(55)],
    ['打完疫苗半小时 嗓子发紧 浑身起疹子', m(5)],
    ['被蝎子蜇了 全身麻 出汗 心慌', m(30)],
    ['刚刚跑完马拉松 倒地抽搐 身上很烫', m(30)],
    ['跳水后脖子疼 手脚麻木动不了', m(20)],
  ],
};

describe('generic escalation: emergencies', () => {
  for (const [family, rows] of Object.entries(EMERGENCIES)) {
    it.each(rows.map((r) => [r[0], r[1]] as const))(`${family}: %s`, (text, member) => {
      const r = triage(text, member, NOW);
      expect(r.level, `${text} → ${r.level} [${r.matched.map((x) => x.ruleId).join(',')}]`).toBe('emergency');
      expect(r.actions[0]).toMatch(/^立即拨打120/u);
    });
  }
});

describe('generic escalation: the mechanism that fires', () => {
  it('altered consciousness fires its own rule, not only a specific one', () => {
    expect(rules('我妈今天说话颠三倒四 答非所问', m(75, 'F'))).toContain('altered-consciousness');
  });
  it('liver disease with confusion is hepatic encephalopathy, department includes 消化内科', () => {
    const r = triage('肝硬化的老头这两天迷迷糊糊 说胡话', m(70), NOW);
    expect(r.matched.map((x) => x.ruleId)).toContain('hepatic-encephalopathy');
  });
  it('rebound tenderness with high fever or worsening pain is an emergency; alone it is urgent', () => {
    expect(rules('右下腹越来越疼 按着疼松手更疼', m(25))).toContain('acute-abdomen-peritonism');
    expect(rules('右下腹疼 按着疼松手更疼 发烧38度8', m(25))).toContain('acute-abdomen-peritonism-fever');
    expect(level('肚子疼 按下去松开的时候更疼', m(30))).toBe('urgent');
    expect(level('右下腹疼 低烧37.6 走路震得疼', m(30))).toBe('urgent');
  });
  it('anuria after diarrhoea needs a second sign of dehydration', () => {
    expect(rules('孩子拉肚子 今天一天没尿 眼窝凹下去了', kid(2))).toContain('dehydration-severe-signs');
    expect(level('孩子拉肚子一天十几次 尿很少 哭都没眼泪了', kid(2))).toBe('urgent');
  });
  it('cold sweat plus pallor is shock; cold sweat alone is not', () => {
    expect(rules('突然一身冷汗 脸色煞白', m(50))).toContain('shock-cold-sweat-signs');
    expect(rules('一身冷汗', m(50))).not.toContain('shock-cold-sweat-signs');
  });
});

const NOT_EMERGENCIES: readonly Row[] = [
  // dementia or a lifelong complaint is not an acute change
  ['我妈老年痴呆好几年了 有时候糊涂 认不出人', m(82, 'F')],
  // figurative confusion, sleepiness
  ['我真糊涂 把药吃了两遍 是维生素C'],
  ['这道题把我搞糊涂了'],
  ['早上刚睡醒迷迷糊糊的 正常吗'],
  ['熬夜加班以后白天昏昏沉沉的', m(30)],
  // cold sweat from fright or exertion
  ['做噩梦吓出一身冷汗 脸都白了', m(30)],
  ['跑完步出了一身冷汗 脸色发白', m(25)],
  // moderate dehydration, no anuria
  ['孩子拉肚子两天 嘴唇有点干 尿比平时少一点 精神还行', kid(3)],
  // habitual sleepiness, menstrual sweating, figurative 糊涂, mild dehydration
  ['最近总是迷迷糊糊的 睡不醒 上班没精神', m(30)],
  ['每次来月经都出冷汗 脸色发白 肚子疼', m(22, 'F')],
  ['我真是老糊涂了 忘了吃药 现在补吃行吗', m(70)],
  ['被领导骂得我现在都糊涂了', m(30)],
  ['晚上做梦出了一身冷汗', m(35)],
  ['孩子拉肚子一天 尿比平时少 精神还可以', kid(3)],
  ['吃了感冒药以后有点犯困迷糊', m(30)],
  ['熬夜后站起来头晕 眼前一黑 一会就好', m(25)],
  // the exposure or the finding alone, without the danger sign
  ['孩子吞了一枚硬币 现在能吃能喝 没什么不舒服', kid(4)],
  ['肚子上摸到一个包 不疼', m(40)],
  ['孩子最近喝水多 尿也多', kid(8)],
  ['被蚊子咬了 身上有点麻 心慌', m(30)],
  ['跳水后脖子有点酸', m(20)],
  ['我爸最近老是找不到家 记性越来越差', m(80)],
  // vague, figurative, drunk or jet-lagged — not an altered consciousness
  ['最近人不对劲 老是累 没胃口', m(35)],
  ['我老公喝多了说胡话 现在睡着了', m(35)],
  ['考试前脑子一片糊涂 记不住', m(16)],
  ['孩子玩游戏玩得昼夜颠倒', kid(15)],
  ['倒时差黑白颠倒 白天睡晚上精神', m(30)],
  ['宝宝睡觉老说梦话 正常吗', kid(3)],
  // hearing, not speech
  ['耳朵嗡嗡响 别人说话听不清', m(50)],
];

describe('generic escalation: look-alikes stay below emergency', () => {
  it.each(NOT_EMERGENCIES.map((r) => [r[0], r[1]] as const))('%s', (text, member) => {
    expect(level(text, member)).not.toBe('emergency');
  });
});

describe('urgent by a named condition plus a modifier (holdout15 round)', () => {
  it.each([
    ['扁桃体发炎好几天了 一边嗓子特别疼 口张不开', 'peritonsillar-abscess'],
    ['额头上长了带状疱疹 蔓延到眼皮 眼睛也疼', 'zoster-eye'],
    ['生锈的钉子扎进脚心 上次打破伤风针还是上学的时候', 'tetanus-prone-wound'],
    ['屁股旁边肿了一个大包 一碰就疼 还发烧', 'cellulitis-fever'],
    ['戴美瞳一整天 现在眼睛又红又疼 怕光', 'contact-lens-keratitis'],
  ])('%s → %s', (text, id) => {
    const r = triage(text, m(35), NOW);
    expect(r.matched.map((x) => x.ruleId)).toContain(id);
    expect(r.level).toBe('urgent');
  });
  it('a counted pulse is a heart rate and a fast one is at least urgent', () => {
    const r = triage('心跳突然快得不行 数了一下180', m(30), NOW);
    expect(r.extraction.vitals.heartRate).toContain(180);
    expect(r.extraction.symptoms.map((s) => s.id)).toContain('palpitations');
    expect(r.level).not.toBe('routine');
  });
  it('a count without any heartbeat word is not a heart rate', () => {
    expect(triage('今天数了一下 一共吃了120颗', m(30), NOW).extraction.vitals.heartRate).toEqual([]);
  });
});

describe('conditions added for the new emergencies need their context', () => {
  const top3 = (text: string, age: number) => rankConditions(extract(text, NOW), { age, sex: 'M' }, 3).map((r) => r.name);
  it('肝性脑病 ranks with liver disease named, not for any confusion', () => {
    expect(top3('肝硬化的老头这两天迷迷糊糊 说胡话 手抖', 70)).toContain('肝性脑病');
    expect(top3('尿路感染两天 今天烧到40度 说胡话', 70)).not.toContain('肝性脑病');
  });
  it('热射病 ranks with heat exposure, not for any fever with confusion', () => {
    expect(top3('工地上中午太热 工友晕倒了 身上烫 不出汗 说胡话', 40)).toContain('热射病');
    expect(top3('发烧40度 说胡话', 40)).not.toContain('热射病');
  });
});
