//! Scoring of candidate decodings: how much a decoded text looks like text
//! its encoding was made for.
//!
//! The method is ogatak's `guess_charset` (script-specific characters score
//! high, replacement and control characters low, each language is penalised
//! for characters it would not produce) combined with sgfutils' `sgfcharset`
//! idea of tables of frequent characters, including the words every Go
//! record uses (黑/胜/段/目 in Chinese, 黒/勝 in Japanese, 흑/백/집 in
//! Korean). A wrong CJK decoding usually yields valid but rare ideographs, a
//! right one yields frequent ones; that difference is what tells GBK from
//! Big5 from EUC-KR from Shift_JIS when all of them decode the bytes.

use encoding_rs::{Encoding, EUC_KR};

/// The language a candidate encoding is used for, which decides what
/// characters are expected from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Japanese (Shift_JIS, ISO-2022-JP): kana and Japanese kanji forms.
    Japanese,
    /// Japanese in an encoding where Chinese text also decodes to kanji
    /// (EUC-JP): needs kana or Japanese-only forms to be believed.
    JapaneseEuc,
    /// Korean (EUC-KR/CP949): frequent hangul, hanja in traditional forms.
    Korean,
    /// Simplified Chinese (GBK, GB18030).
    SimplifiedChinese,
    /// Traditional Chinese (Big5).
    TraditionalChinese,
    /// Western European (windows-1252): accented Latin letters.
    Latin,
    /// Cyrillic (windows-1251, KOI8-R, KOI8-U, IBM866, ISO-8859-5).
    Cyrillic,
    /// UTF-8: any script, structure already checked by the decoder.
    Any,
    /// Another single-byte encoding proposed by chardetng.
    Other,
}

/// Very frequent ideographs in Chinese, Japanese and Korean text, in
/// simplified and traditional forms, plus the vocabulary of Go records and
/// the surnames and given-name characters of professional players.
const COMMON_HAN: &str = "的一是不了人我在有他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫令准布始怎呢存未远叫台单影具罗字爱击流备兵连调深商算质团集百需价花党华城石级整府离况亚请技际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻易早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费号尽另周较注语仅考落青随选列武红响虽推势参希古众构房半节土投某案黑维革划敌致陈律足态护七兴派孩验责营星够章音跟志底站严巴例防族供效续施留讲型料终答紧黄绝奇察母京段依批群项故按河米围江织害斗双境客纪采举杀攻父苏密低朝友诉止细愿千值仍男钱破网热助倒育属坐帝限船脸职速刻乐否刚威毛状率甚独球般普怕弹校苦创假久错承印晚兰试股拿脑预谁益阳若哪微尼继送急血惊伤素药适波夜省初喜卫源食险待述陆习置居劳财环排福纳欢雷警获模充负云停木游龙树疑层冷洲冲射略范竟句室异激汉村哈策演简卡罪判担州静退既衣您宗积余痛检差富灵协角占配征修皮挥胜降阶审沉坚善妈刘读啊超免压银买皇养伊怀执副乱抗犯追帮宣佛岁航优怪香著田铁控税左右份穿艺背阵草脚概恶块顿敢守酒岛托央户烈洋哥索胡款靠评版宝座释景顾弟登货互付伯慢欧换闻危忙核暗姐介坏讨丽良序升监临亮露永呼味野架域沙掉括舰鱼杂误湾吉减编楚肯测败屋跑梦散温困剑渐封救贵枪缺楼县尚毫移娘朋画班智亦耳恩短掌恐遗固席松秘谢鲁遇康虑幸均销钟诗藏赶剧票损忽巨炮旧端探湖录叶春乡附吸予礼港雨呀板庭妇归睛饭额含顺输摇招婚脱补谓督毒油疗旅泽材灭逐莫笔亡鲜词圣择寻厂睡博勒烟授诺伦岸奥唐卖俄炸载洛健堂旁宫喝借君禁阴园谋宋避抓荣姑孙逃牙束跳顶玉镇雪午练迫爷篇肉嘴馆遍凡础洞卷坦牛宁纸诸训私庄祖丝翻暴森塔默握戏隐熟骨访弱蒙歌店鬼软典欲萨伙遭盘爸扩盖弄雄稳忘亿刺拥徒姆杨齐赛趣曲刀床迎冰虚玩析窗醒妻透购替塞努休虎扬途侵刑绿兄迅套贸毕唯谷轮库迹尤竞街促延震弃甲伟麻川申缓潜闪售灯针哲络抵朱埃抱鼓植纯夏忍页杰筑折郑贝尊吴秀混臣雅振染盛怒舞圆搞狂措姓残秋培迷诚宽宇猛摆梅毁伸摩盟末乃悲拍丁赵尺纷抢怖\
這們個來為國說時會對動發後現當沒進還過經問與長開體間關點業將兩學機義種話氣員變總電數報結實場計區見認術處師視親極戰勝負圍盤貼級讓讀請書寫華語樂歲從萬龍陳劉張楊趙黃吳鄭謝許馬錢孫聶衛齊蘇韓職選紀錄聯賽決冠軍亞熱領導傳統權勢藝廣東雙擊陸傷誰邊羅週臺灣門題頭風飛買賣車東聲號難單無愛鄉網讚顯屬聽觀歡應條隊連險黨園圓團層陽陰際準備隨確認識議論輕檢驗續續營業質難順願類顧\
黒対戦囲図気県広駅経関総労働様変転伝検験売読込払渡争勲栄沢発歳帰実弁団楽単乗厳浅徳碁棋局番劫盤段級勝敗押投了先後秒手完持和名人聖座天元王十段本因坊\
小林光一武宮正樹治加藤夫藤沢秀行坂田栄男竹英雄海峰石芳井山裕太張栩高尾紳路下敬吾羽根直結城聡依紀基趙勲\
李昌鎬曺薰鉉劉赫徐奉洙朴崔金鄭姜尹洪申權韓睦鎭鎮俊圭寧\
聂卫平马晓春常昊古力柯洁芈昱廷陈耀烨时越范廷钰唐韦星党毅飞檀啸连笑谢尔豪辜梓豪江维杰周睿羊俊勋王元均";

