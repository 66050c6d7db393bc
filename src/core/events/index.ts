/** Calendar and corporate events, and a chart's markers (issue 27). */
export * from './events-service';
export * from './news-match';
export * from './link-reader';
