/**
 * European stocks: the main FTSE 100 constituents (London prices in pence, as the
 * exchange quotes them; the TIDM's trailing dot dropped, `BT.A` kept), the largest
 * DAX members, and the largest stocks of Spain, the Netherlands, Italy and Turkey.
 * Price levels and capitalisations are rough recent levels (demo data), not quotes.
 */
import { regionStocks } from './table';

/** code|exchange|name|price (pence)|mcap (bn GBP)|P/E|industry|website|zh|hk */
const GB = `
AZN||AstraZeneca PLC|11000|170|30|pharma|www.astrazeneca.com|阿斯利康|
SHEL||Shell plc|2600|160|13|oil-int|www.shell.com|壳牌|殼牌
HSBA||HSBC Holdings plc|900|160|9|banks|www.hsbc.com|汇丰控股|滙豐控股
ULVR||Unilever PLC|4600|115|22|household|www.unilever.com|联合利华|聯合利華
REL||RELX PLC|3900|72|37|business-services|www.relx.com|励讯集团|勵訊集團
BATS||British American Tobacco p.l.c.|3300|73|23|tobacco|www.bat.com|英美烟草|英美煙草
BP||BP p.l.c.|400|63|30|oil-int|www.bp.com|英国石油|英國石油
RIO||Rio Tinto Group|4700|78|9|mining|www.riotinto.com|力拓|
GSK||GSK plc|1450|59|23|pharma|www.gsk.com|葛兰素史克|葛蘭素史克
LSEG||London Stock Exchange Group plc|11000|58|80|exchanges|www.lseg.com|伦敦证券交易所集团|倫敦證券交易所集團
RR||Rolls-Royce Holdings plc|850|72|28|aerospace|www.rolls-royce.com|罗尔斯·罗伊斯|勞斯萊斯
BARC||Barclays PLC|300|43|8|banks|home.barclays|巴克莱|巴克萊
LLOY||Lloyds Banking Group plc|75|45|10|banks-reg|www.lloydsbankinggroup.com|劳埃德银行|駿懋銀行
NWG||NatWest Group plc|500|40|8|banks-reg|www.natwestgroup.com|国民西敏寺集团|國民西敏寺集團
DGE||Diageo plc|2000|45|17|spirits|www.diageo.com|帝亚吉欧|帝亞吉歐
GLEN||Glencore plc|300|37|-25|mining|www.glencore.com|嘉能可|
NG||National Grid plc|1000|50|18|util-electric|www.nationalgrid.com|英国国家电网|英國國家電網
BA||BAE Systems plc|1800|55|28|aerospace|www.baesystems.com|英国宇航系统|英國宇航系統
CPG||Compass Group PLC|2600|44|32|restaurants|www.compass-group.com|金巴斯集团|金巴斯集團
PRU||Prudential plc|850|22|10|ins-life|www.prudentialplc.com|英国保诚|英國保誠
TSCO||Tesco PLC|380|25|15|grocery|www.tescoplc.com|乐购|樂購
VOD||Vodafone Group Plc|75|19|-5|telecom|www.vodafone.com|沃达丰|沃達豐
BT.A||BT Group plc|190|19|16|telecom|www.bt.com|英国电信|英國電信
AAL||Anglo American plc|2300|28|-12|mining|www.angloamerican.com|英美资源|英美資源
III||3i Group plc|4000|39|8|assetmgmt|www.3i.com|3i集团|3i集團
EXPN||Experian plc|3800|35|33|consulting|www.experianplc.com|益博睿|
AHT||Ashtead Group plc|4500|19|17|rental|www.ashtead-group.com||
IMB||Imperial Brands PLC|2900|24|10|tobacco|www.imperialbrandsplc.com|帝国品牌|帝國品牌
HLN||Haleon plc|380|34|24|pharma-spec|www.haleon.com|赫力昂|
RKT||Reckitt Benckiser Group plc|5000|34|25|household|www.reckitt.com|利洁时|利潔時
STAN||Standard Chartered PLC|1200|28|9|banks|www.sc.com|渣打集团|渣打集團
ABF||Associated British Foods plc|2100|15|11|foods|www.abf.co.uk|英联食品|英聯食品
AV||Aviva plc|600|16|12|ins-div|www.aviva.com|英杰华|英傑華
LGEN||Legal & General Group Plc|230|13|40|ins-life|group.legalandgeneral.com|法通保险|法通保險
SSE||SSE plc|1700|19|11|util-electric|www.sse.com||
IHG||InterContinental Hotels Group PLC|9000|14|25|lodging|www.ihgplc.com|洲际酒店集团|洲際酒店集團
WPP||WPP plc|500|5|10|advertising|www.wpp.com|WPP集团|WPP集團
BNZL||Bunzl plc|2300|7.7|15|distribution|www.bunzl.com||
SGE||The Sage Group plc|1200|12|40|sw-app|www.sage.com||
NXT||NEXT plc|12000|14|16|apparel-retail|www.nextplc.co.uk||
SMIN||Smiths Group plc|2000|6.8|22|machinery|www.smiths.com||
ANTO||Antofagasta plc|1800|18|25|copper|www.antofagasta.co.uk||
FRES||Fresnillo plc|1000|7|30|silver|www.fresnilloplc.com||
ADM||Admiral Group plc|3000|9|14|ins-pc|www.admiralgroup.co.uk||
BKG||The Berkeley Group Holdings plc|4000|4|11|homebuilders|www.berkeleygroup.co.uk||
PSON||Pearson plc|1200|8|20|publishing|plc.pearson.com|培生|
LAND||Land Securities Group PLC|600|4.5|10|reit-div|landsec.com||
SN||Smith & Nephew plc|1100|9.6|28|med-devices|www.smith-nephew.com|施乐辉|施樂輝
MNDI||Mondi plc|1200|5.3|15|paper|www.mondigroup.com||
CRDA||Croda International Plc|3000|4.2|25|chem-spec|www.croda.com||
ITRK||Intertek Group plc|4800|7.7|23|business-services|www.intertek.com|天祥集团|天祥集團
AUTO||Auto Trader Group plc|800|7|25|internet|plc.autotrader.co.uk||
RMV||Rightmove plc|700|5.5|25|internet|plc.rightmove.co.uk||
SPX||Spirax Group plc|6500|4.8|25|machinery|www.spiraxgroup.com||
BTRW||Barratt Redrow plc|450|6.5|25|homebuilders|www.barrattredrow.co.uk||
KGF||Kingfisher plc|280|5|15|home-retail|www.kingfisher.com|翠丰集团|翠豐集團
SBRY||J Sainsbury plc|280|6.5|20|grocery|www.about.sainsburys.co.uk|森宝利|森寶利
MKS||Marks and Spencer Group plc|380|7.8|18|dept-stores|corporate.marksandspencer.com|玛莎百货|馬莎百貨
IAG||International Consolidated Airlines Group, S.A.|350|17|7|airlines|www.iairgroup.com|国际航空集团|國際航空集團
ENT||Entain plc|750|4.8|-10|gambling|www.entaingroup.com||
JD||JD Sports Fashion plc|90|4.6|9|apparel-retail|www.jdplc.com||
EZJ||easyJet plc|500|3.8|8|airlines|corporate.easyjet.com|易捷航空|
`;

