/**
 * Reading answers as the SPEC promises them: a field the SPEC lists without
 * promising may come back null or not at all. These wrappers accept that and
 * hand the reader one settled type, so the renderer's types stay as they are.
 */
import { z } from 'zod';

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

/**
 * An id as any JSON scalar (SPEC §3 does not say ids are strings: a server may
 * number them), read as a string so the station compares ids as strings.
 */
export const anyId = z
  .union([z.string().min(1).max(128), z.number().finite(), z.boolean()])
  .transform((value) => String(value));

/** An id that may be null or absent (→ null). */
export const anyIdOrNull = orNull(anyId);

/**
 * A list whose malformed entries are skipped (and logged), never the whole
 * list lost: one entry a newer or other server shapes differently must not
 * empty the library, the history or the friends list.
 */
export function listOf<T extends z.ZodType>(schema: T, what: string): z.ZodType<z.output<T>[], z.input<T>[]> {
  // Typed as a list of T for a writer (our server), read entry by entry.
  return z.array(z.unknown()).transform((items): z.output<T>[] => {
    const read: z.output<T>[] = [];
    for (const item of items) {
      const parsed = schema.safeParse(item);
      if (parsed.success) read.push(parsed.data);
      else console.warn(`[api] skipped a malformed ${what}`, parsed.error.issues);
    }
    return read;
  }) as unknown as z.ZodType<z.output<T>[], z.input<T>[]>;
}

/**
 * SPEC §3 "X or Y": fill each missing field from its named alternative before
 * the object is read (`{ gameName: 'name' }` reads `name` when `gameName` is absent).
 */
export function withAlternatives<T extends z.ZodType>(
  alternatives: Record<string, string>,
  schema: T,
): z.ZodType<z.output<T>, z.input<T>> {
  return z.preprocess((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const record = { ...(value as Record<string, unknown>) };
    for (const [field, alternative] of Object.entries(alternatives)) {
      if ((record[field] === undefined || record[field] === null) && record[alternative] != null) {
        record[field] = record[alternative];
      }
    }
    return record;
  }, schema) as unknown as z.ZodType<z.output<T>, z.input<T>>;
}
