/**
 * Asian stocks outside Hong Kong: the largest A shares of Shanghai and Shenzhen,
 * Nikkei 225 heavyweights, and the largest stocks of Singapore, Taiwan, India,
 * Thailand, Malaysia (Bursa stock numbers), Indonesia and Vietnam. Price levels and
 * capitalisations are rough recent levels (demo data), not quotes.
 */
import { regionStocks } from './table';

/** code|exchange|name|price|mcap (bn CNY)|P/E|industry|website|zh|hk */
const SH = `
600519||Kweichow Moutai Co., Ltd.|1500|1880|22|spirits|www.moutaichina.com|贵州茅台|貴州茅台
601318||Ping An Insurance (Group) Co. of China, Ltd.|50|910|8|ins-life|group.pingan.com|中国平安|中國平安
600036||China Merchants Bank Co., Ltd.|40|1000|7|banks-reg|www.cmbchina.com|招商银行|招商銀行
601398||Industrial and Commercial Bank of China Ltd.|7|2500|7|banks|www.icbc-ltd.com|工商银行|工商銀行
601288||Agricultural Bank of China Ltd.|5.5|1900|7|banks|www.abchina.com|农业银行|農業銀行
601988||Bank of China Ltd.|5.5|1600|7|banks|www.boc.cn|中国银行|中國銀行
601857||PetroChina Co. Ltd.|8.5|1550|9|oil-int|www.petrochina.com.cn|中国石油|中國石油
600028||China Petroleum & Chemical Corporation|6|700|14|oil-int|www.sinopec.com|中国石化|中國石化
601088||China Shenhua Energy Co. Ltd.|38|750|13|coal|www.csec.com|中国神华|中國神華
600900||China Yangtze Power Co., Ltd.|29|700|21|util-renewable|www.cypc.com.cn|长江电力|長江電力
601899||Zijin Mining Group Co. Ltd.|19|500|15|gold|www.zjky.cn|紫金矿业|紫金礦業
600276||Jiangsu Hengrui Pharmaceuticals Co., Ltd.|50|320|50|pharma-spec|www.hrs.com.cn|恒瑞医药|恆瑞醫藥
601012||LONGi Green Energy Technology Co., Ltd.|16|120|-15|solar|www.longi.com|隆基绿能|隆基綠能
600030||CITIC Securities Co., Ltd.|27|400|20|capmkt|www.citics.com|中信证券|中信證券
601166||Industrial Bank Co., Ltd.|22|460|6|banks-reg|www.cib.com.cn|兴业银行|興業銀行
688981||Semiconductor Manufacturing International Corp.|90|720|150|semis|www.smics.com|中芯国际|中芯國際
600309||Wanhua Chemical Group Co., Ltd.|55|170|13|chemicals|www.whchem.com|万华化学|萬華化學
601628||China Life Insurance Co. Ltd.|38|1100|9|ins-life|www.e-chinalife.com|中国人寿|中國人壽
600887||Inner Mongolia Yili Industrial Group Co., Ltd.|28|180|17|foods|www.yili.com|伊利股份|
`;

/** code|exchange|name|price|mcap (bn CNY)|P/E|industry|website|zh|hk */
const SZ = `
000001||Ping An Bank Co., Ltd.|11|220|5|banks-reg|bank.pingan.com|平安银行|平安銀行
000858||Wuliangye Yibin Co., Ltd.|130|500|16|spirits|www.wuliangye.com.cn|五粮液|五糧液
300750||Contemporary Amperex Technology Co., Ltd.|250|1100|22|electrical|www.catl.com|宁德时代|寧德時代
002594||BYD Co. Ltd.|110|1000|20|autos|www.bydglobal.com|比亚迪|比亞迪
000333||Midea Group Co., Ltd.|72|550|13|appliances|www.midea.com|美的集团|美的集團
002415||Hangzhou Hikvision Digital Technology Co., Ltd.|29|270|22|comm-eq|www.hikvision.com|海康威视|海康威視
000651||Gree Electric Appliances, Inc. of Zhuhai|45|250|8|appliances|www.gree.com|格力电器|格力電器
300059||East Money Information Co., Ltd.|22|350|35|capmkt|www.eastmoney.com|东方财富|東方財富
002714||Muyuan Foods Co., Ltd.|40|220|12|farm|www.muyuanfoods.com|牧原股份|
300760||Shenzhen Mindray Bio-Medical Electronics Co., Ltd.|230|280|25|med-instruments|www.mindray.com|迈瑞医疗|邁瑞醫療
000568||Luzhou Laojiao Co., Ltd.|125|185|14|spirits|www.lzlj.com|泸州老窖|瀘州老窖
002475||Luxshare Precision Industry Co., Ltd.|35|250|20|elec-comp|www.luxshare-ict.com|立讯精密|立訊精密
300124||Shenzhen Inovance Technology Co., Ltd.|60|160|35|machinery|www.inovance.com|汇川技术|匯川技術
`;

