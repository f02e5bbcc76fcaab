import type { TFunction } from 'i18next';

/** Select options for a closed list of values, labelled by their key under `widgetDialog.labels.<group>`. */
export const translatedOptions = <Value extends string>(t: TFunction, group: string, values: readonly Value[]): { value: Value; label: string }[] =>
  values.map((value) => ({ value, label: t(`widgetDialog.labels.${group}.${value}`) }));
