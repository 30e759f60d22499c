/**
 * The bounded pool the fetch phase and the deploy share: at most `limit` tasks under way at once.
 */

/** A bounded pool: at most `limit` tasks run at once. */
export function pool(limit: number) {
  let active = 0;
  const queue: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

/**
 * Runs `task` for each item, at most `limit` at once. After the first failure no new task starts, the
 * ones under way finish, and the failure is thrown: nothing that follows starts after a hole in this.
 */
export async function eachInPool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const run = pool(limit);
  let failure: { error: unknown } | undefined;
  await Promise.allSettled(
    items.map((item) =>
      run(async () => {
        if (failure) return;
        try {
          await task(item);
        } catch (error) {
          failure ??= { error };
        }
      }),
    ),
  );
  if (failure) throw failure.error;
}
