/**
 * A LIKE/ILIKE pattern that finds `text` anywhere, taken literally: the wildcards `%` and `_` and the
 * escape character `\` in what a person typed match only themselves.
 */
export const likeAnywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
