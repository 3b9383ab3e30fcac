/**
 * Traditional → simplified Chinese character table for query normalisation.
 *
 * Two parallel strings: the character at index i of `T2S_TRADITIONAL` becomes the character at
 * index i of `T2S_SIMPLIFIED`. Lines are 40 characters long in both so a pair is easy to find.
 * The table covers the characters of the lexicon's names and synonyms that have a traditional
 * form (per 《简化字总表》, 1986) plus common medical and everyday characters, so that input typed
 * on a traditional keyboard (高血壓, 膽囊, 藥) finds the simplified entries. It is character-level
 * only: vocabulary differences between regions (e.g. 攝護腺 for 前列腺) are synonyms in the data.
 * A character that simplified Chinese also uses as it is (噁 in 复方磺胺甲噁唑) is left out, and a
 * test checks that the data never contains a mapped character.
 *
 * To add a pair: append the traditional character to the last line of the first string and the
 * simplified one at the same position of the second; `t2s.test.ts` checks lengths, duplicates and
 * that no simplified character is itself mapped.
 */

/** Traditional (and variant) characters, index-aligned with {@link T2S_SIMPLIFIED}. */
export const T2S_TRADITIONAL =
  '醫藥葯劑療診癥臟髒腸腎膽腦膚腫膿脈臍膠脫腳臉頸顱顳頜頭髖髕體齶齲齦齒齡聾聹瞼竇闌' +
  '脹脅膩臘瘍瘡瘋皰癆瘓癇癡瘻瘺癱癮癬癲癢癤癰瘧痙痠癒瘂癩瘲痺蕁潰瀉嘔惡暈燒熱發髮鬆' +
  '壓氣嚥嚨鬱憂慮驚懷產婦嬰兒經絕衛衞營養飲飯檢驗術輸針鍼縫線鏡顆錠鈣鉀鈉鎂鋅鐵鋁鉍' +
  '銨銀鋰鎳鈷鉛銅氫鹼鹽醣纖維質臨處號斷層掃電圖蝦蠔蠣貝魚魷鱗鮮雞鷄鴨鵝鳥麥麩麵麪蕎' +
  '蘋薑蔥豬貓蟲蟯蟎蠶蠅塵黴煙濕濁濃漿蘭蘇蘆蘿藍薊蘚葉莖繭穀穫獲獼龍鳳驢馬鹵滷醬萬絲' +
  '嚴麗烏樂習亂亞侖優偉傳傷倫偽側僂關內衝沖凍淨準減凱擊剛創別製剝劇勞動區華單壞塊堅' +
  '復複夾奧妝媽寧寵宮賓對尋導壽爾屬島峽巰帶乾幹廣慶庫應開張彌彎彈強憶態總悅懸慣撲紮' +
  '託擴護掛損換攜撐無時舊暫殺桿楊傑標樹樣橋樺夢櫞歐畢溝潑澤淺滲滯滿濱滅靈爐爛愛狀獨' +
  '狹瑪環現瓊蓋盤矯礙離種祕穢穩積類係繫緊紅純納紛組細終絨結絡絞統綜緩纏縮纈網羅羥聯' +
  '節蕩盪濛矇補裝視觸許語諾調譜貧賀貽賊賴贅賽轉輪軟輕輔達過邁進遠連適遺遙釋釘鋼錢鈴' +
  '鏈鋒銳錯錐鎮長門閉間閘陽陰陣陳隱難霧靜韋順預頗頻顛顫風飛飾駁驍魯鳴黃齊個們來從為' +
  '爲麼東兩並併書雲僅價眾衆會興況涼劃則務勢協賣盧歷曆廠員問響啞園場報聲備學實寶審寫' +
  '寬將專盡儘歲師莊異歸當錄戶擾擔擬擇擠據攝擺搖數顯曬雜條樓橫殘漢湯沒淚潔濟塗湧潤澀' +
  '漸溫濾燈災點煩燙監碼確禮禿稱筆簡紀約級紙練織繞給續綠編義翹職聽藝範榮薩虛見觀規覺' +
  '計認讓議記講論設證評識訴詞試話該詳誤說請讀負責貼費資車載較輻邊運還這悶聞階隊險隨' +
  '週裏裡喫啟啓獃幾顏額願飽餓館驟鬥鬧';

