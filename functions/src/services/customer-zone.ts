import { DEFAULT_TIMEZONE } from '@shared/constants';
import { getCustomer } from '../data/customer-repository';

/** The customer's time zone: its dates, its schedules and the days of its files read in it. */
export const zoneOfCustomer = async (customerId: string): Promise<string> => (await getCustomer(customerId))?.timezone ?? DEFAULT_TIMEZONE;
