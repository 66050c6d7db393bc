/**
 * Hong Kong stocks: the Hang Seng Index constituents. Codes are HKEX stock codes
 * without leading zeros (the canonical form: `00700` is `700`). Price levels and
 * capitalisations are rough recent levels (demo data), not quotes.
 */
import { stocks } from './table';

/** code|exchange|name|price|mcap (bn HKD)|P/E|industry|website|zh|hk */
const HK = `
1||CK Hutchison Holdings Ltd.|42|160|7|conglomerates|www.ckh.com.hk|长和|長和
2||CLP Holdings Ltd.|65|165|15|util-electric|www.clpgroup.com|中电控股|中電控股
3||The Hong Kong and China Gas Co. Ltd.|6.8|127|22|util-gas|www.towngas.com|香港中华煤气|香港中華煤氣
5||HSBC Holdings plc|95|1700|9|banks|www.hsbc.com|汇丰控股|滙豐控股
6||Power Assets Holdings Ltd.|50|107|17|util-electric|www.powerassets.com|电能实业|電能實業
11||Hang Seng Bank Ltd.|110|210|11|banks-reg|www.hangseng.com|恒生银行|恒生銀行
12||Henderson Land Development Co. Ltd.|25|120|12|re-dev|www.hld.com|恒基地产|恒基地產
16||Sun Hung Kai Properties Ltd.|85|246|12|re-dev|www.shkp.com|新鸿基地产|新鴻基地產
17||New World Development Co. Ltd.|5|13|-1|re-dev|www.nwd.com.hk|新世界发展|新世界發展
27||Galaxy Entertainment Group Ltd.|35|153|17|casinos|www.galaxyentertainment.com|银河娱乐|銀河娛樂
66||MTR Corporation Ltd.|27|168|20|railroads|www.mtr.com.hk|港铁公司|港鐵公司
101||Hang Lung Properties Ltd.|7|32|12|re-services|www.hanglung.com|恒隆地产|恒隆地產
175||Geely Automobile Holdings Ltd.|17|170|10|autos|www.geelyauto.com.hk|吉利汽车|吉利汽車
241||Alibaba Health Information Technology Ltd.|4.5|72|45|pharm-retail|www.alihealth.cn|阿里健康|
267||CITIC Ltd.|10|290|4.5|conglomerates|www.citic.com|中信股份|
285||BYD Electronic (International) Co. Ltd.|35|79|18|comm-eq|www.byd-electronics.com|比亚迪电子|比亞迪電子
288||WH Group Ltd.|7|90|8|foods|www.wh-group.com|万洲国际|萬洲國際
291||China Resources Beer (Holdings) Co. Ltd.|27|87|17|brewers|www.crbeer.com.hk|华润啤酒|華潤啤酒
316||Orient Overseas (International) Ltd.|115|76|4|shipping|www.ooilgroup.com|东方海外国际|東方海外國際
322||Tingyi (Cayman Islands) Holding Corp.|11|62|16|foods|www.masterkong.com.cn|康师傅控股|康師傅控股
386||China Petroleum & Chemical Corporation|4.2|510|10|oil-int|www.sinopec.com|中国石油化工股份|中國石油化工股份
388||Hong Kong Exchanges and Clearing Ltd.|330|420|33|exchanges|www.hkexgroup.com|香港交易所|
669||Techtronic Industries Co. Ltd.|90|165|21|tools|www.ttigroup.com|创科实业|創科實業
688||China Overseas Land & Investment Ltd.|13|142|6|re-dev|www.coli.com.hk|中国海外发展|中國海外發展
700||Tencent Holdings Ltd.|520|4800|23|internet|www.tencent.com|腾讯控股|騰訊控股
762||China Unicom (Hong Kong) Ltd.|9|275|10|telecom|www.chinaunicom.com.hk|中国联通|中國聯通
823||Link Real Estate Investment Trust|35|90|18|reit-retail|www.linkreit.com|领展房产基金|領展房產基金
836||China Resources Power Holdings Co. Ltd.|19|98|6|util-ipp|www.cr-power.com|华润电力|華潤電力
857||PetroChina Co. Ltd.|6.5|1400|7|oil-int|www.petrochina.com.cn|中国石油股份|中國石油股份
868||Xinyi Glass Holdings Ltd.|8|34|9|building-products|www.xinyiglass.com|信义玻璃|信義玻璃
881||Zhongsheng Group Holdings Ltd.|14|33|9|auto-dealers|www.zs-group.com.cn|中升控股|
883||CNOOC Ltd.|18|850|6|oil-ep|www.cnoocltd.com|中国海洋石油|中國海洋石油
939||China Construction Bank Corporation|7|1750|4.5|banks|www.ccb.com|建设银行|建設銀行
941||China Mobile Ltd.|85|1850|12|telecom|www.chinamobileltd.com|中国移动|中國移動
960||Longfor Group Holdings Ltd.|10|70|6|re-dev|www.longfor.com|龙湖集团|龍湖集團
968||Xinyi Solar Holdings Ltd.|3|27|20|solar|www.xinyisolar.com|信义光能|信義光能
981||Semiconductor Manufacturing International Corp.|45|360|80|semis|www.smics.com|中芯国际|中芯國際
992||Lenovo Group Ltd.|10|125|11|hardware|www.lenovo.com|联想集团|聯想集團
1024||Kuaishou Technology|55|240|15|internet|www.kuaishou.com|快手|
1038||CK Infrastructure Holdings Ltd.|52|131|16|util-electric|www.cki.com.hk|长江基建集团|長江基建集團
1044||Hengan International Group Co. Ltd.|23|27|9|household|www.hengan.com|恒安国际|恒安國際
1088||China Shenhua Energy Co. Ltd.|30|640|9|coal|www.csec.com|中国神华|中國神華
1093||CSPC Pharmaceutical Group Ltd.|7|80|12|pharma-spec|www.cspc.com.hk|石药集团|石藥集團
1109||China Resources Land Ltd.|27|190|7|re-dev|www.crland.com.hk|华润置地|華潤置地
1113||CK Asset Holdings Ltd.|32|114|8|re-dev|www.ckah.com|长实集团|長實集團
1177||Sino Biopharmaceutical Ltd.|4|75|22|pharma-spec|www.sinobiopharm.com|中国生物制药|中國生物製藥
1209||China Resources Mixc Lifestyle Services Ltd.|35|80|22|re-services|www.crmixclifestyle.com.cn|华润万象生活|華潤萬象生活
1211||BYD Co. Ltd.|110|1100|20|autos|www.bydglobal.com|比亚迪股份|比亞迪股份
1299||AIA Group Ltd.|60|640|15|ins-life|www.aia.com|友邦保险|友邦保險
1378||China Hongqiao Group Ltd.|16|150|7|aluminum|www.hongqiaochina.com|中国宏桥|中國宏橋
1398||Industrial and Commercial Bank of China Ltd.|5.5|2300|5|banks|www.icbc-ltd.com|工商银行|工商銀行
1810||Xiaomi Corporation|45|1150|40|cons-elec|www.mi.com|小米集团|小米集團
1876||Budweiser Brewing Company APAC Ltd.|8|105|20|brewers|www.budweiserapac.com|百威亚太|百威亞太
1928||Sands China Ltd.|17|140|20|casinos|www.sandschina.com|金沙中国|金沙中國
1929||Chow Tai Fook Jewellery Group Ltd.|11|110|18|luxury|www.ctfjewellerygroup.com|周大福|
1997||Wharf Real Estate Investment Co. Ltd.|20|61|15|re-services|www.wharfreic.com|九龙仓置业|九龍倉置業
2015||Li Auto Inc.|100|210|25|autos|www.lixiang.com|理想汽车|理想汽車
2020||ANTA Sports Products Ltd.|90|250|18|footwear|www.anta.com|安踏体育|安踏體育
2269||WuXi Biologics (Cayman) Inc.|25|100|30|biotech|www.wuxibiologics.com|药明生物|藥明生物
2313||Shenzhou International Group Holdings Ltd.|60|90|15|textiles|www.shenzhouintl.com|申洲国际|申洲國際
2318||Ping An Insurance (Group) Co. of China Ltd.|48|880|7|ins-life|group.pingan.com|中国平安|中國平安
2319||China Mengniu Dairy Co. Ltd.|17|67|15|foods|www.mengniuir.com|蒙牛乳业|蒙牛乳業
2331||Li Ning Co. Ltd.|17|44|15|footwear|www.lining.com|李宁|李寧
2382||Sunny Optical Technology (Group) Co. Ltd.|70|77|25|elec-comp|www.sunnyoptical.com|舜宇光学科技|舜宇光學科技
2388||BOC Hong Kong (Holdings) Ltd.|30|317|8|banks-reg|www.bochk.com|中银香港|中銀香港
2628||China Life Insurance Co. Ltd.|15|420|5|ins-life|www.e-chinalife.com|中国人寿|中國人壽
2688||ENN Energy Holdings Ltd.|55|62|9|util-gas|www.ennenergy.com|新奥能源|新奧能源
2899||Zijin Mining Group Co. Ltd.|20|530|14|gold|www.zjky.cn|紫金矿业|紫金礦業
3690||Meituan|130|790|22|retail-net|www.meituan.com|美团|美團
3692||Hansoh Pharmaceutical Group Co. Ltd.|22|130|30|pharma-spec|www.hspharm.com|翰森制药|翰森製藥
3968||China Merchants Bank Co. Ltd.|42|1050|7|banks-reg|www.cmbchina.com|招商银行|招商銀行
3988||Bank of China Ltd.|4.3|1400|5|banks|www.boc.cn|中国银行|中國銀行
6618||JD Health International Inc.|35|110|30|pharm-retail|ir.jdhealth.com|京东健康|京東健康
6690||Haier Smart Home Co. Ltd.|26|250|13|appliances|smart-home.haier.com|海尔智家|海爾智家
6862||Haidilao International Holding Ltd.|15|84|18|restaurants|www.haidilao.com|海底捞|海底撈
9618||JD.com, Inc.|130|400|10|retail-net|www.jd.com|京东集团|京東集團
9633||Nongfu Spring Co. Ltd.|38|430|35|soft-drinks|www.nongfuspring.com|农夫山泉|農夫山泉
9868||XPeng Inc.|75|140|-25|autos|www.xiaopeng.com|小鹏汽车|小鵬汽車
9888||Baidu, Inc.|85|240|10|internet|www.baidu.com|百度集团|百度集團
9961||Trip.com Group Ltd.|480|320|20|travel|www.trip.com|携程集团|攜程集團
9988||Alibaba Group Holding Ltd.|120|2300|16|retail-net|www.alibabagroup.com|阿里巴巴|
9999||NetEase, Inc.|170|540|17|games|www.netease.com|网易|網易
`;

/** Every Hong Kong stock. */
export const HK_STOCKS = stocks('HK', HK);
