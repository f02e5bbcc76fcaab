import { describe, expect, it } from 'vitest';
import type { ChartSeries } from '@shared/widgets/chart-model';
import { niceTicks, seriesExtremes, valueAxesOf } from '@shared/widgets/value-axes';

const drawn = (unit: string, values: (number | null)[], style: ChartSeries['style'] = 'column'): ChartSeries => ({
  key: `${unit}-${style}`,
  name: unit,
  unit,
  color: '#000000',
  style,
  previous: false,
  values: values.map((y, index) => ({ x: index + 1, y })),
});

describe('value axes', () => {
  it('gives a chart of one unit one axis named by it, in a larger unit once values reach a thousand', () => {
    const axes = valueAxesOf([drawn('kWh', [800, 1500])], true);
    expect(axes.right).toBeNull();
    expect(axes.left.units).toEqual(['kWh']);
    expect(axes.left.shownIn).toBe('MWh');
    expect(axes.shownInOf('kWh')).toBe('MWh');
    expect(axes.place('kWh', 800)).toBe(800);
  });

  it('gives a chart of two units a second axis on the right, drawn on the left axis scale', () => {
    const axes = valueAxesOf([drawn('kWh', [0, 400]), drawn('°C', [10, 20], 'line')], true);
    expect(axes.left).toEqual({ units: ['kWh'], shownIn: 'kWh', domain: [0, 400] });
    expect(axes.right?.units).toEqual(['°C']);
    const [low, high] = axes.right!.domain!;
    expect(low).toBeCloseTo(9.5);
    expect(high).toBeCloseTo(20.5);
    // The lowest temperature's margin sits at the bottom of the left axis, the highest's at its top.
    expect(axes.place('°C', low)).toBeCloseTo(0);
    expect(axes.place('°C', high)).toBeCloseTo(400);
    expect(axes.place('kWh', 250)).toBe(250);
    expect(axes.right!.ticks.map((tick) => tick.value)).toEqual([10, 12, 14, 16, 18, 20]);
    expect(axes.right!.ticks[0].at).toBeCloseTo(axes.place('°C', 10));
    expect(axes.shownInOf('°C')).toBe('°C');
  });

  it('names both units on one axis when two axes are not allowed (stacked or horizontal bars), converting neither', () => {
    const axes = valueAxesOf([drawn('kWh', [5000]), drawn('m³', [3])], false);
    expect(axes.right).toBeNull();
    expect(axes.left.units).toEqual(['kWh', 'm³']);
    expect(axes.shownInOf('kWh')).toBe('kWh');
    expect(axes.shownInOf('m³')).toBe('m³');
  });

  it('steps ticks by 1, 2 or 5 times a power of ten', () => {
    expect(niceTicks([0, 1])).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks([-3, 47])).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks([5, 5])).toEqual([5]);
  });

  it('gives a series summary its lowest and highest value, or nothing without values', () => {
    expect(seriesExtremes(drawn('kWh', [3, null, -1, 7]))).toEqual({ lowest: -1, highest: 7 });
    expect(seriesExtremes(drawn('kWh', [null]))).toBeNull();
  });
});