/// Frequent hangul syllables: particles and endings, the vocabulary of Go
/// records (흑 백 집 승 불계 덤 단 급 수), and the syllables of Korean
/// names. A wrong decoding of Chinese or Japanese bytes as EUC-KR yields
/// valid but mostly infrequent syllables.
const COMMON_HANGUL: &str = "이다의는에하고을가지기로서사리한도자들대시어구나를인아여정수게라해보주상장전제있것부과원일우되스거년적성생오소위만면국동개경문비내연요그신세당치중간무계방유미공조화와마실물회분선발모바학용행진현관식야민업명통결때음및본반심법체단외저금터까차입말너했안없않더많점받알같좋왜니습었였겠님씨번째집승흑백불패덤호초급배강판돌둑김박최윤임권황송류홍고양손허남노곽추엄채천함변염석설길표왕옥육맹탁은편예봉복태목형피두감빈온범좌팽갈견창옹순빙종풍훈철영준혁재희숙란혜규환광근찬욱웅완택열색새네데레메베케테페헤께요료효쿄교뇨묘코토포뉴뮤슈츄큐튜퓨휴느드르므브으즈츠크트프흐디키티히각낙닥락막삭악작착학난란산잔칸탄갑납답밥삽압잡탑합낭랑망앙탕항걸널덜멀벌얼절털헐됐갔왔봤줬텐건던런먼언턴헌등능름늘슬즐틀플흘빌질칠필밀못웃옷았께까운울른근는든쓰려며게했네요를령렬률론록롭뢰료루룹뤼르른릅릇릴림립링잎잘잠잡잣장재쟁저적전절점접정젖제져조족존졸좀종좋죄주죽준줄중즈즉즌즐증지직진질짐집징짓짜짝째쪽쯤찌찍차착찬찰참창찾채책처척천철첨첩청체초촉촌총최추축춘출춤충취층치칙친칠침칭카캐커컨컴케켜코콘콜콩쾌크큰클키킨킬타탁탄탈탐탑탕태택터턱털텅테텔토톤톨통퇴투툭튀트특튼틀틈티틱팀팅파판팔팝패팩퍼펀펄페펴편펼평폐포폭폰표푸품풍프픈플피픽핀필핍하학한할함합항해핵햇했행향허헌험헤혀현혈협형혜호혹혼홀홍화확환활황회획효후훈훌훨휘휴흐흑흔흘흙흡흥흩희흰히힘";

