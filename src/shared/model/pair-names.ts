/**
 * The names of the assets crypto and forex pairs are made of, each written once: a pair is
 * named `base / quote` from them ("Bitcoin / TetherUS", "Euro / US Dollar"), in the shipped
 * symbol list (core/symbols/well-known) and the demo's catalog alike. One asset a line,
 * `code|name`: crypto, then currencies and metals.
 */
const ASSET_NAMES: ReadonlyMap<string, string> = new Map(
  `
BTC|Bitcoin
USDT|TetherUS
USDC|USD Coin
ETH|Ethereum
BNB|BNB
SOL|Solana
XRP|XRP
DOGE|Dogecoin
ADA|Cardano
TRX|TRON
AVAX|Avalanche
LINK|Chainlink
DOT|Polkadot
LTC|Litecoin
BCH|Bitcoin Cash
TON|Toncoin
SUI|Sui
XLM|Stellar
UNI|Uniswap
NEAR|NEAR Protocol
ETC|Ethereum Classic
ATOM|Cosmos
FIL|Filecoin
APT|Aptos
ARB|Arbitrum
OP|Optimism
AAVE|Aave
PEPE|Pepe
SHIB|Shiba Inu
INJ|Injective
ICP|Internet Computer
HBAR|Hedera
VET|VeChain
ALGO|Algorand
SAND|The Sandbox
MANA|Decentraland
AXS|Axie Infinity
GRT|The Graph
SEI|Sei
TIA|Celestia
RENDER|Render
IMX|Immutable
STX|Stacks
LDO|Lido DAO
RUNE|THORChain
EGLD|MultiversX
THETA|Theta Network
XTZ|Tezos
ZEC|Zcash
FET|Artificial Superintelligence Alliance
WLD|Worldcoin
ENA|Ethena
CRV|Curve DAO
EUR|Euro
USD|US Dollar
GBP|British Pound
JPY|Japanese Yen
CHF|Swiss Franc
AUD|Australian Dollar
NZD|New Zealand Dollar
CAD|Canadian Dollar
CNH|Offshore Yuan
HKD|Hong Kong Dollar
SGD|Singapore Dollar
XAU|Gold
XAG|Silver
SEK|Swedish Krona
INR|Indian Rupee
MXN|Mexican Peso
TRY|Turkish Lira
`
    .trim()
    .split('\n')
    .map((line) => line.split('|') as [string, string]),
);

/**
 * A pair's name from its code, `base / quote` ("ETHBTC" → "Ethereum / Bitcoin"); null
 * unless the code splits one way only into two known assets.
 */
export function pairName(code: string): string | null {
  const names: string[] = [];
  for (let i = 1; i < code.length; i++) {
    const base = ASSET_NAMES.get(code.slice(0, i));
    const quote = ASSET_NAMES.get(code.slice(i));
    if (base !== undefined && quote !== undefined) names.push(`${base} / ${quote}`);
  }
  return names.length === 1 ? names[0]! : null;
}