/** code|exchange|name|price|mcap (bn JPY)|P/E|industry|website|zh|hk */
const JP = `
7203||Toyota Motor Corporation|2800|44000|8|autos|global.toyota|丰田汽车|豐田汽車
6758||Sony Group Corporation|3500|21000|20|cons-elec|www.sony.com|索尼|
9984||SoftBank Group Corp.|8500|12500|15|telecom|group.softbank|软银集团|軟銀集團
8306||Mitsubishi UFJ Financial Group, Inc.|1900|23000|13|banks|www.mufg.jp|三菱日联金融集团|三菱日聯金融集團
6861||Keyence Corporation|60000|14500|40|instruments|www.keyence.com|基恩士|
9983||Fast Retailing Co., Ltd.|48000|15000|40|apparel-retail|www.fastretailing.com|迅销|迅銷
6501||Hitachi, Ltd.|3800|17500|28|conglomerates|www.hitachi.com|日立|
8035||Tokyo Electron Ltd.|24000|11000|22|semi-eq|www.tel.com|东京电子|東京威力科創
9432||Nippon Telegraph and Telephone Corporation|155|13000|12|telecom|group.ntt|日本电信电话|日本電信電話
8316||Sumitomo Mitsui Financial Group, Inc.|3800|15000|12|banks|www.smfg.co.jp|三井住友金融集团|三井住友金融集團
6098||Recruit Holdings Co., Ltd.|9000|13500|35|staffing|recruit-holdings.com|瑞可利|
4063||Shin-Etsu Chemical Co., Ltd.|4500|8800|17|chem-spec|www.shinetsu.co.jp|信越化学|信越化學
7974||Nintendo Co., Ltd.|11000|14000|45|games|www.nintendo.co.jp|任天堂|
6902||DENSO Corporation|2000|5800|17|auto-parts|www.denso.com|电装|電裝
4502||Takeda Pharmaceutical Co., Ltd.|4300|6800|60|pharma|www.takeda.com|武田药品|武田藥品
7267||Honda Motor Co., Ltd.|1500|7500|8|autos|global.honda|本田汽车|本田汽車
8058||Mitsubishi Corporation|2800|11500|12|conglomerates|www.mitsubishicorp.com|三菱商事|
9433||KDDI Corporation|2500|10000|15|telecom|www.kddi.com|KDDI|
`;

/** code|exchange|name|price|mcap (bn SGD)|P/E|industry|website|zh|hk */
const SG = `
D05||DBS Group Holdings Ltd.|45|125|11|banks-reg|www.dbs.com|星展集团|星展集團
O39||Oversea-Chinese Banking Corporation Ltd.|17|76|10|banks-reg|www.ocbc.com|华侨银行|華僑銀行
U11||United Overseas Bank Ltd.|36|60|10|banks-reg|www.uobgroup.com|大华银行|大華銀行
Z74||Singapore Telecommunications Ltd.|3.8|63|25|telecom|www.singtel.com|新加坡电信|新加坡電信
C6L||Singapore Airlines Ltd.|6.8|20|8|airlines|www.singaporeair.com|新加坡航空|
S68||Singapore Exchange Ltd.|15|16|25|exchanges|www.sgx.com|新加坡交易所|
`;

/** code|exchange|name|price|mcap (bn TWD)|P/E|industry|website|zh|hk */
const TW = `
2330||Taiwan Semiconductor Manufacturing Co., Ltd.|1100|28500|22|semis|www.tsmc.com|台积电|台積電
2317||Hon Hai Precision Industry Co., Ltd.|190|2600|16|elec-comp|www.foxconn.com|鸿海|鴻海
2454||MediaTek Inc.|1400|2200|20|semis|www.mediatek.com|联发科|聯發科
2308||Delta Electronics, Inc.|450|1170|32|elec-comp|www.deltaww.com|台达电|台達電
2382||Quanta Computer Inc.|280|1080|16|hardware|www.quantatw.com|广达|廣達
2881||Fubon Financial Holding Co., Ltd.|90|1230|9|ins-life|www.fubon.com|富邦金|
2412||Chunghwa Telecom Co., Ltd.|130|1000|27|telecom|www.cht.com.tw|中华电信|中華電信
`;

