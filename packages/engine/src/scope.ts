/**
 * Scope: the 3034 refusal ("晓医暂时无法回答这个问题") is a positive decision that a question is
 * about a clearly non-health topic (stocks, weather, homework, coding, travel, entertainment …),
 * never the default for a question the vocabulary did not recognise. Anything that mentions a
 * person's body, an injury, behaviour or sleep, what a food or supplement does, a test, a drug,
 * an implant or care is in scope and gets an answer (chat-core §8: 3034 is for out-of-scope
 * questions only).
 */

/** Clearly non-health topics. Each alternative is a topic word, not a health word in disguise. */
const OFF_TOPIC = new RegExp(
  [
    // money and markets
    '股票|股市|大盘|a股|港股|美股|基金|涨停|跌停|炒股|理财|比特币|币圈|汇率|利率|房价|买房|房贷|车贷|贷款|信用卡|彩票|中奖',
    // weather and calendar
    '天气|下雨吗|下雪吗|气温多少|天气预报|台风路径|几号放假|放假安排|星期几|农历',
    // school and work
    '作业|数学题|应用题|作文|古诗|文言文|英语单词|翻译成|翻译一下|考试答案|高考分数|考研|简历|面试技巧|论文格式',
    // computers and gadgets
    '编程|代码|写个程序|python|java(?:script)?|c\\+\\+|sql|bug|报错|电脑|手机|平板|笔记本|相机|耳机|电视机|冰箱|洗衣机|空调|wifi|路由器|显卡|excel|ppt',
    // leisure
    '电影|电视剧|综艺|小说|歌词|唱歌|游戏|王者荣耀|原神|足球|篮球|比分|世界杯|nba|明星|八卦|星座|算命|风水|塔罗',
    // travel, shopping, cooking, cars, pets' tricks
    '机票|火车票|高铁票|酒店|景点|旅游攻略|快递|外卖|优惠券|淘宝|拼多多|京东|红烧肉怎么做|怎么做菜|菜谱|做法|汽车|保养车|加油站|驾照',
    // general trivia
    '历史上|哪个朝代|首都是|宇宙|恐龙|笑话|讲个故事|脑筋急转弯|谜语',
  ].join('|'),
  'iu',
);

/**
 * Health signals that keep a question in scope even next to an off-topic word (考试前紧张得拉肚子,
 * 玩游戏玩到眼睛疼, 天气一变膝盖就疼): the body, injury, symptoms, behaviour and sleep, care,
 * tests, drugs and supplements, foods asked about for their effect.
 */
const HEALTH = new RegExp(
  [
    // body and its parts
    '身体|身上|头(?!条|像|发型|等舱)|脸|眼|耳|鼻|嘴|牙|舌|喉|嗓|脖|颈|胸|心|肺|肝|胆|胃|肠|肚|腹|腰|背|肾|膀胱|尿|大便|小便|便秘|便血|拉稀|屎|屁|皮肤|手(?!机|续|游|表|柄)|脚|腿|膝|关节|骨|肌|血|神经|(?<!电)脑|子宫|卵巢|乳|睾|蛋蛋|阴(?!天|雨)|肛|囟',
    // symptoms, injury, illness
    '疼|痛|痒|肿|晕|吐|咳|喘|发烧|发热|燥热|冷汗|麻木|发麻|抽搐|抽筋|酸痛|酸胀|发酸|胀|烫|泡|伤|摔|撞|割|划|咬|中毒|过敏|病|症|炎|癌|瘤|感冒|不舒服|难受|虚',
    // behaviour, mind, sleep
    '睡|失眠|情绪|焦虑|抑郁|紧张|害怕|幻|监视|害他|害我|自杀|不想活|发疯|疯了|精神|脾气|打人|砍|刀|记性|糊涂',
    // care, tests, implants
    '医|药|诊|(?<!政)治|手术|住院|挂号|检查|化验|体检|报告|指标|核磁|磁共振|\\bct\\b|b超|彩超|x光|心电|钢板|支架|假牙|起搏器|疫苗|打针|输液|护理|康复|怀孕|孕|月经|哺乳|母乳|喂奶',
    // foods and supplements asked about for what they do
    '补血|补钙|补肾|补气|养生|保健|营养|维生素|蛋白粉|枸杞|红枣|阿胶|人参|燕窝|鱼油|益生菌|减肥|瘦身|体重|血糖|血压|血脂|胆固醇|作用|功效|副作用',
    // effects on a person: 对身体, 健康, 吃多了会…, 熬夜, 压力, 长胖
    '健康|对身体|吃多了|喝多了|多吃|少吃|热量|卡路里|长胖|发胖|熬夜|压力大|好累|疲劳|心情|辐射|戒烟|戒酒|抽烟|喝酒|免疫|近视|视力|听力|长高|发育|生孩子|备孕|避孕',
    // people who are cared for
    '宝宝|婴儿|新生儿|孩子发|老人',
  ].join('|'),
  'iu',
);

/** Questions about using the app itself (添加家庭成员, 切换成员, 上传报告): in scope, intent 其他. */
const APP_HELP = /(?:这个|你们的?)?(?:app|软件|小程序|晓医).{0,12}(?:怎么|如何|在哪|哪里)|(?:怎么|如何|在哪|哪里).{0,6}(?:添加|加|删除|切换|修改|编辑|上传|绑定|注册|登录|注销|设置)(?:一下)?.{0,4}(?:家庭成员|成员|档案|家人|报告|账号|头像|手机号)/iu;

/** True when the question is about a clearly non-health topic and names nothing health-related. */
export function isOffTopic(text: string): boolean {
  if (HEALTH.test(text) || APP_HELP.test(text)) return false;
  return OFF_TOPIC.test(text);
}

/** True for a question about using the app (managing family members, reports, the account). */
export function isAppHelp(text: string): boolean {
  return APP_HELP.test(text);
}
