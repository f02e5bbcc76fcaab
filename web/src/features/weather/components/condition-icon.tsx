import {
  IconCloud,
  IconCloudFog,
  IconCloudRain,
  IconCloudStorm,
  IconHaze,
  IconHazeMoon,
  IconMist,
  IconMoon,
  IconSnowflake,
  IconSun,
  IconTornado,
  IconWind,
  type Icon,
} from '@tabler/icons-react';
import type { WeatherCondition } from '@shared/schemas/weather';

/** The icon of a provider condition code (OpenWeatherMap's groups), the moon for clear or hazy nights. */
export const conditionIcon = ({ code, night }: Pick<WeatherCondition, 'code' | 'night'>): Icon => {
  if (code >= 200 && code < 300) return IconCloudStorm;
  if (code >= 300 && code < 600) return code === 511 ? IconSnowflake : IconCloudRain;
  if (code >= 600 && code < 700) return IconSnowflake;
  if (code === 781) return IconTornado;
  if (code === 771) return IconWind;
  if (code === 701 || code === 741) return IconCloudFog;
  if (code >= 700 && code < 800) return code === 721 || code === 711 ? (night ? IconHazeMoon : IconHaze) : IconMist;
  if (code === 800) return night ? IconMoon : IconSun;
  return IconCloud;
};

interface ConditionIconProps {
  condition: WeatherCondition;
  size?: number;
  /** Named for screen readers when it is the only trace of the condition. */
  labelled?: boolean;
}

export const ConditionIcon = ({ condition, size = 20, labelled = false }: ConditionIconProps) => {
  const Glyph = conditionIcon(condition);
  return (
    <Glyph
      size={size}
      stroke={1.6}
      data-condition={condition.code}
      {...(labelled ? { role: 'img', 'aria-label': condition.description } : { 'aria-hidden': true })}
    />
  );
};
