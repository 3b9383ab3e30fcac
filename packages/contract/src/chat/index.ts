export * from './events.ts';
export * from './frame.ts';
export * from './question.ts';
export * from './messages.ts';
export * from './limits.ts';
export * from './schemas.ts';
export * from './history.ts';
