import { customizationsSchema } from '../../schemas/session';
import { customizationNameParamsSchema, customizationUploadSchema } from '../../schemas/customization';
import { route, publicRoute, type GroupRoutes } from '../define-route';

const CUSTOMIZATION = { permission: 'app.settings.system.customization' } as const;

/** The routes the `customizations` function serves. */
export const customizationsRoutes = {
  getCustomizations: publicRoute('GET', '/api/v1/system/customizations', 'customizations', { response: customizationsSchema }),
  // Customization (spec 3 §7 "System"): the logo and the background image; reading them is public (sign-in screen).
  uploadCustomizationLogo: route('POST', '/api/v1/system/customizations/logo', 'customizations', {
    ...CUSTOMIZATION,
    action: 'edit',
    body: customizationUploadSchema,
    response: customizationsSchema,
  }),
  uploadCustomizationBackground: route('POST', '/api/v1/system/customizations/background_image', 'customizations', {
    ...CUSTOMIZATION,
    action: 'edit',
    body: customizationUploadSchema,
    response: customizationsSchema,
  }),
  deleteCustomization: route('DELETE', '/api/v1/system/customizations/{name}', 'customizations', {
    ...CUSTOMIZATION,
    action: 'delete',
    params: customizationNameParamsSchema,
    response: customizationsSchema,
  }),
} satisfies GroupRoutes<'customizations'>;