/// Forms used only in simplified Chinese (GB text).
const SIMPLIFIED_ONLY: &str = "这们个来为国说时会对动发后现当没进还过经问与长开体间关点业将两学机义种话气员变总电数报结实场计区见认术处师视亲极战胜负围盘贴级让读请书写华语乐岁从万龙陈刘张杨赵黄吴郑谢许马钱孙聂卫齐苏韩职选纪录联赛决军亚热领导传统权势艺广东双击陆伤谁边罗门题头风飞买卖车声号难单无爱乡网显属听观欢应条队连险党园圆团层阳阴际准备随确认识议论轻检验续营质顺愿类顾";

/// Forms used only in traditional Chinese (Big5 text; also Korean hanja).
const TRADITIONAL_ONLY: &str = "這們個來為國說時會對動發後現當沒進還過經問與長開體間關點業將兩學機義種話氣員變總電數報結實場計區見認術處師視親極戰負圍盤貼級讓讀請書寫華語樂歲從萬龍陳劉張楊趙黃吳鄭謝許馬錢孫聶衛齊蘇韓職選紀錄聯賽決軍亞熱領導傳統權勢藝廣東雙擊陸傷誰邊羅週臺灣門題頭風飛買賣車聲號難單無愛鄉網顯屬聽觀歡應條隊連險黨園圓團層陽陰際準備隨確認識議論輕檢驗續營質順願類顧";

/// Forms used only in Japanese (shinjitai).
const JAPANESE_ONLY: &str =
    "黒対戦囲図気県広駅経関総労働様変転伝検験売読込払渡争勲栄沢発歳帰実弁団楽単乗厳浅";

/// A set of characters, built once as a bitmap over the range its
/// characters span (a few KiB): membership is one bit test.
struct CharSet {
    bits: std::sync::OnceLock<(u32, Vec<u64>)>,
    source: &'static str,
}

impl CharSet {
    const fn new(source: &'static str) -> Self {
        CharSet {
            bits: std::sync::OnceLock::new(),
            source,
        }
    }

    fn contains(&self, c: char) -> bool {
        let (low, bits) = self.bits.get_or_init(|| {
            let low = self.source.chars().map(u32::from).min().unwrap_or(0);
            let high = self.source.chars().map(u32::from).max().unwrap_or(0);
            let mut bits = vec![0u64; ((high - low) / 64 + 1) as usize];
            for c in self.source.chars() {
                let k = u32::from(c) - low;
                bits[(k / 64) as usize] |= 1 << (k % 64);
            }
            (low, bits)
        });
        let Some(k) = u32::from(c).checked_sub(*low) else {
            return false;
        };
        bits.get((k / 64) as usize)
            .is_some_and(|w| w & (1 << (k % 64)) != 0)
    }
}

static COMMON: CharSet = CharSet::new(COMMON_HAN);
static SIMPLIFIED: CharSet = CharSet::new(SIMPLIFIED_ONLY);
static TRADITIONAL: CharSet = CharSet::new(TRADITIONAL_ONLY);
static JAPANESE: CharSet = CharSet::new(JAPANESE_ONLY);
static HANGUL: CharSet = CharSet::new(COMMON_HANGUL);

fn is_kana(cp: u32) -> bool {
    (0x3040..=0x30FF).contains(&cp)
}

fn is_hangul(cp: u32) -> bool {
    (0xAC00..=0xD7A3).contains(&cp)
        || (0x1100..=0x11FF).contains(&cp)
        || (0x3130..=0x318F).contains(&cp)
}

fn is_han(cp: u32) -> bool {
    (0x4E00..=0x9FFF).contains(&cp)
}

fn is_rare_han(cp: u32) -> bool {
    // Extension A and compatibility ideographs: what wrong decodings produce.
    (0x3400..=0x4DBF).contains(&cp) || (0xF900..=0xFAFF).contains(&cp) || cp >= 0x20000
}

fn is_cyrillic(cp: u32) -> bool {
    (0x400..=0x4FF).contains(&cp)
}

fn is_cyrillic_upper(cp: u32) -> bool {
    (0x400..=0x42F).contains(&cp)
}