/** Simplified characters, index-aligned with {@link T2S_TRADITIONAL}. */
export const T2S_SIMPLIFIED =
  '医药药剂疗诊症脏脏肠肾胆脑肤肿脓脉脐胶脱脚脸颈颅颞颌头髋髌体腭龋龈齿龄聋聍睑窦阑' +
  '胀胁腻腊疡疮疯疱痨痪痫痴瘘瘘瘫瘾癣癫痒疖痈疟痉酸愈痖癞疭痹荨溃泻呕恶晕烧热发发松' +
  '压气咽咙郁忧虑惊怀产妇婴儿经绝卫卫营养饮饭检验术输针针缝线镜颗锭钙钾钠镁锌铁铝铋' +
  '铵银锂镍钴铅铜氢碱盐糖纤维质临处号断层扫电图虾蚝蛎贝鱼鱿鳞鲜鸡鸡鸭鹅鸟麦麸面面荞' +
  '苹姜葱猪猫虫蛲螨蚕蝇尘霉烟湿浊浓浆兰苏芦萝蓝蓟藓叶茎茧谷获获猕龙凤驴马卤卤酱万丝' +
  '严丽乌乐习乱亚仑优伟传伤伦伪侧偻关内冲冲冻净准减凯击刚创别制剥剧劳动区华单坏块坚' +
  '复复夹奥妆妈宁宠宫宾对寻导寿尔属岛峡巯带干干广庆库应开张弥弯弹强忆态总悦悬惯扑扎' +
  '托扩护挂损换携撑无时旧暂杀杆杨杰标树样桥桦梦橼欧毕沟泼泽浅渗滞满滨灭灵炉烂爱状独' +
  '狭玛环现琼盖盘矫碍离种秘秽稳积类系系紧红纯纳纷组细终绒结络绞统综缓缠缩缬网罗羟联' +
  '节荡荡蒙蒙补装视触许语诺调谱贫贺贻贼赖赘赛转轮软轻辅达过迈进远连适遗遥释钉钢钱铃' +
  '链锋锐错锥镇长门闭间闸阳阴阵陈隐难雾静韦顺预颇频颠颤风飞饰驳骁鲁鸣黄齐个们来从为' +
  '为么东两并并书云仅价众众会兴况凉划则务势协卖卢历历厂员问响哑园场报声备学实宝审写' +
  '宽将专尽尽岁师庄异归当录户扰担拟择挤据摄摆摇数显晒杂条楼横残汉汤没泪洁济涂涌润涩' +
  '渐温滤灯灾点烦烫监码确礼秃称笔简纪约级纸练织绕给续绿编义翘职听艺范荣萨虚见观规觉' +
  '计认让议记讲论设证评识诉词试话该详误说请读负责贴费资车载较辐边运还这闷闻阶队险随' +
  '周里里吃启启呆几颜额愿饱饿馆骤斗闹';

const T2S_MAP: ReadonlyMap<string, string> = (() => {
  const traditional = Array.from(T2S_TRADITIONAL);
  const simplified = Array.from(T2S_SIMPLIFIED);
  const map = new Map<string, string>();
  traditional.forEach((t, i) => {
    const s = simplified[i];
    if (s !== undefined) map.set(t, s);
  });
  return map;
})();

/** Number of characters the table maps. */
export const T2S_SIZE = T2S_MAP.size;

/** Replaces every traditional character the table knows with its simplified form; other characters are kept. */
export function toSimplified(text: string): string {
  let out = '';
  for (const ch of text) out += T2S_MAP.get(ch) ?? ch;
  return out;
}
