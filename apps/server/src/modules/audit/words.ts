/**
 * The sensitive-word list used by text audit (nicknames, and chat input before sending).
 * Maintained here, by category; each entry is matched after normalisation (full-width, case,
 * traditional → simplified) and with separators between characters ignored (傻*逼, 傻 逼).
 * Variants that normalisation cannot reach (homophones, pinyin abbreviations) are listed as
 * entries of their own. Add words to the right category; the tests check the list's shape.
 *
 * Categories blocking chat and nicknames: insult (abuse, profanity), sexual (pornography,
 * solicitation), violence (violence, terrorism, weapons), gambling, fraud (fake documents,
 * money laundering, scams). Nickname-only: body (anatomy and sexual acts), selfharm, drugs,
 * claims (miracle-cure selling), contact (contact and money bait), impersonation (names posing
 * as the service, staff or authorities).
 */
export const WORDS: Readonly<Record<string, readonly string[]>> = {
  insult: [
    '傻逼', '傻b', '傻比', '煞笔', '沙比', '傻屄', '煞逼', '啥比', '沙雕', '二逼', '装逼', '牛逼', '屌丝', '屌', '吊丝',
    '操你', '操你妈', '草你妈', '艹你妈', '肏', '日你', '日你妈', '干你娘', '干你妈', '去你妈', '你妈逼', '你妈的', '他妈的', '特么的', '尼玛',
    '妈的', '妈蛋', '马勒戈壁', '草泥马', '卧槽', '我操', '我艹', '靠你妈', '贱人', '贱货', '贱种', '婊子', '表子', '狗日', '狗日的', '狗娘养',
    '杂种', '杂碎', '王八蛋', '王八羔子', '龟儿子', '混蛋', '滚蛋', '畜生', '禽兽', '人渣', '废物', '垃圾人', '脑残', '智障', '白痴', '弱智',
    '蠢货', '蠢猪', '死全家', '全家死', '去死', '死妈', '孤儿', '野种', '扑街', '仆街', '丢你老母', '屌你', '鸡巴', '几把', '鸡掰', '撒比',
    'sb', 'nmsl', 'cnm', 'tmd', 'nmb', 'mmp', 'wcnm', 'rnm', 'qnmd', 'fuck', 'fucker', 'fucking', 'motherfucker', 'shit', 'bitch',
    'asshole', 'bastard', 'dick', 'cunt', 'slut', 'whore', 'retard', 'idiot', 'moron', 'wtf', 'stfu',
  ],
  sexual: [
    '色情', '黄片', '黄色网站', 'av女优', '成人视频', '裸聊', '裸照', '约炮', '一夜情', '援交', '包养', '卖淫', '嫖娼', '嫖客', '妓女', '鸡婆',
    '小姐服务', '上门服务', '乱伦', '强奸', '轮奸', '迷奸', '性奴', '淫荡', '淫秽', '骚货', '骚逼',     '迷药', 'porn', 'porno', 'xxx', 'nude', 'nudes',
    'blowjob', 'hentai', 'pussy', 'milf', 'onlyfans',
  ],
  violence: [
    '杀人', '杀了你', '砍死', '捅死', '弄死你', '灭门', '爆炸', '炸弹', '制造炸药', '自制炸药', '恐怖袭击', '恐怖分子', '人体炸弹', '圣战', '屠杀',
    '枪支', '买枪', '卖枪', '手枪出售', '猎枪', '仿真枪', '子弹出售', '管制刀具', '砍刀', '绑架', '撕票', '投毒', '下毒',     '血腥', 'isis', 'jihad', 'kill', 'killer', 'murder', 'bomb', 'terrorist',
  ],
  gambling: [
    '赌博', '赌场', '网赌', '博彩', '彩票预测', '六合彩', '时时彩', '百家乐', '老虎机', '赌球', '赌马', '菠菜', '澳门赌场', '线上娱乐城', '棋牌赌博', '下注',
    '庄家', '代打', 'casino', 'gamble', 'betting',
  ],
  fraud: [
    '办证', '代办证件', '假证', '假文凭', '办假证', '刻章', '发票代开', '代开发票', '洗钱', '套现', '信用卡套现', '网贷', '裸贷', '高利贷', '刷单',
    '兼职刷单', '传销', '资金盘', '杀猪盘', '出售身份证', '买卖器官', '卖肾', '代孕',
      ],
  // Nickname-only categories below: each is a fair subject of a health question in chat
  // (self-harm goes to the engine's triage, never to a block).
  body: ['阴道', '阴茎', '做爱', '性交', '口交', '肛交', '自慰', '撸管', '打飞机', '乳交', '春药', '催情', '催情药', '情趣', 'sex', 'penis', 'vagina', '屄', '屌大'],
  selfharm: ['自杀', '自残', '割腕', '跳楼', '上吊', '烧炭', '安乐死药', '教你自杀', '一起死', '想死', '不想活', 'suicide'],
  drugs: [
    '毒品', '冰毒', '海洛因', '白粉', '吗啡出售', '大麻', '摇头丸', '可卡因', 'k粉', '氯胺酮', '麻古', '鸦片', '罂粟', '安非他命', '甲基苯丙胺',
    '芬太尼', '笑气', '神仙水', '开心水', '听话水', '蓝精灵', 'lsd', '邮票', '吸毒', '贩毒', '溜冰', '飞叶子', 'cocaine', 'heroin', 'meth', 'weed', 'marijuana',
  ],
  claims: ['出售处方药', '无需处方', '包治百病', '根治癌症', '祖传秘方', '神药', '特效药'],
  contact: ['银行卡', '转账', '中奖', '恭喜中奖', '领取奖金', '验证码给我', '加微信', '加v', '加qq', 'vx', 'wx号'],
  impersonation: [
    '管理员', '系统管理员', '官方', '官方客服', '客服', '晓医客服', '晓医官方', '晓医', '医生助理', '专家', '主任医师', '院长', '系统消息', '系统通知',
    '警察', '公安', '网警', '卫健委', '国家卫健委', '医保局', 'admin', 'administrator', 'official', 'support', 'system',
  ],
};

/** Categories that block a chat question; a nickname is checked against every category. */
export const CHAT_CATEGORIES: ReadonlySet<string> = new Set(['insult', 'sexual', 'violence', 'gambling', 'fraud']);
