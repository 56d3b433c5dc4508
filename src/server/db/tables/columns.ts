/** Column conventions: booleans are stored as 0/1 integers. */
export type Bool = 0 | 1;

export const bool = (value: boolean): Bool => (value ? 1 : 0);
