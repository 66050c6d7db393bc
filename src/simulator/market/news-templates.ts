/**
 * Headline templates for the synthetic news feed, per language: `hk` Traditional
 * Chinese, `zh` Simplified Chinese, `en` English (unknown languages fall back to en).
 */

export interface LangTemplates {
  titles: readonly string[];
  topics: readonly string[];
  providers: readonly string[];
}

export const NEWS_TEMPLATES: Record<string, LangTemplates> = {
  en: {
    titles: [
      '{n} rises {p}% as investors weigh {topic}',
      '{n} falls {p}% amid concerns over {topic}',
      'Analysts turn cautious on {n} ahead of {topic}',
      '{n} hits a one-month high on {topic}',
      'Traders pile into {n} after {topic}',
      '{n} steadies as markets digest {topic}',
    ],
    topics: [
      'the interest rate outlook',
      'quarterly earnings',
      'trade data',
      'central bank comments',
      'inflation figures',
      'regulatory news',
      'fund flows',
      'currency moves',
    ],
    providers: ['Marketdesk Wire', 'Harbour Street Journal', 'Global Markets Daily'],
  },
  zh: {
    titles: [
      '{n}上涨{p}%，投资者关注{topic}',
      '{n}下跌{p}%，市场担忧{topic}',
      '分析师对{n}转趋谨慎，静候{topic}',
      '{n}创一个月新高，受{topic}提振',
      '资金涌入{n}，{topic}带动气氛',
      '{n}企稳，市场消化{topic}',
    ],
    topics: [
      '利率前景',
      '季度业绩',
      '贸易数据',
      '央行表态',
      '通胀数据',
      '监管消息',
      '资金流向',
      '汇率波动',
    ],
    providers: ['财经快讯', '市场日报', '环球金融网'],
  },
  hk: {
    titles: [
      '{n}上升{p}%，投資者關注{topic}',
      '{n}下跌{p}%，市場憂慮{topic}',
      '分析師對{n}轉趨審慎，靜候{topic}',
      '{n}創一個月新高，受{topic}支持',
      '資金湧入{n}，{topic}帶動氣氛',
      '{n}企穩，市場消化{topic}',
    ],
    topics: [
      '利率前景',
      '季度業績',
      '貿易數據',
      '央行表態',
      '通脹數據',
      '監管消息',
      '資金流向',
      '匯率波動',
    ],
    providers: ['財經快訊', '市場日報', '環球金融網'],
  },
};