/** code|exchange|name|price|mcap (bn INR)|P/E|industry|website|zh|hk */
const IN = `
RELIANCE||Reliance Industries Ltd.|1400|19000|26|oil-int|www.ril.com|信实工业|信實工業
TCS||Tata Consultancy Services Ltd.|3400|12300|26|it-serv|www.tcs.com|塔塔咨询服务|塔塔諮詢服務
HDFCBANK||HDFC Bank Ltd.|1000|15000|21|banks-reg|www.hdfcbank.com||
INFY||Infosys Ltd.|1550|6400|23|it-serv|www.infosys.com|印孚瑟斯|
ICICIBANK||ICICI Bank Ltd.|1400|10000|19|banks-reg|www.icicibank.com||
SBIN||State Bank of India|800|7100|9|banks-reg|sbi.co.in|印度国家银行|印度國家銀行
BHARTIARTL||Bharti Airtel Ltd.|1900|11000|35|telecom|www.airtel.in||
HINDUNILVR||Hindustan Unilever Ltd.|2400|5600|52|household|www.hul.co.in||
ITC||ITC Ltd.|420|5300|26|tobacco|www.itcportal.com||
`;

/** code|exchange|name|price|mcap (bn THB)|P/E|industry|website|zh|hk */
const TH = `
PTT||PTT Public Company Ltd.|32|915|10|oil-int|www.pttplc.com||
AOT||Airports of Thailand Public Company Ltd.|40|570|30|airports|www.airportthai.co.th||
ADVANC||Advanced Info Service Public Company Ltd.|280|830|22|telecom|www.ais.th||
CPALL||CP ALL Public Company Ltd.|55|490|18|grocery|www.cpall.co.th||
KBANK||Kasikornbank Public Company Ltd.|155|370|8|banks-reg|www.kasikornbank.com||
`;

/** code|exchange|name|price|mcap (bn MYR)|P/E|industry|website|zh|hk */
const MY = `
1155||Malayan Banking Berhad (Maybank)|10|120|12|banks-reg|www.maybank.com|马来亚银行|馬來亞銀行
1295||Public Bank Berhad|4.4|85|12|banks-reg|www.publicbankgroup.com|大众银行|大眾銀行
5347||Tenaga Nasional Berhad|13.5|78|17|util-electric|www.tnb.com.my|国家能源|國家能源
1023||CIMB Group Holdings Berhad|7.5|80|10|banks-reg|www.cimb.com|联昌国际|聯昌國際
`;

/** code|exchange|name|price|mcap (bn IDR)|P/E|industry|website|zh|hk */
const ID = `
BBCA||PT Bank Central Asia Tbk|9000|1100000|20|banks-reg|www.bca.co.id||
BBRI||PT Bank Rakyat Indonesia (Persero) Tbk|4000|600000|10|banks-reg|bri.co.id||
BMRI||PT Bank Mandiri (Persero) Tbk|5200|485000|9|banks-reg|www.bankmandiri.co.id||
TLKM||PT Telkom Indonesia (Persero) Tbk|2700|270000|11|telecom|www.telkom.co.id||
ASII||PT Astra International Tbk|4800|195000|6|conglomerates|www.astra.co.id||
`;

/** code|exchange|name|price|mcap (bn VND)|P/E|industry|website|zh|hk */
const VN = `
VCB||Joint Stock Commercial Bank for Foreign Trade of Vietnam (Vietcombank)|62000|520000|14|banks-reg|www.vietcombank.com.vn||
VIC||Vingroup Joint Stock Company|100000|380000|50|conglomerates|www.vingroup.net||
VHM||Vinhomes Joint Stock Company|70000|290000|9|re-dev|vinhomes.vn||
HPG||Hoa Phat Group Joint Stock Company|27000|170000|14|steel|www.hoaphat.com.vn||
FPT||FPT Corporation|120000|175000|23|it-serv|fpt.com||
`;

/** Every Asian stock outside Hong Kong. */
export const ASIA_STOCKS = regionStocks({ SH, SZ, JP, SG, TW, IN, TH, MY, ID, VN });
