import { IconCloud, IconCloudRain, IconCloudStorm, IconMoon, IconSnowflake, IconSun, IconTornado } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { conditionIcon } from '../../../web/src/features/weather/components/condition-icon';

describe('weather condition icons', () => {
  it("draw the provider's condition groups with local icons, the moon for a clear night", () => {
    expect(conditionIcon({ code: 211, night: false })).toBe(IconCloudStorm);
    expect(conditionIcon({ code: 301, night: false })).toBe(IconCloudRain);
    expect(conditionIcon({ code: 501, night: true })).toBe(IconCloudRain);
    expect(conditionIcon({ code: 511, night: false })).toBe(IconSnowflake);
    expect(conditionIcon({ code: 601, night: false })).toBe(IconSnowflake);
    expect(conditionIcon({ code: 781, night: false })).toBe(IconTornado);
    expect(conditionIcon({ code: 800, night: false })).toBe(IconSun);
    expect(conditionIcon({ code: 800, night: true })).toBe(IconMoon);
    expect(conditionIcon({ code: 803, night: false })).toBe(IconCloud);
  });
});