/// Characters whose script evidence does not count, by the run they are
/// in: ideographs in a run of one or two touching an ASCII letter (`sôhôn`
/// read as Big5 is `s` + two ideographs that swallowed `h` and `n`), and
/// Cyrillic words of two or more letters without a vowel.
fn weak_runs(chars: &[char]) -> Vec<bool> {
    let mut weak = vec![false; chars.len()];
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i] as u32;
        let han = is_han(c);
        let cyr = is_cyrillic(c) && chars[i].is_alphabetic();
        if !han && !cyr {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < chars.len() {
            let d = chars[j] as u32;
            if (han && is_han(d)) || (cyr && is_cyrillic(d) && chars[j].is_alphabetic()) {
                j += 1;
            } else {
                break;
            }
        }
        let is_weak = if han {
            let touches = (i > 0 && chars[i - 1].is_ascii_alphabetic())
                || chars.get(j).is_some_and(|c| c.is_ascii_alphabetic());
            touches && j - i <= 2
        } else {
            j - i >= 2
                && !chars[i..j]
                    .iter()
                    .any(|c| "аеёиоуыэюяАЕЁИОУЫЭЮЯіїєІЇЄ".contains(*c))
        };
        if is_weak {
            for w in &mut weak[i..j] {
                *w = true;
            }
        }
        i = j;
    }
    weak
}

/// Letters of the Russian, Ukrainian and Belarusian alphabets.
fn is_russian_like(cp: u32) -> bool {
    (0x410..=0x44F).contains(&cp)
        || matches!(
            cp,
            0x401
                | 0x451
                | 0x404
                | 0x454
                | 0x406
                | 0x456
                | 0x407
                | 0x457
                | 0x490
                | 0x491
                | 0x40E
                | 0x45E
        )
}

fn is_ascii_letter(c: char) -> bool {
    c.is_ascii_alphabetic()
}

/// A hangul syllable of the 2,350 in KS X 1001 (EUC-KR proper). The 8,822
/// others exist only in CP949's extension and are rare in real text, but
/// wrong decodings of Chinese bytes as CP949 produce them.
fn is_ks_hangul(c: char) -> bool {
    let mut buf = [0u8; 4];
    let (bytes, _, err) = EUC_KR.encode(c.encode_utf8(&mut buf));
    !err && bytes.len() == 2 && bytes[0] >= 0xB0 && bytes[1] >= 0xA1
}

/// The language an encoding is scored for.
pub fn lang_of(enc: &'static Encoding) -> Lang {
    use encoding_rs::*;
    if enc == SHIFT_JIS || enc == ISO_2022_JP {
        Lang::Japanese
    } else if enc == EUC_JP {
        Lang::JapaneseEuc
    } else if enc == EUC_KR {
        Lang::Korean
    } else if enc == GBK || enc == GB18030 {
        Lang::SimplifiedChinese
    } else if enc == BIG5 {
        Lang::TraditionalChinese
    } else if enc == WINDOWS_1252 {
        Lang::Latin
    } else if enc == WINDOWS_1251
        || enc == KOI8_R
        || enc == KOI8_U
        || enc == IBM866
        || enc == ISO_8859_5
    {
        Lang::Cyrillic
    } else if enc == UTF_8 {
        Lang::Any
    } else {
        Lang::Other
    }
}

/// What the text of one candidate decoding looks like.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    /// Sum of the characters' scores: the higher, the more the text looks
    /// like its language. Compares candidate decodings of the same bytes.
    pub total: f32,
    /// Non-ASCII characters seen.
    pub non_ascii: u32,
    /// U+FFFD seen: bytes invalid in the candidate encoding.
    pub replacements: u32,
    /// Hiragana and katakana seen.
    pub kana: u32,
}

/// Scores `text` as the decoding of bytes in an encoding used for `lang`:
/// the sum of what each character says for or against `lang`
/// ([`char_delta`]), less part of the ideographs' evidence for EUC-JP text
/// that shows nothing Japanese.
pub fn score(text: &str, lang: Lang) -> Score {
    let mut s = Score::default();
    let mut han = HanEvidence::default();
    let chars: Vec<char> = text.chars().collect();
    let weak = weak_runs(&chars);
    for (i, &c) in chars.iter().enumerate() {
        let cp = c as u32;
        if cp >= 0x80 {
            s.non_ascii += 1;
        }
        if cp == 0xFFFD {
            s.replacements += 1;
        } else if is_kana(cp) {
            s.kana += 1;
        }
        let prev = i.checked_sub(1).map(|j| chars[j]);
        let next = chars.get(i + 1).copied();
        let around = Around {
            prev,
            next,
            beside_letter: prev.is_some_and(is_ascii_letter) || next.is_some_and(is_ascii_letter),
            weak: weak[i],
            after_latin_sup: prev.is_some_and(|p| is_latin_sup(p as u32)),
        };
        s.total += char_delta(c, lang, &around, &mut han);
    }
    if lang == Lang::JapaneseEuc && s.kana == 0 && !han.japanese_form {
        // GB2312 text decodes as EUC-JP into plausible kanji: without kana
        // or a Japanese-only form, only part of the evidence counts.
        s.total -= han.total * 0.4;
    }
    s
}

