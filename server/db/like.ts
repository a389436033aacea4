/**
 * `%text%` for a case-free LIKE: the text in lower case with its own wildcards (`%`, `_`) and the escape character
 * escaped by `!`, so a search for "50%" finds "50%" only. Use it as `lower(column) like ${pattern} escape '!'`: SQLite
 * and PostgreSQL both take that escape clause.
 */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
