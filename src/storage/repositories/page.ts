export interface PageRequest {
  page: number;
  limit: number;
}

export interface PageResult<T> {
  rows: T[];
  hasMore: boolean;
}

/** Offset of a one-indexed page. */
export function pageOffset({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}

/** Queries fetch one row more than the page holds; its presence says whether another page follows. */
export function toPage<T>(rows: T[], { limit }: PageRequest): PageResult<T> {
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Escapes LIKE wildcards so a search for "50%" means the text, not a pattern. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
