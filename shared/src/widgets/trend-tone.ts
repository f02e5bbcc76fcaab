export type TrendDirection = 'up' | 'down' | 'flat';
export type TrendTone = 'good' | 'bad' | 'neutral';

/** Which way a change goes and whether that is good news: a rise is good for production, bad for consumption. */
export const trendOf = (changePercent: number | null, type: 'rise_is_good' | 'fall_is_good'): { direction: TrendDirection; tone: TrendTone } => {
  if (changePercent === null || changePercent === 0) return { direction: 'flat', tone: 'neutral' };
  const direction = changePercent > 0 ? 'up' : 'down';
  const good = (direction === 'up') === (type === 'rise_is_good');
  return { direction, tone: good ? 'good' : 'bad' };
};
