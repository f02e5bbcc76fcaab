import type { Report } from '@shared/schemas/report';
import { ownedItems } from './owned-repository';

const reports = ownedItems<Report>('report');

export const listReportsOfCustomer = async (customerId: string): Promise<Report[]> =>
  (await reports.list(customerId)).sort((a, b) => a.name.localeCompare(b.name) || a.created_at.localeCompare(b.created_at));
export const getReport = reports.get;
export const putNewReport = reports.putNew;
/** Saves the whole report; a deleted report stays deleted. */
export const saveReport = reports.save;
export const deleteReport = reports.remove;