/** code|exchange|name|price|mcap (bn EUR)|P/E|industry|website|zh|hk */
const DE = `
SAP||SAP SE|260|300|50|sw-app|www.sap.com|思爱普|
SIE||Siemens AG|220|175|19|machinery|www.siemens.com|西门子|西門子
ALV||Allianz SE|350|135|13|ins-div|www.allianz.com|安联|安聯
DTE||Deutsche Telekom AG|32|160|14|telecom|www.telekom.com|德国电信|德國電信
MBG||Mercedes-Benz Group AG|55|53|6|autos|group.mercedes-benz.com|梅赛德斯-奔驰|梅賽德斯-賓士
BMW||Bayerische Motoren Werke AG|80|50|7|autos|www.bmwgroup.com|宝马|寶馬
VOW3||Volkswagen AG Vz.|95|48|4|autos|www.volkswagen-group.com|大众汽车|福斯汽車
BAS||BASF SE|45|40|30|chemicals|www.basf.com|巴斯夫|
MUV2||Münchener Rückversicherungs-Gesellschaft AG|540|70|13|ins-re|www.munichre.com|慕尼黑再保险|慕尼黑再保險
DBK||Deutsche Bank AG|25|48|10|banks-reg|www.db.com|德意志银行|德意志銀行
IFX||Infineon Technologies AG|35|45|35|semis|www.infineon.com|英飞凌|英飛凌
ADS||adidas AG|200|36|40|footwear|www.adidas-group.com|阿迪达斯|愛迪達
DHL||DHL Group|38|45|13|logistics|group.dhl.com|敦豪|
RHM||Rheinmetall AG|1700|75|90|aerospace|www.rheinmetall.com|莱茵金属|萊茵金屬
BAYN||Bayer AG|26|26|-10|pharma|www.bayer.com|拜耳|
DB1||Deutsche Börse AG|270|50|24|exchanges|www.deutsche-boerse.com|德意志交易所|
`;

