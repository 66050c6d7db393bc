/**
 * Stocks of the Americas: the 30 Dow Jones Industrial Average members, the largest
 * NASDAQ-100 and S&P 500 names, and the largest Mexican stocks. Price levels and
 * capitalisations are rough recent levels (demo data), not quotes.
 */
import { regionStocks } from './table';

/** code|exchange|name|price|mcap (bn USD)|P/E|industry|website|zh|hk */
const US = `
AAPL||Apple Inc.|230|3450|35|cons-elec|www.apple.com|苹果|蘋果
MSFT||Microsoft Corporation|420|3120|35|sw-infra|www.microsoft.com|微软|微軟
NVDA||NVIDIA Corporation|135|3300|54|semis|www.nvidia.com|英伟达|英偉達
AMZN||Amazon.com, Inc.|190|2000|38|retail-net|www.amazon.com|亚马逊|亞馬遜
GOOGL||Alphabet Inc. Class A|170|2090|23|internet|abc.xyz|谷歌|
GOOG||Alphabet Inc. Class C|172|2090|23|internet|abc.xyz|谷歌C类|谷歌C類
META||Meta Platforms, Inc.|590|1490|27|internet|www.meta.com|Meta|
AVGO||Broadcom Inc.|230|1080|95|semis|www.broadcom.com|博通|
TSLA||Tesla, Inc.|250|800|70|autos|www.tesla.com|特斯拉|
BRK.B|NYSE|Berkshire Hathaway Inc. Class B|470|1010|13|ins-div|www.berkshirehathaway.com|伯克希尔哈撒韦|波克夏海瑟威
LLY|NYSE|Eli Lilly and Company|800|760|70|pharma|www.lilly.com|礼来|禮來
JPM|NYSE|JPMorgan Chase & Co.|220|625|13|banks|www.jpmorganchase.com|摩根大通|
V|NYSE|Visa Inc.|340|660|33|credit|www.visa.com|维萨|維薩
MA|NYSE|Mastercard Incorporated|540|495|38|credit|www.mastercard.com|万事达|萬事達
WMT|NYSE|Walmart Inc.|95|760|40|discount|corporate.walmart.com|沃尔玛|沃爾瑪
XOM|NYSE|Exxon Mobil Corporation|110|475|14|oil-int|corporate.exxonmobil.com|埃克森美孚|
ORCL|NYSE|Oracle Corporation|170|475|40|sw-infra|www.oracle.com|甲骨文|
COST||Costco Wholesale Corporation|950|420|55|discount|www.costco.com|好市多|
NFLX||Netflix, Inc.|1000|430|50|entertainment|www.netflix.com|奈飞|網飛
HD|NYSE|The Home Depot, Inc.|370|370|25|home-retail|www.homedepot.com|家得宝|家得寶
PG|NYSE|The Procter & Gamble Company|165|390|26|household|www.pg.com|宝洁|寶潔
JNJ|NYSE|Johnson & Johnson|155|375|17|pharma|www.jnj.com|强生|強生
ABBV|NYSE|AbbVie Inc.|185|325|75|pharma|www.abbvie.com|艾伯维|艾伯維
BAC|NYSE|Bank of America Corporation|44|340|13|banks|www.bankofamerica.com|美国银行|美國銀行
KO|NYSE|The Coca-Cola Company|70|300|28|soft-drinks|www.coca-colacompany.com|可口可乐|可口可樂
PLTR||Palantir Technologies Inc.|120|280|520|sw-infra|www.palantir.com|Palantir|
AMD||Advanced Micro Devices, Inc.|120|195|105|semis|www.amd.com|超威半导体|超微半導體
CSCO||Cisco Systems, Inc.|60|240|25|comm-eq|www.cisco.com|思科|
CRM|NYSE|Salesforce, Inc.|280|270|45|sw-app|www.salesforce.com|赛富时|
PEP||PepsiCo, Inc.|140|195|20|soft-drinks|www.pepsico.com|百事|
TMO|NYSE|Thermo Fisher Scientific Inc.|450|170|27|diagnostics|www.thermofisher.com|赛默飞世尔|賽默飛世爾
ADBE||Adobe Inc.|400|170|26|sw-infra|www.adobe.com|奥多比|
INTC||Intel Corporation|21|92|-4.8|semis|www.intel.com|英特尔|英特爾
QCOM||QUALCOMM Incorporated|155|170|16|semis|www.qualcomm.com|高通|
TXN||Texas Instruments Incorporated|185|170|35|semis|www.ti.com|德州仪器|德州儀器
INTU||Intuit Inc.|650|180|60|sw-app|www.intuit.com|财捷|
AMAT||Applied Materials, Inc.|170|140|20|semi-eq|www.appliedmaterials.com|应用材料|應用材料
MU||Micron Technology, Inc.|95|105|25|semis|www.micron.com|美光科技|
PYPL||PayPal Holdings, Inc.|70|70|16|credit|www.paypal.com|贝宝|
UBER|NYSE|Uber Technologies, Inc.|80|170|17|sw-app|www.uber.com|优步|優步
ABNB||Airbnb, Inc.|130|80|32|travel|www.airbnb.com|爱彼迎|
SBUX||Starbucks Corporation|90|100|30|restaurants|www.starbucks.com|星巴克|
BKNG||Booking Holdings Inc.|5000|165|30|travel|www.bookingholdings.com|缤客|
COIN||Coinbase Global, Inc.|250|63|40|capmkt|www.coinbase.com|Coinbase|
CMCSA||Comcast Corporation|35|135|9|telecom|corporate.comcast.com|康卡斯特|
PFE|NYSE|Pfizer Inc.|25|140|18|pharma|www.pfizer.com|辉瑞|輝瑞
T|NYSE|AT&T Inc.|27|195|17|telecom|www.att.com|美国电话电报|美國電話電報
WFC|NYSE|Wells Fargo & Company|75|245|13|banks|www.wellsfargo.com|富国银行|富國銀行
C|NYSE|Citigroup Inc.|75|140|12|banks|www.citigroup.com|花旗集团|花旗集團
MS|NYSE|Morgan Stanley|130|210|15|capmkt|www.morganstanley.com|摩根士丹利|
BLK|NYSE|BlackRock, Inc.|950|148|23|assetmgmt|www.blackrock.com|贝莱德|貝萊德
LIN||Linde plc|460|217|33|chem-spec|www.linde.com|林德|
ACN|NYSE|Accenture plc|320|200|26|it-serv|www.accenture.com|埃森哲|
NOW|NYSE|ServiceNow, Inc.|900|185|110|sw-app|www.servicenow.com|ServiceNow|
ISRG||Intuitive Surgical, Inc.|520|185|75|med-instruments|www.intuitive.com|直觉外科|直覺外科
GE|NYSE|GE Aerospace|230|245|36|aerospace|www.geaerospace.com|通用电气|通用電氣
UNP|NYSE|Union Pacific Corporation|230|138|21|railroads|www.up.com|联合太平洋|聯合太平洋
LOW|NYSE|Lowe's Companies, Inc.|230|130|19|home-retail|www.lowes.com|劳氏|勞氏
NEE|NYSE|NextEra Energy, Inc.|70|145|20|util-electric|www.nexteraenergy.com|新纪元能源|新紀元能源
RTX|NYSE|RTX Corporation|140|187|38|aerospace|www.rtx.com|雷神技术|雷神技術
SPGI|NYSE|S&P Global Inc.|510|157|40|exchanges|www.spglobal.com|标普全球|標普全球
COP|NYSE|ConocoPhillips|90|113|12|oil-ep|www.conocophillips.com|康菲石油|
AMGN||Amgen Inc.|290|156|38|pharma|www.amgen.com|安进|安進
AXP|NYSE|American Express Company|290|205|20|credit|www.americanexpress.com|美国运通|美國運通
BA|NYSE|The Boeing Company|180|135|-12|aerospace|www.boeing.com|波音|
CAT|NYSE|Caterpillar Inc.|340|162|16|heavy-machinery|www.caterpillar.com|卡特彼勒|開拓重工
CVX|NYSE|Chevron Corporation|145|255|16|oil-int|www.chevron.com|雪佛龙|雪佛龍
DIS|NYSE|The Walt Disney Company|110|200|35|entertainment|thewaltdisneycompany.com|迪士尼|
GS|NYSE|The Goldman Sachs Group, Inc.|600|185|14|capmkt|www.goldmansachs.com|高盛|
HON||Honeywell International Inc.|220|142|25|conglomerates|www.honeywell.com|霍尼韦尔|霍尼韋爾
IBM|NYSE|International Business Machines Corporation|250|232|40|it-serv|www.ibm.com|IBM|
MCD|NYSE|McDonald's Corporation|300|215|26|restaurants|corporate.mcdonalds.com|麦当劳|麥當勞
MMM|NYSE|3M Company|145|78|19|conglomerates|www.3m.com|3M|
MRK|NYSE|Merck & Co., Inc.|85|215|13|pharma|www.merck.com|默沙东|默沙東
NKE|NYSE|NIKE, Inc.|65|96|30|footwear|www.nike.com|耐克|
SHW|NYSE|The Sherwin-Williams Company|350|88|33|chem-spec|www.sherwin-williams.com|宣伟|宣偉
TRV|NYSE|The Travelers Companies, Inc.|260|59|12|ins-pc|www.travelers.com|旅行者集团|旅行者集團
UNH|NYSE|UnitedHealth Group Incorporated|300|272|13|health-plans|www.unitedhealthgroup.com|联合健康|聯合健康
VZ|NYSE|Verizon Communications Inc.|43|181|10|telecom|www.verizon.com|威瑞森|
`;

/** code|exchange|name|price|mcap (bn MXN)|P/E|industry|website|zh|hk */
const MX = `
AMXB||América Móvil, S.A.B. de C.V.|16|1000|25|telecom|www.americamovil.com||
WALMEX||Wal-Mart de México, S.A.B. de C.V.|60|1050|20|discount|www.walmex.mx||
GFNORTEO||Grupo Financiero Banorte, S.A.B. de C.V.|170|490|9|banks-reg|www.banorte.com||
FEMSAUBD||Fomento Económico Mexicano, S.A.B. de C.V.|190|680|20|soft-drinks|www.femsa.com||
CEMEXCPO||CEMEX, S.A.B. de C.V.|12|175|15|building-materials|www.cemex.com||
`;

/** Every stock of the Americas. */
export const AMERICAS_STOCKS = regionStocks({ US, MX });
