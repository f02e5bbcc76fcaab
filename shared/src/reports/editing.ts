import { decideOwnedAccess, type Owned, type Viewer } from '../permissions/ownership';

/**
 * How the editor opens a report for a viewer. Only the report owner's saves update the widgets in
 * the report (spec 2 §4), so the owner edits; anyone else who may read it — a super user or root
 * included, whom the ownership policy would let through — reads it, and may clone it to make a
 * report of their own.
 */
export type ReportEditing = 'edit' | 'read' | 'none';

export const reportEditingOf = (viewer: Viewer, report: Owned): ReportEditing => {
  if (decideOwnedAccess(viewer, report, 'read') !== 'allowed') return 'none';
  return report.user === viewer.userId ? 'edit' : 'read';
};
