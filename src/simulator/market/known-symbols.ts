/**
 * The named instruments of the synthetic market, as tables (one line each) so the
 * catalog reads like a reference sheet. Columns are `|`-separated; an empty Chinese
 * name column falls back to the English name, an empty Traditional one to the
 * Simplified one. London prices are in pence.
 */
import type { AssetClass } from '../../shared/model';
import type { KnownSymbol } from './catalog';

/** region|code|name|price|exchange|sector|industry|website|shares|eps|nameZh|nameHk */
const STOCKS = `
US|AAPL|Apple Inc.|230|NASDAQ|Technology|Consumer Electronics|https://www.apple.com|15.1e9|6.6|苹果|蘋果
US|MSFT|Microsoft Corporation|420|NASDAQ|Technology|Software - Infrastructure|https://www.microsoft.com|7.43e9|12.1|微软|微軟
US|TSLA|Tesla, Inc.|250|NASDAQ|Consumer Cyclical|Auto Manufacturers|https://www.tesla.com|3.21e9|3.6|特斯拉|
US|NVDA|NVIDIA Corporation|135|NASDAQ|Technology|Semiconductors|https://www.nvidia.com|24.5e9|2.5|英伟达|英偉達
US|AMZN|Amazon.com, Inc.|190|NASDAQ|Consumer Cyclical|Internet Retail|https://www.amazon.com|10.5e9|5.0|亚马逊|亞馬遜
US|GOOGL|Alphabet Inc.|170|NASDAQ|Communication Services|Internet Content & Information|https://abc.xyz|12.3e9|7.5|谷歌|
US|JPM|JPMorgan Chase & Co.|220|NYSE|Financial Services|Banks - Diversified|https://www.jpmorganchase.com|2.85e9|16.5|摩根大通|
HK|700|Tencent Holdings Ltd.|420|HKEX|Communication Services|Internet Content & Information|https://www.tencent.com|9.3e9|22|腾讯控股|騰訊控股
HK|9988|Alibaba Group Holding Ltd.|85|HKEX|Consumer Cyclical|Internet Retail|https://www.alibabagroup.com|19e9|6.4|阿里巴巴|
HK|5|HSBC Holdings plc|68|HKEX|Financial Services|Banks - Diversified|https://www.hsbc.com|18e9|8.4|汇丰控股|滙豐控股
HK|1299|AIA Group Ltd.|60|HKEX|Financial Services|Insurance - Life|https://www.aia.com|10.9e9|3.6|友邦保险|友邦保險
HK|3690|Meituan|130|HKEX|Consumer Cyclical|Internet Retail|https://www.meituan.com|6.1e9|5.6|美团|美團
HK|941|China Mobile Ltd.|75|HKEX|Communication Services|Telecom Services|https://www.chinamobileltd.com|21.4e9|6.5|中国移动|中國移動
SH|600519|Kweichow Moutai Co., Ltd.|1500|SSE|Consumer Defensive|Beverages - Wineries & Distilleries|https://www.moutaichina.com|1.256e9|68|贵州茅台|貴州茅台
SH|601318|Ping An Insurance (Group) Co. of China|45|SSE|Financial Services|Insurance - Diversified|https://www.pingan.cn|18.2e9|6.2|中国平安|中國平安
SH|600036|China Merchants Bank Co., Ltd.|33|SSE|Financial Services|Banks - Regional|https://www.cmbchina.com|25.2e9|5.7|招商银行|招商銀行
SZ|000001|Ping An Bank Co., Ltd.|11|SZSE|Financial Services|Banks - Regional|https://bank.pingan.com|19.4e9|2.3|平安银行|平安銀行
SZ|000858|Wuliangye Yibin Co., Ltd.|140|SZSE|Consumer Defensive|Beverages - Wineries & Distilleries|https://www.wuliangye.com.cn|3.88e9|7.8|五粮液|五糧液
SZ|300750|Contemporary Amperex Technology Co., Ltd.|210|SZSE|Industrials|Electrical Equipment & Parts|https://www.catl.com|4.4e9|10.2|宁德时代|寧德時代
JP|7203|Toyota Motor Corporation|2800|TSE|Consumer Cyclical|Auto Manufacturers|https://global.toyota|13e9|330|丰田汽车|豐田汽車
JP|6758|Sony Group Corporation|3300|TSE|Technology|Consumer Electronics|https://www.sony.com|6.1e9|160|索尼|
JP|9984|SoftBank Group Corp.|8500|TSE|Communication Services|Telecom Services|https://group.softbank|1.47e9|300|软银集团|軟銀集團
GB|HSBA|HSBC Holdings plc|690|LSE|Financial Services|Banks - Diversified|https://www.hsbc.com|18e9|95|汇丰控股|滙豐控股
GB|BP|BP p.l.c.|420|LSE|Energy|Oil & Gas Integrated|https://www.bp.com|16e9|45|英国石油|英國石油
GB|AZN|AstraZeneca PLC|11800|LSE|Healthcare|Drug Manufacturers - General|https://www.astrazeneca.com|1.55e9|400|阿斯利康|
GB|SHEL|Shell plc|2650|LSE|Energy|Oil & Gas Integrated|https://www.shell.com|6.3e9|290|壳牌|殼牌
DE|SAP|SAP SE|230|XETRA|Technology|Software - Application|https://www.sap.com|1.17e9|4.9||
DE|SIE|Siemens AG|180|XETRA|Industrials|Specialty Industrial Machinery|https://www.siemens.com|0.79e9|10.8|西门子|西門子
`;

