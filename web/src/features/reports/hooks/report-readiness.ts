/**
 * What the print page tells the PDF renderer on its root (`data-report-ready`): `true` once every
 * widget of every page says its content is drawn, `error` as soon as the report or one widget
 * failed (the renderer then fails loudly rather than print a spinner), `false` meanwhile.
 */
export type ReportReadiness = 'false' | 'true' | 'error';

export interface DrawnWidget {
  /** `data-widget-ready` */
  ready: string | null;
  /** `data-widget-state` */
  state: string | null;
}

export const reportReadinessOf = (widgets: readonly DrawnWidget[], expected: number): ReportReadiness => {
  if (widgets.some((widget) => widget.state === 'error')) return 'error';
  return widgets.length === expected && widgets.every((widget) => widget.ready === 'true') ? 'true' : 'false';
};
