/**
 * Every instrument that is not a stock, in the regions the real service lists them
 * (docs/api-gaps.md): world indices under GB, exchange-traded funds under US (and
 * the three largest Hong Kong ETFs), crypto pairs under BA and BT, forex pairs under
 * GB, index and commodity futures under US, HK and CN. Levels are rough recent levels
 * (demo data). `thin` marks instruments whose order book shows the spec's sparse
 * shapes (see ../depth.ts). A crypto or forex pair leaves its name empty: it is named
 * from its assets (`pairName`).
 */
import { instruments } from './table';

/** code|name|price|exchange|currency|home|tick|book|zh|hk */
const INDICES = `
FTSE|FTSE 100|9000|LSE|GBP||||富时100指数|富時100指數
SPX|S&P 500|6200|CBOE|USD|US|||标普500指数|標普500指數
DJI|Dow Jones Industrial Average|44000|NYSE|USD|US|||道琼斯指数|道瓊斯指數
IXIC|NASDAQ Composite|20000|NASDAQ|USD|US|||纳斯达克综合指数|納斯達克綜合指數
NDX|NASDAQ-100|21500|NASDAQ|USD|US|||纳斯达克100指数|納斯達克100指數
RUT|Russell 2000|2200|FTSE Russell|USD|US||thin|罗素2000指数|羅素2000指數
VIX|CBOE Volatility Index|18|CBOE|USD|US||thin|波动率指数|波動率指數
HSI|Hang Seng Index|24000|HKEX|HKD|HK|||恒生指数|恒生指數
HSCEI|Hang Seng China Enterprises Index|8600|HKEX|HKD|HK||thin|恒生中国企业指数|恒生中國企業指數
N225|Nikkei 225|39000|TSE|JPY|JP|||日经225指数|日經225指數
GDAXI|DAX|23000|XETRA|EUR|DE|||德国DAX指数|德國DAX指數
FCHI|CAC 40|7800|Euronext Paris|EUR|FR||thin|法国CAC40指数|法國CAC40指數
STOXX50E|EURO STOXX 50|5300|STOXX|EUR|DE||thin|欧洲斯托克50指数|歐洲斯托克50指數
`;

/** code|name|price|exchange|currency|home|tick|book|zh|hk */
const US_FUNDS = `
SPY|SPDR S&P 500 ETF Trust|620|NYSE Arca|||||标普500ETF|標普500ETF
IVV|iShares Core S&P 500 ETF|620|NYSE Arca||||||
VOO|Vanguard S&P 500 ETF|570|NYSE Arca||||||
QQQ|Invesco QQQ Trust|540|NASDAQ|||||纳指100ETF|納指100ETF
VTI|Vanguard Total Stock Market ETF|300|NYSE Arca||||||
DIA|SPDR Dow Jones Industrial Average ETF Trust|440|NYSE Arca||||||
IWM|iShares Russell 2000 ETF|220|NYSE Arca||||||
SMH|VanEck Semiconductor ETF|250|NASDAQ||||||
XLK|Technology Select Sector SPDR Fund|240|NYSE Arca||||||
GLD|SPDR Gold Shares|305|NYSE Arca|||||黄金ETF|黃金ETF
XLF|Financial Select Sector SPDR Fund|50|NYSE Arca||||thin||
TLT|iShares 20+ Year Treasury Bond ETF|88|NASDAQ||||thin||
EEM|iShares MSCI Emerging Markets ETF|45|NYSE Arca||||thin||
HYG|iShares iBoxx $ High Yield Corporate Bond ETF|80|NYSE Arca||||thin||
SLV|iShares Silver Trust|33|NYSE Arca||||thin||
ARKK|ARK Innovation ETF|60|NYSE Arca||||thin||
`;

/** code|name|price|exchange|currency|home|tick|book|zh|hk */
const HK_FUNDS = `
2800|Tracker Fund of Hong Kong|24|HKEX|||||盈富基金|
2828|Hang Seng China Enterprises Index ETF|85|HKEX||||thin|恒生中国企业|恒生中國企業
3033|CSOP Hang Seng TECH Index ETF|5.5|HKEX||||thin|南方恒生科技|
`;