/** code|exchange|name|price|mcap (bn EUR)|P/E|industry|website|zh|hk */
const ES = `
SAN||Banco Santander, S.A.|7|105|9|banks|www.santander.com|桑坦德银行|桑坦德銀行
ITX||Industria de Diseño Textil, S.A. (Inditex)|47|147|24|apparel-retail|www.inditex.com|印地纺|
IBE||Iberdrola, S.A.|16|105|19|util-diversified|www.iberdrola.com|伊维尔德罗拉|
BBVA||Banco Bilbao Vizcaya Argentaria, S.A.|14|80|8|banks|www.bbva.com|西班牙对外银行|西班牙對外銀行
TEF||Telefónica, S.A.|4.6|26|25|telecom|www.telefonica.com|西班牙电信|西班牙電信
`;

/** code|exchange|name|price|mcap (bn EUR)|P/E|industry|website|zh|hk */
const NL = `
ASML||ASML Holding N.V.|700|275|30|semi-eq|www.asml.com|阿斯麦|艾司摩爾
ADYEN||Adyen N.V.|1500|47|45|sw-infra|www.adyen.com||
INGA||ING Groep N.V.|19|60|9|banks|www.ing.com|荷兰国际集团|荷蘭國際集團
PRX||Prosus N.V.|45|105|12|internet|www.prosus.com||
HEIA||Heineken N.V.|75|42|40|brewers|www.theheinekencompany.com|喜力|海尼根
PHIA||Koninklijke Philips N.V.|22|20|50|med-devices|www.philips.com|飞利浦|飛利浦
AD||Koninklijke Ahold Delhaize N.V.|35|32|17|grocery|www.aholddelhaize.com||
`;

/** code|exchange|name|price|mcap (bn EUR)|P/E|industry|website|zh|hk */
const IT = `
ENEL||Enel S.p.A.|8|80|12|util-diversified|www.enel.com|意大利国家电力|義大利國家電力
ISP||Intesa Sanpaolo S.p.A.|5|90|10|banks-reg|group.intesasanpaolo.com|联合圣保罗银行|聯合聖保羅銀行
UCG||UniCredit S.p.A.|60|95|9|banks-reg|www.unicreditgroup.eu|裕信银行|裕信銀行
ENI||Eni S.p.A.|14|44|15|oil-int|www.eni.com|埃尼|
RACE||Ferrari N.V.|420|76|48|autos|www.ferrari.com|法拉利|
STLAM||Stellantis N.V.|9|27|12|autos|www.stellantis.com|斯泰兰蒂斯|
`;

/** code|exchange|name|price|mcap (bn TRY)|P/E|industry|website|zh|hk */
const TR = `
THYAO||Türk Hava Yolları A.O. (Turkish Airlines)|300|415|4|airlines|investor.turkishairlines.com|土耳其航空|
ASELS||Aselsan Elektronik Sanayi ve Ticaret A.S.|140|640|60|aerospace|www.aselsan.com||
BIMAS||BIM Birlesik Magazalar A.S.|520|315|14|discount|www.bim.com.tr||
KCHOL||Koç Holding A.S.|170|430|20|conglomerates|www.koc.com.tr||
GARAN||Türkiye Garanti Bankasi A.S.|130|545|6|banks-reg|www.garantibbvainvestorrelations.com||
`;

/** Every European stock. */
export const EUROPE_STOCKS = regionStocks({ GB, DE, ES, NL, IT, TR });
