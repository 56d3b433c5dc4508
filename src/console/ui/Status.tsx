/** A tab's error line (the server's message) and what the last action did. */
export function Status({ error, notice }: { error: string | null; notice?: string | null | undefined }) {
  return (
    <>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
    </>
  );
}

/** A whole, non-negative number from an input ('' → null). */
export function wholeOrNull(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || !/^\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}
