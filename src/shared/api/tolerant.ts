/**
 * Reading answers as the SPEC promises them: a field the SPEC lists without
 * promising may come back null or not at all. These wrappers accept that and
 * hand the reader one settled type, so the renderer's types stay as they are.
 */
import type { z } from 'zod';

/** null or absent → null. */
export function orNull<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value): z.output<T> | null => value ?? null);
}

/** null or absent → absent (undefined). */
export function orAbsent<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value): z.output<T> | undefined => value ?? undefined);
}

/** null or absent → `fallback` (a neutral value: false, 0, [], ''). */
export function orElse<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return schema.nullish().transform((value): z.output<T> => value ?? fallback);
}
