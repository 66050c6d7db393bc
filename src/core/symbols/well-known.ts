/**
 * Well-known instruments shipped with the app: the live directory's floor, so a name
 * finds its symbol ("apple" → AAPL US, "tencent" → 700 HK) before the user has seen it
 * and whether or not the service answers a symbol list. Hand-curated: the largest
 * stocks of the main regions, the major crypto pairs, world indices, forex pairs,
 * futures and ETFs, in the regions the real service lists them (docs/api-gaps.md:
 * indices and forex under GB, crypto under BA and BT, futures under US, HK and CN).
 *
 * A shipped entry is a suggestion, not a fact about the source: the source has the last
 * word when one is chosen (`checkSymbol`). Demo mode never uses this list (its directory
 * is the simulator's catalog). One instrument a line, `code|exchange|name`, in blocks per
 * class and region; a crypto or forex pair leaves its name out, named from its assets
 * (`pairName`). A malformed line throws when the module loads.
 */
import {
  canonicalCode,
  isAssetClass,
  isRegion,
  pairName,
  type DirectoryEntry,
} from '../../shared/model';

const TABLES: Readonly<Record<string, string>> = {
  'stock US': `
AAPL|NASDAQ|Apple Inc.
MSFT|NASDAQ|Microsoft Corporation
NVDA|NASDAQ|NVIDIA Corporation
AMZN|NASDAQ|Amazon.com, Inc.
GOOGL|NASDAQ|Alphabet Inc. Class A
GOOG|NASDAQ|Alphabet Inc. Class C
META|NASDAQ|Meta Platforms, Inc.
TSLA|NASDAQ|Tesla, Inc.
AVGO|NASDAQ|Broadcom Inc.
BRK.B|NYSE|Berkshire Hathaway Inc. Class B
BRK.A|NYSE|Berkshire Hathaway Inc. Class A
LLY|NYSE|Eli Lilly and Company
JPM|NYSE|JPMorgan Chase & Co.
V|NYSE|Visa Inc.
MA|NYSE|Mastercard Incorporated
UNH|NYSE|UnitedHealth Group Incorporated
XOM|NYSE|Exxon Mobil Corporation
WMT|NYSE|Walmart Inc.
JNJ|NYSE|Johnson & Johnson
PG|NYSE|The Procter & Gamble Company
HD|NYSE|The Home Depot, Inc.
COST|NASDAQ|Costco Wholesale Corporation
ORCL|NYSE|Oracle Corporation
ABBV|NYSE|AbbVie Inc.
BAC|NYSE|Bank of America Corporation
KO|NYSE|The Coca-Cola Company
PEP|NASDAQ|PepsiCo, Inc.
MRK|NYSE|Merck & Co., Inc.
CVX|NYSE|Chevron Corporation
NFLX|NASDAQ|Netflix, Inc.
AMD|NASDAQ|Advanced Micro Devices, Inc.
ADBE|NASDAQ|Adobe Inc.
CRM|NYSE|Salesforce, Inc.
TMO|NYSE|Thermo Fisher Scientific Inc.
CSCO|NASDAQ|Cisco Systems, Inc.
ACN|NYSE|Accenture plc
MCD|NYSE|McDonald's Corporation
ABT|NYSE|Abbott Laboratories
LIN|NASDAQ|Linde plc
DIS|NYSE|The Walt Disney Company
WFC|NYSE|Wells Fargo & Company
INTC|NASDAQ|Intel Corporation
QCOM|NASDAQ|QUALCOMM Incorporated
TXN|NASDAQ|Texas Instruments Incorporated
IBM|NYSE|International Business Machines Corporation
INTU|NASDAQ|Intuit Inc.
AMAT|NASDAQ|Applied Materials, Inc.
MU|NASDAQ|Micron Technology, Inc.
GS|NYSE|The Goldman Sachs Group, Inc.
MS|NYSE|Morgan Stanley
C|NYSE|Citigroup Inc.
AXP|NYSE|American Express Company
BLK|NYSE|BlackRock, Inc.
SCHW|NYSE|The Charles Schwab Corporation
PFE|NYSE|Pfizer Inc.
AMGN|NASDAQ|Amgen Inc.
GILD|NASDAQ|Gilead Sciences, Inc.
BMY|NYSE|Bristol-Myers Squibb Company
CAT|NYSE|Caterpillar Inc.
DE|NYSE|Deere & Company
BA|NYSE|The Boeing Company
GE|NYSE|GE Aerospace
HON|NASDAQ|Honeywell International Inc.
RTX|NYSE|RTX Corporation
LMT|NYSE|Lockheed Martin Corporation
UPS|NYSE|United Parcel Service, Inc.
UNP|NYSE|Union Pacific Corporation
MMM|NYSE|3M Company
NKE|NYSE|NIKE, Inc.
SBUX|NASDAQ|Starbucks Corporation
LOW|NYSE|Lowe's Companies, Inc.
TGT|NYSE|Target Corporation
T|NYSE|AT&T Inc.
VZ|NYSE|Verizon Communications Inc.
TMUS|NASDAQ|T-Mobile US, Inc.
CMCSA|NASDAQ|Comcast Corporation
PYPL|NASDAQ|PayPal Holdings, Inc.
UBER|NYSE|Uber Technologies, Inc.
ABNB|NASDAQ|Airbnb, Inc.
SHOP|NYSE|Shopify Inc.
PLTR|NASDAQ|Palantir Technologies Inc.
SNOW|NYSE|Snowflake Inc.
CRWD|NASDAQ|CrowdStrike Holdings, Inc.
PANW|NASDAQ|Palo Alto Networks, Inc.
NOW|NYSE|ServiceNow, Inc.
ARM|NASDAQ|Arm Holdings plc
SMCI|NASDAQ|Super Micro Computer, Inc.
COIN|NASDAQ|Coinbase Global, Inc.
MSTR|NASDAQ|MicroStrategy Incorporated
HOOD|NASDAQ|Robinhood Markets, Inc.
RIVN|NASDAQ|Rivian Automotive, Inc.
LCID|NASDAQ|Lucid Group, Inc.
F|NYSE|Ford Motor Company
GM|NYSE|General Motors Company
SPOT|NYSE|Spotify Technology S.A.
SNAP|NYSE|Snap Inc.
PINS|NYSE|Pinterest, Inc.
RBLX|NYSE|Roblox Corporation
EA|NASDAQ|Electronic Arts Inc.
ZM|NASDAQ|Zoom Video Communications, Inc.
DELL|NYSE|Dell Technologies Inc.
HPQ|NYSE|HP Inc.
BABA|NYSE|Alibaba Group Holding Limited
PDD|NASDAQ|PDD Holdings Inc.
JD|NASDAQ|JD.com, Inc.
BIDU|NASDAQ|Baidu, Inc.
NIO|NYSE|NIO Inc.
LI|NASDAQ|Li Auto Inc.
XPEV|NYSE|XPeng Inc.
TME|NYSE|Tencent Music Entertainment Group
BILI|NASDAQ|Bilibili Inc.
TSM|NYSE|Taiwan Semiconductor Manufacturing Company Limited
ASML|NASDAQ|ASML Holding N.V.
NVO|NYSE|Novo Nordisk A/S
SAP|NYSE|SAP SE
TM|NYSE|Toyota Motor Corporation
SONY|NYSE|Sony Group Corporation
NSRGY|OTC|Nestlé S.A.
`,
  'stock HK': `
700|HKEX|Tencent Holdings Ltd.
9988|HKEX|Alibaba Group Holding Ltd.
3690|HKEX|Meituan
1810|HKEX|Xiaomi Corporation
9618|HKEX|JD.com, Inc.
9999|HKEX|NetEase, Inc.
1024|HKEX|Kuaishou Technology
9888|HKEX|Baidu, Inc.
2015|HKEX|Li Auto Inc.
9868|HKEX|XPeng Inc.
9866|HKEX|NIO Inc.
1211|HKEX|BYD Company Limited
5|HKEX|HSBC Holdings plc
939|HKEX|China Construction Bank Corporation
1398|HKEX|Industrial and Commercial Bank of China Limited
3988|HKEX|Bank of China Limited
1299|HKEX|AIA Group Limited
2318|HKEX|Ping An Insurance (Group) Company of China, Ltd.
388|HKEX|Hong Kong Exchanges and Clearing Limited
941|HKEX|China Mobile Limited
883|HKEX|CNOOC Limited
857|HKEX|PetroChina Company Limited
386|HKEX|China Petroleum & Chemical Corporation
2628|HKEX|China Life Insurance Company Limited
1|HKEX|CK Hutchison Holdings Limited
16|HKEX|Sun Hung Kai Properties Limited
11|HKEX|Hang Seng Bank Limited
2|HKEX|CLP Holdings Limited
3|HKEX|The Hong Kong and China Gas Company Limited
6|HKEX|Power Assets Holdings Limited
27|HKEX|Galaxy Entertainment Group Limited
1928|HKEX|Sands China Ltd.
2020|HKEX|ANTA Sports Products Limited
2331|HKEX|Li Ning Company Limited
2269|HKEX|WuXi Biologics (Cayman) Inc.
981|HKEX|Semiconductor Manufacturing International Corporation
992|HKEX|Lenovo Group Limited
2382|HKEX|Sunny Optical Technology (Group) Company Limited
9961|HKEX|Trip.com Group Limited
6618|HKEX|JD Health International Inc.
9633|HKEX|Nongfu Spring Co., Ltd.
291|HKEX|China Resources Beer (Holdings) Company Limited
1876|HKEX|Budweiser Brewing Company APAC Limited
66|HKEX|MTR Corporation Limited
823|HKEX|Link Real Estate Investment Trust
`,
  'stock SH': `
600519|SSE|Kweichow Moutai Co., Ltd.
601318|SSE|Ping An Insurance (Group) Company of China, Ltd.
600036|SSE|China Merchants Bank Co., Ltd.
601398|SSE|Industrial and Commercial Bank of China Limited
600900|SSE|China Yangtze Power Co., Ltd.
601012|SSE|LONGi Green Energy Technology Co., Ltd.
600276|SSE|Jiangsu Hengrui Pharmaceuticals Co., Ltd.
`,
  'stock SZ': `
300750|SZSE|Contemporary Amperex Technology Co., Limited
000858|SZSE|Wuliangye Yibin Co., Ltd.
000333|SZSE|Midea Group Co., Ltd.
002594|SZSE|BYD Company Limited
000001|SZSE|Ping An Bank Co., Ltd.
002415|SZSE|Hangzhou Hikvision Digital Technology Co., Ltd.
`,
  'stock JP': `
7203|TSE|Toyota Motor Corporation
6758|TSE|Sony Group Corporation
9984|TSE|SoftBank Group Corp.
6861|TSE|Keyence Corporation
8306|TSE|Mitsubishi UFJ Financial Group, Inc.
9983|TSE|Fast Retailing Co., Ltd.
7974|TSE|Nintendo Co., Ltd.
8035|TSE|Tokyo Electron Limited
6501|TSE|Hitachi, Ltd.
7267|TSE|Honda Motor Co., Ltd.
`,
  'stock GB': `
AZN|LSE|AstraZeneca PLC
SHEL|LSE|Shell plc
HSBA|LSE|HSBC Holdings plc
ULVR|LSE|Unilever PLC
BP|LSE|BP p.l.c.
GSK|LSE|GSK plc
RIO|LSE|Rio Tinto plc
BATS|LSE|British American Tobacco p.l.c.
DGE|LSE|Diageo plc
BARC|LSE|Barclays PLC
LLOY|LSE|Lloyds Banking Group plc
VOD|LSE|Vodafone Group Plc
RR|LSE|Rolls-Royce Holdings plc
TSCO|LSE|Tesco PLC
`,
  'stock DE': `
SAP|XETRA|SAP SE
SIE|XETRA|Siemens AG
ALV|XETRA|Allianz SE
DTE|XETRA|Deutsche Telekom AG
MBG|XETRA|Mercedes-Benz Group AG
BMW|XETRA|Bayerische Motoren Werke AG
VOW3|XETRA|Volkswagen AG
BAS|XETRA|BASF SE
ADS|XETRA|adidas AG
MUV2|XETRA|Münchener Rückversicherungs-Gesellschaft AG
`,
  'stock NL': `
ASML|AMS|ASML Holding N.V.
`,
  'stock TW': `
2330|TWSE|Taiwan Semiconductor Manufacturing Company Limited
2317|TWSE|Hon Hai Precision Industry Co., Ltd.
`,
  'crypto BA': `
BTCUSDT|Binance
ETHUSDT|Binance
BNBUSDT|Binance
SOLUSDT|Binance
XRPUSDT|Binance
DOGEUSDT|Binance
ADAUSDT|Binance
TRXUSDT|Binance
AVAXUSDT|Binance
LINKUSDT|Binance
DOTUSDT|Binance
LTCUSDT|Binance
BCHUSDT|Binance
TONUSDT|Binance
SUIUSDT|Binance
XLMUSDT|Binance
UNIUSDT|Binance
NEARUSDT|Binance
ETCUSDT|Binance
ATOMUSDT|Binance
FILUSDT|Binance
APTUSDT|Binance
ARBUSDT|Binance
OPUSDT|Binance
AAVEUSDT|Binance
PEPEUSDT|Binance
SHIBUSDT|Binance
USDCUSDT|Binance
BTCUSDC|Binance
ETHUSDC|Binance
ETHBTC|Binance
BNBBTC|Binance
SOLBTC|Binance
`,
  'crypto BT': `
BTCUSDT|BT
ETHUSDT|BT
SOLUSDT|BT
XRPUSDT|BT
DOGEUSDT|BT
`,
  'indices GB': `
SPX|CBOE|S&P 500
DJI|NYSE|Dow Jones Industrial Average
IXIC|NASDAQ|NASDAQ Composite
NDX|NASDAQ|NASDAQ-100
RUT|FTSE Russell|Russell 2000
VIX|CBOE|CBOE Volatility Index
FTSE|LSE|FTSE 100
HSI|HKEX|Hang Seng Index
HSCEI|HKEX|Hang Seng China Enterprises Index
N225|TSE|Nikkei 225
GDAXI|XETRA|DAX
FCHI|Euronext Paris|CAC 40
STOXX50E|STOXX|EURO STOXX 50
`,
  'forex GB': `
EURUSD|FX
GBPUSD|FX
USDJPY|FX
USDCHF|FX
AUDUSD|FX
NZDUSD|FX
USDCAD|FX
USDCNH|FX
EURGBP|FX
EURJPY|FX
GBPJPY|FX
EURCHF|FX
USDHKD|FX
USDSGD|FX
XAUUSD|FX
XAGUSD|FX
`,
  'future US': `
ES|CME|E-mini S&P 500
NQ|CME|E-mini Nasdaq-100
YM|CBOT|E-mini Dow ($5)
RTY|CME|E-mini Russell 2000
CL|NYMEX|Crude Oil WTI
NG|NYMEX|Henry Hub Natural Gas
GC|COMEX|Gold
SI|COMEX|Silver
HG|COMEX|Copper
ZB|CBOT|U.S. Treasury Bond
ZN|CBOT|10-Year T-Note
ZC|CBOT|Corn
ZS|CBOT|Soybeans
ZW|CBOT|Chicago SRW Wheat
`,
  'future HK': `
HSI|HKFE|Hang Seng Index Futures
MHI|HKFE|Mini Hang Seng Index Futures
HHI|HKFE|Hang Seng China Enterprises Index Futures
`,
  'future CN': `
IF|CFFEX|CSI 300 Index Futures
IH|CFFEX|SSE 50 Index Futures
IC|CFFEX|CSI 500 Index Futures
IM|CFFEX|CSI 1000 Index Futures
AU|SHFE|Gold
CU|SHFE|Copper
RB|SHFE|Rebar
SC|INE|Crude Oil
`,
  'fund US': `
SPY|NYSE Arca|SPDR S&P 500 ETF Trust
IVV|NYSE Arca|iShares Core S&P 500 ETF
VOO|NYSE Arca|Vanguard S&P 500 ETF
QQQ|NASDAQ|Invesco QQQ Trust
VTI|NYSE Arca|Vanguard Total Stock Market ETF
DIA|NYSE Arca|SPDR Dow Jones Industrial Average ETF Trust
IWM|NYSE Arca|iShares Russell 2000 ETF
SMH|NASDAQ|VanEck Semiconductor ETF
XLK|NYSE Arca|Technology Select Sector SPDR Fund
XLF|NYSE Arca|Financial Select Sector SPDR Fund
XLE|NYSE Arca|Energy Select Sector SPDR Fund
GLD|NYSE Arca|SPDR Gold Shares
SLV|NYSE Arca|iShares Silver Trust
TLT|NASDAQ|iShares 20+ Year Treasury Bond ETF
EEM|NYSE Arca|iShares MSCI Emerging Markets ETF
HYG|NYSE Arca|iShares iBoxx $ High Yield Corporate Bond ETF
ARKK|NYSE Arca|ARK Innovation ETF
IBIT|NASDAQ|iShares Bitcoin Trust ETF
`,
  'fund HK': `
2800|HKEX|Tracker Fund of Hong Kong
2828|HKEX|Hang Seng China Enterprises Index ETF
3033|HKEX|CSOP Hang Seng TECH Index ETF
`,
};

function parse(): DirectoryEntry[] {
  const out: DirectoryEntry[] = [];
  const seen = new Set<string>();
  for (const [market, table] of Object.entries(TABLES)) {
    const [cls, region] = market.split(' ') as [string, string];
    if (!isAssetClass(cls) || !isRegion(region)) {
      throw new Error(`well-known symbols: bad market "${market}"`);
    }
    for (const line of table.split('\n')) {
      if (line.trim() === '') continue;
      const [code, exchange, given, extra] = line.split('|');
      const name = given ?? (code ? pairName(code) : null);
      if (!code || exchange === undefined || !name || extra !== undefined) {
        throw new Error(`well-known symbols: malformed line "${line}" in ${market}`);
      }
      const entry = { class: cls, region, code: canonicalCode(region, code), name, exchange };
      const key = `${cls}:${region}:${entry.code}`;
      if (seen.has(key)) throw new Error(`well-known symbols: ${key} is listed twice`);
      seen.add(key);
      out.push(entry);
    }
  }
  return out;
}

/** The shipped list, canonical, one entry per class, region and code. */
export const WELL_KNOWN_SYMBOLS: readonly DirectoryEntry[] = parse();
