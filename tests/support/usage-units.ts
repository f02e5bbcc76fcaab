/**
 * The request units `work` spends, from the usage meter (functions/src/usage/meter.ts), as the cost
 * bench prices them: the test process meters itself for the length of `work`.
 */
export const meteredUnits = async <T>(work: () => Promise<T>): Promise<{ rcu: number; wcu: number; result: T }> => {
  const { startUsage, finishUsage } = await import('../../functions/src/usage/meter');
  process.env.USAGE_SAMPLE_RATE = '1';
  startUsage(0);
  let result: T;
  try {
    result = await work();
  } finally {
    process.env.USAGE_SAMPLE_RATE = '0';
  }
  const line = finishUsage(0);
  return { rcu: Number(line?.rcu), wcu: Number(line?.wcu), result };
};