/** class|region|code|name|price|exchange|currency|home|tick|nameZh|nameHk */
const OTHERS = `
fund|US|QQQ|Invesco QQQ Trust|490|NASDAQ|USD||||
fund|US|SPY|SPDR S&P 500 ETF Trust|570|NYSE Arca|USD||||
fund|US|IWM|iShares Russell 2000 ETF|220|NYSE Arca|USD||||
fund|US|GLD|SPDR Gold Shares|240|NYSE Arca|USD||||
fund|HK|2800|Tracker Fund of Hong Kong|19.5|HKEX|HKD|||盈富基金|
indices|GB|FTSE|FTSE 100|8200|LSE|GBP|||富时100指数|富時100指數
indices|GB|SPX|S&P 500|5800|CBOE|USD|US||标普500指数|標普500指數
indices|GB|DJI|Dow Jones Industrial Average|42000|NYSE|USD|US||道琼斯指数|道瓊斯指數
indices|GB|IXIC|NASDAQ Composite|18500|NASDAQ|USD|US||纳斯达克综合指数|納斯達克綜合指數
indices|GB|HSI|Hang Seng Index|19500|HKEX|HKD|HK||恒生指数|恒生指數
indices|GB|N225|Nikkei 225|38500|TSE|JPY|JP||日经225指数|日經225指數
indices|GB|GDAXI|DAX|19000|XETRA|EUR|DE||德国DAX指数|德國DAX指數
crypto|BA|BTCUSDT|Bitcoin / TetherUS|95000|Binance|USDT|||比特币|比特幣
crypto|BA|ETHUSDT|Ethereum / TetherUS|3300|Binance|USDT|||以太坊|
crypto|BA|SOLUSDT|Solana / TetherUS|230|Binance|USDT||||
crypto|BA|BNBUSDT|BNB / TetherUS|620|Binance|USDT|||币安币|幣安幣
crypto|BA|XRPUSDT|XRP / TetherUS|1.1|Binance|USDT|||瑞波币|瑞波幣
crypto|BA|DOGEUSDT|Dogecoin / TetherUS|0.38|Binance|USDT|||狗狗币|狗狗幣
forex|GB|EURUSD|Euro / US Dollar|1.08|FX|USD|||欧元/美元|歐元/美元
forex|GB|GBPUSD|British Pound / US Dollar|1.27|FX|USD|||英镑/美元|英鎊/美元
forex|GB|USDJPY|US Dollar / Japanese Yen|150|FX|JPY|||美元/日元|美元/日圓
forex|GB|AUDUSD|Australian Dollar / US Dollar|0.66|FX|USD|||澳元/美元|
forex|GB|USDCHF|US Dollar / Swiss Franc|0.88|FX|CHF|||美元/瑞郎|
forex|GB|USDCNH|US Dollar / Offshore Yuan|7.2|FX|CNH|||美元/离岸人民币|美元/離岸人民幣
future|US|NQ|E-mini Nasdaq-100|20500|CME|USD||0.25|纳指期货|納指期貨
future|US|ES|E-mini S&P 500|5900|CME|USD||0.25|标普期货|標普期貨
future|US|CL|Crude Oil WTI|70|NYMEX|USD||0.01|原油期货|原油期貨
future|US|GC|Gold|2650|COMEX|USD||0.1|黄金期货|黃金期貨
future|HK|HSI|Hang Seng Index Futures|19500|HKFE|HKD||1|恒指期货|恒指期貨
`;

const rows = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) => line.split('|'));

const opt = (text: string | undefined) => (text ? text : undefined);

/** Parses the tables; `currencyOf` gives a stock region's currency. */
export function knownSymbols(currencyOf: (region: string) => string): KnownSymbol[] {
  const stocks = rows(STOCKS).map(
    ([region, code, name, price, exchange, sector, industry, website, shares, eps, zh, hk]) => ({
      class: 'stock' as AssetClass,
      region: region!,
      code: code!,
      name: name!,
      nameZh: opt(zh),
      nameHk: opt(hk),
      price: Number(price),
      exchange: exchange!,
      currency: currencyOf(region!),
      sector,
      industry,
      website,
      shares: Number(shares),
      eps: Number(eps),
    }),
  );
  const others = rows(OTHERS).map(
    ([cls, region, code, name, price, exchange, currency, home, tick, zh, hk]) => ({
      class: cls as AssetClass,
      region: region!,
      code: code!,
      name: name!,
      nameZh: opt(zh),
      nameHk: opt(hk),
      price: Number(price),
      exchange: exchange!,
      currency: currency!,
      home: opt(home),
      tick: tick ? Number(tick) : undefined,
    }),
  );
  return [...stocks, ...others];
}
