import { createHttpHandler, withMessage } from '../middleware/http-handler';
import {
  createCustomer,
  customerAnalytics,
  getCurrentCustomerInformation,
  getCustomerById,
  listAllCustomers,
  requestCustomerDeletion,
  restoreCustomer,
  updateCustomer,
} from '../services/customer-service';
import { applyPendingLicense, getLicenseStatus, uploadLicense } from '../services/license-service';
import { listTimezones } from '../services/timezones';

export const handler = createHttpHandler('customers', {
  listCustomerTimezones: async () => listTimezones(),
  getCustomerInformation: ({ caller }) => getCurrentCustomerInformation(caller),
  getCustomerAnalytics: () => customerAnalytics(),
  listCustomers: () => listAllCustomers(),
  getCustomer: ({ params }) => getCustomerById(params.id),
  createCustomer: ({ body }) => createCustomer(body),
  updateCustomer: ({ body }) => updateCustomer(body),
  deleteCustomer: async ({ caller, params }) => withMessage(await requestCustomerDeletion(caller, params.id), 'customer_deletion_in_progress'),
  restoreCustomer: async ({ params }) => withMessage(await restoreCustomer(params.id), 'customer_restored'),
  getLicense: () => getLicenseStatus(),
  uploadLicense: async ({ body }) => withMessage(await uploadLicense(body.license), 'license_activated'),
  applyNewLicense: () => applyPendingLicense(),
});