/** code|name|price|exchange|currency|home|tick|book|zh|hk (the book column is unused: crypto books are always 5 deep) */
const CRYPTO = `
BTCUSDT||100000||||||比特币|比特幣
ETHUSDT||3300||||||以太坊|
BNBUSDT||650||||||币安币|幣安幣
SOLUSDT||180||||||索拉纳|索拉納
XRPUSDT||2.5||||||瑞波币|瑞波幣
DOGEUSDT||0.2||||||狗狗币|狗狗幣
ADAUSDT||0.7||||||艾达币|艾達幣
TRXUSDT||0.27||||||波场|波場
AVAXUSDT||22||||||雪崩|
LINKUSDT||16||||||Chainlink|
DOTUSDT||4.5||||||波卡|
LTCUSDT||90||||||莱特币|萊特幣
BCHUSDT||420||||||比特币现金|比特幣現金
TONUSDT||3.2||||||Toncoin|
SUIUSDT||3.5||||||Sui|
XLMUSDT||0.3||||||恒星币|恆星幣
UNIUSDT||8||||||Uniswap|
NEARUSDT||2.8||||||NEAR|
USDCUSDT||1|||||||
ETHBTC||0.033||BTC||||以太坊/比特币|以太坊/比特幣
ETCUSDT||18||||||以太经典|以太經典
ATOMUSDT||4.5|||||||
FILUSDT||2.5|||||||
APTUSDT||5|||||||
ARBUSDT||0.4|||||||
OPUSDT||0.7|||||||
INJUSDT||12|||||||
AAVEUSDT||280|||||||
ICPUSDT||5|||||||
HBARUSDT||0.2|||||||
VETUSDT||0.025|||||||
ALGOUSDT||0.22|||||||
SANDUSDT||0.28|||||||
MANAUSDT||0.3|||||||
AXSUSDT||2.5|||||||
GRTUSDT||0.1|||||||
SEIUSDT||0.3|||||||
TIAUSDT||1.8|||||||
RENDERUSDT||3.5|||||||
IMXUSDT||0.5|||||||
STXUSDT||0.7|||||||
LDOUSDT||1|||||||
RUNEUSDT||1.5|||||||
EGLDUSDT||15|||||||
THETAUSDT||0.8|||||||
XTZUSDT||0.6|||||||
ZECUSDT||40|||||||
FETUSDT||0.7|||||||
WLDUSDT||1|||||||
ENAUSDT||0.3|||||||
CRVUSDT||0.7|||||||
`;

/** code|name|price|exchange|currency (quote)|home|tick|book|zh|hk */
const FOREX = `
EURUSD||1.12||USD||||欧元/美元|歐元/美元
GBPUSD||1.3||USD||||英镑/美元|英鎊/美元
USDJPY||148||JPY||||美元/日元|美元/日圓
USDCHF||0.82||CHF||||美元/瑞郎|
AUDUSD||0.65||USD||||澳元/美元|
NZDUSD||0.59||USD||||纽元/美元|紐元/美元
USDCAD||1.38||CAD||||美元/加元|
USDCNH||7.2||CNH||||美元/离岸人民币|美元/離岸人民幣
EURGBP||0.85||GBP||||欧元/英镑|歐元/英鎊
EURJPY||165||JPY||||欧元/日元|歐元/日圓
GBPJPY||195||JPY||||英镑/日元|英鎊/日圓
EURCHF||0.94||CHF||||欧元/瑞郎|
USDHKD||7.8||HKD|||thin|美元/港元|
EURSEK||11.2||SEK|||thin||
USDSGD||1.3||SGD|||thin|美元/新加坡元|
USDINR||85||INR|||thin||
USDMXN||19||MXN|||thin||
USDTRY||38||TRY|||thin||
`;