/// What a character's score depends on around it.
struct Around {
    prev: Option<char>,
    next: Option<char>,
    /// An ASCII letter comes right before or after it.
    beside_letter: bool,
    /// It is in a run whose script evidence does not count ([`weak_runs`]).
    weak: bool,
    /// The character before it is in Latin-1 Supplement … IPA Extensions.
    after_latin_sup: bool,
}

/// What the ideographs of a text added up to, for the EUC-JP correction.
#[derive(Default)]
struct HanEvidence {
    /// The sum of the ideographs' scores.
    total: f32,
    /// A Japanese-only form was seen (scoring for Japanese).
    japanese_form: bool,
}

/// Latin-1 Supplement to IPA Extensions: accented Latin letters and
/// symbols.
fn is_latin_sup(cp: u32) -> bool {
    (0xA0..=0x2FF).contains(&cp)
}

/// What one character says for (positive) or against (negative) the text
/// being in an encoding used for `lang`, by the block it is in.
fn char_delta(c: char, lang: Lang, around: &Around, han: &mut HanEvidence) -> f32 {
    let cp = c as u32;
    if cp == 0xFFFD {
        if lang == Lang::Any {
            -8.0
        } else {
            -12.0
        }
    } else if (cp < 32 && !matches!(cp, 9 | 10 | 13)) || (0x80..=0x9F).contains(&cp) {
        -6.0
    } else if cp < 0x80 {
        0.0
    } else if is_kana(cp) {
        match lang {
            Lang::Japanese | Lang::JapaneseEuc => 6.0,
            Lang::Any => 5.0,
            _ => -2.0,
        }
    } else if is_hangul(cp) {
        hangul_delta(c, lang)
    } else if is_han(cp) {
        han_delta(c, lang, around, han)
    } else if is_rare_han(cp) {
        -3.0
    } else if (0xFF61..=0xFF9F).contains(&cp) {
        // Halfwidth katakana: the mark of single bytes decoded as Shift_JIS.
        -3.0
    } else if (0x3000..=0x303F).contains(&cp)
        || (0xFF00..=0xFF60).contains(&cp)
        || (0xFFE0..=0xFFE6).contains(&cp)
    {
        match lang {
            Lang::Latin | Lang::Cyrillic | Lang::Other => -1.0,
            _ if around.beside_letter => 0.0,
            _ => 1.0,
        }
    } else if is_cyrillic(cp) {
        cyrillic_delta(cp, lang, around)
    } else if is_latin_sup(cp) {
        latin_sup_delta(c, lang, around)
    } else if (0xE000..=0xF8FF).contains(&cp) {
        // Private use: vendor extensions hit by wrong decodings.
        -4.0
    } else if (0x2500..=0x259F).contains(&cp) {
        // Box drawing and blocks: what CJK bytes look like in KOI8-R
        // or code page 866, never in a game record's text.
        -3.0
    } else if (0x2460..=0x24FF).contains(&cp) || (0x25A0..=0x25FF).contains(&cp) {
        // Circled numbers, shapes: rare in game records.
        -1.0
    } else if c.is_alphabetic() {
        match lang {
            Lang::Other | Lang::Any => 1.0,
            _ => -1.0,
        }
    } else {
        0.0
    }
}

/// A hangul syllable or jamo: good in Korean, best when frequent; a
/// syllable outside KS X 1001 is what wrong CP949 decodings produce.
fn hangul_delta(c: char, lang: Lang) -> f32 {
    match lang {
        Lang::Korean => {
            if !is_ks_hangul(c) {
                -1.0
            } else if HANGUL.contains(c) {
                3.0
            } else {
                1.0
            }
        }
        Lang::Any => 4.0,
        _ => -2.0,
    }
}

/// An ideograph: frequent ones count more, and the forms only one
/// language uses count for it and against the others. Added to
/// `han.total`.
fn han_delta(c: char, lang: Lang, around: &Around, han: &mut HanEvidence) -> f32 {
    // An ideograph beside an ASCII letter is how accented Latin
    // bytes look in a CJK decoding (`Müller` as GBK is `M黮ler`).
    let v = if around.beside_letter || around.weak {
        0.0
    } else {
        let common = COMMON.contains(c);
        let base = if common { 3.0 } else { 0.5 };
        let v = base + han_form_delta(c, lang, han);
        if lang == Lang::Korean {
            // Korean text is mostly hangul; hanja alone is weak.
            v * 0.8
        } else {
            v
        }
    };
    han.total += v;
    v
}

