import { createHttpHandler } from '../middleware/http-handler';
import { getCustomizations, removeCustomization, uploadCustomization } from '../services/customization-service';

export const handler = createHttpHandler('customizations', {
  getCustomizations: () => getCustomizations(),
  uploadCustomizationLogo: ({ body }) => uploadCustomization('logo', body),
  uploadCustomizationBackground: ({ body }) => uploadCustomization('background_image', body),
  deleteCustomization: ({ params }) => removeCustomization(params.name),
});
