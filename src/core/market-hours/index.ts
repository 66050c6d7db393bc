export * from './market-hours';
export * from './calendar-store';
export { regularState, calendarIsComplete, type PhaseAt } from './regular';