/// What an ideograph's form (simplified, traditional, Japanese) says for
/// `lang`; notes a Japanese-only form in `han`.
fn han_form_delta(c: char, lang: Lang, han: &mut HanEvidence) -> f32 {
    match lang {
        Lang::SimplifiedChinese => {
            if SIMPLIFIED.contains(c) {
                2.0
            } else if TRADITIONAL.contains(c) || JAPANESE.contains(c) {
                -2.5
            } else {
                0.0
            }
        }
        Lang::TraditionalChinese | Lang::Korean => {
            if TRADITIONAL.contains(c) {
                2.0
            } else if SIMPLIFIED.contains(c) || JAPANESE.contains(c) {
                -2.5
            } else {
                0.0
            }
        }
        Lang::Japanese | Lang::JapaneseEuc => {
            if JAPANESE.contains(c) {
                han.japanese_form = true;
                2.0
            } else if SIMPLIFIED.contains(c) {
                -2.5
            } else {
                0.0
            }
        }
        Lang::Any => 1.0,
        _ => -3.0,
    }
}

/// A Cyrillic letter: good in a Cyrillic word, bad where it stands for
/// accented Latin bytes or another language's letters.
fn cyrillic_delta(cp: u32, lang: Lang, around: &Around) -> f32 {
    match lang {
        Lang::Cyrillic | Lang::Any | Lang::Other => {
            let prev_cyr = around.prev.is_some_and(|p| is_cyrillic(p as u32));
            let next_cyr = around.next.is_some_and(|n| is_cyrillic(n as u32));
            if around.beside_letter || around.weak {
                // A Cyrillic letter inside a Latin word (`Jьrgen`),
                // or in a word without a vowel (`äöü` read as
                // Windows-1251 is `дць`): accented Latin bytes.
                -1.0
            } else if !is_russian_like(cp) {
                // Serbian/Macedonian letters in what decodes as
                // mixed garbage (UTF-8 read as Windows-1251).
                -1.0
            } else if !prev_cyr && !next_cyr {
                // A lone letter proves nothing (a Latin-1 `é`
                // between spaces is a Cyrillic `й` in Windows-1251).
                0.0
            } else if is_cyrillic_upper(cp) {
                // Capitals start words; inside a word they are
                // what KOI8-R read as Windows-1251 looks like.
                if prev_cyr {
                    -2.0
                } else {
                    1.0
                }
            } else {
                2.0
            }
        }
        _ => -2.0,
    }
}

/// An accented Latin letter or a Latin-1 symbol.
fn latin_sup_delta(c: char, lang: Lang, around: &Around) -> f32 {
    let letter = c.is_alphabetic();
    match lang {
        Lang::Any => {
            if letter {
                2.0
            } else {
                0.5
            }
        }
        // Symbols beside Cyrillic letters: UTF-8 read as Windows-1251.
        Lang::Cyrillic => -1.0,
        // Isolated accented letters are a good sign, best inside a
        // Latin word; long runs are how CJK bytes look in a
        // single-byte decoding.
        _ if !around.after_latin_sup && letter && around.beside_letter => 1.5,
        _ if !around.after_latin_sup && letter => 1.0,
        _ if !around.after_latin_sup => 0.2,
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn right_script_scores_higher() {
        let zh = score("黑胜半目", Lang::SimplifiedChinese).total;
        let zh_as_tw = score("黑胜半目", Lang::TraditionalChinese).total;
        assert!(zh > zh_as_tw);
        let ja = score("黒の中押し勝ち", Lang::Japanese).total;
        assert!(ja > score("黒の中押し勝ち", Lang::SimplifiedChinese).total);
        let ko = score("흑 불계승", Lang::Korean).total;
        assert!(ko > 0.0);
        assert!(score("Jürgen", Lang::Latin).total > 0.0);
        assert!(score("Мир", Lang::Cyrillic).total > score("мИР", Lang::Cyrillic).total);
    }

    #[test]
    fn common_hangul_is_ks_x_1001() {
        assert!(is_ks_hangul('흑'));
        assert!(is_ks_hangul('집'));
        assert!(!is_ks_hangul('갂'));
    }
}
