// Constants only, no zod: the web's first screen (chat-store) reads them without the schemas.
/** Limits of the chat calls. */
export const CHAT_LIMITS = {
  /** Session detail / history page size (chat-core §9 history fetch size). */
  pageSize: 30,
  maxPageSize: 100,
  /** Ids per delete / collect / share call (selection limit is 15; some headroom). */
  maxIds: 100,
  /** chat-core §9: up to 3 recommended questions. */
  recommendQuestions: 3,
  /** A session older than this counts as timed out (chat-core §4, §9: 8 h). */
  sessionTimeoutMs: 8 * 3_600_000,
  searchKeywordMax: 50,
} as const;
