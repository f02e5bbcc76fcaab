import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVELS, levelOf, levelsInForce, levelsSchema, maplyticsSettingsSchema, type Level } from '@shared/maplytics/levels';

describe('levels', () => {
  it('colour percent values by default: success at most 0, warning at most 2, danger above 2', () => {
    expect(levelOf(-12.5, '%', DEFAULT_LEVELS)).toBe('success');
    expect(levelOf(0, '%', DEFAULT_LEVELS)).toBe('success');
    expect(levelOf(0.01, '%', DEFAULT_LEVELS)).toBe('warning');
    expect(levelOf(2, '%', DEFAULT_LEVELS)).toBe('warning');
    expect(levelOf(2.01, '%', DEFAULT_LEVELS)).toBe('danger');
  });

  it('are evaluated in order, the first that holds winning', () => {
    const levels: Level[] = [
      { level: 'danger', operation: 'gte', value: 10 },
      { level: 'warning', operation: 'gte', value: 0 },
      { level: 'success', operation: 'lt', value: 100 },
    ];
    expect(levelOf(50, '%', levels)).toBe('danger');
    expect(levelOf(5, '%', levels)).toBe('warning');
    expect(levelOf(-5, '%', levels)).toBe('success');
  });

  it('leave a value no level holds for neutral', () => {
    expect(levelOf(5, '%', [{ level: 'success', operation: 'lt', value: 0 }])).toBe('neutral');
  });

  it('apply only to percent values; other units and missing values stay neutral grey', () => {
    expect(levelOf(-10, 'kWh', DEFAULT_LEVELS)).toBe('neutral');
    expect(levelOf(5, '', DEFAULT_LEVELS)).toBe('neutral');
    expect(levelOf(null, '%', DEFAULT_LEVELS)).toBe('neutral');
  });

  it("in force for a point are its own, else its location's, else the defaults", () => {
    const own: Level[] = [{ level: 'danger', operation: 'gt', value: 0 }];
    const site: Level[] = [{ level: 'warning', operation: 'gt', value: 0 }];
    expect(levelsInForce(own, site)).toBe(own);
    expect(levelsInForce(null, site)).toBe(site);
    expect(levelsInForce(null, null)).toBe(DEFAULT_LEVELS);
  });

  it('refuse an empty list, more than ten, an unknown level or operation, and a missing threshold', () => {
    expect(levelsSchema.safeParse([]).success).toBe(false);
    expect(levelsSchema.safeParse(Array.from({ length: 11 }, () => DEFAULT_LEVELS[0])).success).toBe(false);
    expect(levelsSchema.safeParse([{ level: 'purple', operation: 'gt', value: 1 }]).success).toBe(false);
    expect(levelsSchema.safeParse([{ level: 'danger', operation: 'between', value: 1 }]).success).toBe(false);
    expect(levelsSchema.safeParse([{ level: 'danger', operation: 'gt' }]).success).toBe(false);
    expect(levelsSchema.safeParse([{ level: 'danger', operation: 'gt', value: Number.POSITIVE_INFINITY }]).success).toBe(false);
  });

  it('are null in settings that follow what is inherited', () => {
    expect(maplyticsSettingsSchema.parse({})).toEqual({ levels: null });
  });
});