/** code|name|price|exchange|currency|home|tick|book|zh|hk */
const US_FUTURES = `
NQ|E-mini Nasdaq-100|21500|CME|||0.25||纳指期货|納指期貨
ES|E-mini S&P 500|6200|CME|||0.25||标普期货|標普期貨
YM|E-mini Dow ($5)|44000|CBOT|||1||道指期货|道指期貨
RTY|E-mini Russell 2000|2200|CME|||0.1||罗素2000期货|羅素2000期貨
CL|Crude Oil WTI|65|NYMEX|||0.01||原油期货|原油期貨
NG|Henry Hub Natural Gas|3.5|NYMEX|||0.001||天然气期货|天然氣期貨
GC|Gold|3300|COMEX|||0.1||黄金期货|黃金期貨
SI|Silver|36|COMEX|||0.005||白银期货|白銀期貨
HG|Copper|4.8|COMEX|||0.0005||铜期货|銅期貨
ZB|U.S. Treasury Bond|115|CBOT|||0.03125|thin|美国长期国债期货|美國長期國債期貨
ZN|10-Year T-Note|110.5|CBOT|||0.015625|thin|10年期美债期货|10年期美債期貨
ZC|Corn|430|CBOT|||0.25|thin|玉米期货|玉米期貨
ZS|Soybeans|1050|CBOT|||0.25|thin|大豆期货|大豆期貨
ZW|Chicago SRW Wheat|540|CBOT|||0.25|thin|小麦期货|小麥期貨
`;

/** code|name|price|exchange|currency|home|tick|book|zh|hk */
const HK_FUTURES = `
HSI|Hang Seng Index Futures|24000|HKFE|||1||恒指期货|恒指期貨
MHI|Mini Hang Seng Index Futures|24000|HKFE|||1|thin|小型恒指期货|小型恒指期貨
HHI|Hang Seng China Enterprises Index Futures|8600|HKFE|||1|thin|国企指数期货|國企指數期貨
`;

/** code|name|price|exchange|currency|home|tick|book|zh|hk */
const CN_FUTURES = `
IF|CSI 300 Index Futures|3900|CFFEX|||0.2||沪深300股指期货|滬深300股指期貨
IH|SSE 50 Index Futures|2700|CFFEX|||0.2||上证50股指期货|上證50股指期貨
IC|CSI 500 Index Futures|5800|CFFEX|||0.2||中证500股指期货|中證500股指期貨
IM|CSI 1000 Index Futures|6200|CFFEX|||0.2|thin|中证1000股指期货|中證1000股指期貨
AU|Gold|780|SHFE|||0.02|thin|沪金|滬金
CU|Copper|78000|SHFE|||10|thin|沪铜|滬銅
RB|Rebar|3100|SHFE|||1|thin|螺纹钢|螺紋鋼
SC|Crude Oil|500|INE|||0.1|thin|原油|
`;

/** Every instrument that is not a stock. */
export const OTHER_INSTRUMENTS = [
  ...instruments('indices', 'GB', { exchange: '', currency: 'USD' }, INDICES),
  ...instruments('fund', 'US', { exchange: 'NYSE Arca', currency: 'USD' }, US_FUNDS),
  ...instruments('fund', 'HK', { exchange: 'HKEX', currency: 'HKD' }, HK_FUNDS),
  ...instruments('crypto', 'BA', { exchange: 'Binance', currency: 'USDT' }, CRYPTO),
  // The notes name the region BT but not its venue: the exchange stays the region code.
  ...instruments('crypto', 'BT', { exchange: 'BT', currency: 'USDT' }, CRYPTO),
  ...instruments('forex', 'GB', { exchange: 'FX', currency: 'USD' }, FOREX),
  ...instruments('future', 'US', { exchange: 'CME', currency: 'USD' }, US_FUTURES),
  ...instruments('future', 'HK', { exchange: 'HKFE', currency: 'HKD' }, HK_FUTURES),
  ...instruments('future', 'CN', { exchange: 'CFFEX', currency: 'CNY' }, CN_FUTURES),
];
