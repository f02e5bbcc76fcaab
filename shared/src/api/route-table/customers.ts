import * as z from 'zod';
import {
  customerAnalyticsSchema,
  customerDeletionResponseSchema,
  customerInformationSchema,
  customerInputSchema,
  customerSchema,
  customerUpdateSchema,
  timezoneEntrySchema,
} from '../../schemas/customer';
import { licenseAppliedResponseSchema, licenseStatusSchema, licenseUploadResponseSchema, licenseUploadSchema } from '../../schemas/license';
import { route, ANY_SIGNED_IN_USER, byId, type GroupRoutes } from '../define-route';

const CUSTOMERS = { permission: 'app.settings.system.customers' } as const;
const LICENSE = { permission: 'app.settings.system.license' } as const;

/** The routes the `customers` function serves. */
export const customersRoutes = {
  // Customers (spec 3 §7): super users and root.
  listCustomerTimezones: route('GET', '/api/v1/customers/timezone', 'customers', { permission: ANY_SIGNED_IN_USER, response: z.array(timezoneEntrySchema) }),
  getCustomerInformation: route('GET', '/api/v1/customers/information', 'customers', { permission: ANY_SIGNED_IN_USER, response: customerInformationSchema }),
  getCustomerAnalytics: route('GET', '/api/v1/customers/analytics', 'customers', { ...CUSTOMERS, response: customerAnalyticsSchema }),
  listCustomers: route('GET', '/api/v1/customers', 'customers', { ...CUSTOMERS, response: z.array(customerSchema) }),
  getCustomer: route('GET', '/api/v1/customers/{id}', 'customers', { ...CUSTOMERS, params: byId, response: customerSchema }),
  createCustomer: route('POST', '/api/v1/customers', 'customers', { ...CUSTOMERS, action: 'create', body: customerInputSchema, response: customerSchema }),
  updateCustomer: route('PUT', '/api/v1/customers', 'customers', { ...CUSTOMERS, action: 'edit', body: customerUpdateSchema, response: customerSchema }),
  deleteCustomer: route('DELETE', '/api/v1/customers/{id}', 'customers', {
    ...CUSTOMERS,
    action: 'delete',
    params: byId,
    response: customerDeletionResponseSchema,
  }),
  // A deleted customer back whole, within its restore window (restore-window.ts): root only.
  restoreCustomer: route('POST', '/api/v1/customers/{id}/restore', 'customers', {
    ...CUSTOMERS,
    action: 'delete',
    rootOnly: true,
    params: byId,
    response: customerSchema,
  }),
  // The licence (spec 3 §7): seen by super users, installed by root only.
  getLicense: route('GET', '/api/v1/system_license', 'customers', { ...LICENSE, response: licenseStatusSchema }),
  uploadLicense: route('POST', '/api/v1/system_license', 'customers', {
    ...LICENSE,
    action: 'create',
    rootOnly: true,
    body: licenseUploadSchema,
    response: licenseUploadResponseSchema,
  }),
  applyNewLicense: route('GET', '/api/v1/application/restart/new_license', 'customers', {
    ...LICENSE,
    action: 'edit',
    rootOnly: true,
    sideEffect: true,
    response: licenseAppliedResponseSchema,
  }),
} satisfies GroupRoutes<'customers'>;
