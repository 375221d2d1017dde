/** A page of a list as repositories read it: `LIMIT limit OFFSET offset` (http/pagination.ts builds it). */
export type Page = { limit: number; offset: number };
