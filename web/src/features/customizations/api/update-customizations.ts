import { API } from '@shared/api/routes';
import { CUSTOMIZATION_IMAGE_TYPES, type CustomizationImageType, type CustomizationKind } from '@shared/schemas/customization';
import { callApi } from '../../../lib/http';

const base64Of = async (file: File): Promise<string> => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
};

export const isCustomizationImageType = (type: string): type is CustomizationImageType => (CUSTOMIZATION_IMAGE_TYPES as readonly string[]).includes(type);

/** Replaces the logo or the background; answers the customizations as they now are. */
export const uploadCustomization = async (kind: CustomizationKind, file: File) => {
  if (!isCustomizationImageType(file.type)) throw new Error('image_type_invalid');
  const body = { content_type: file.type, data: await base64Of(file) };
  return kind === 'logo' ? callApi(API.uploadCustomizationLogo, { body }) : callApi(API.uploadCustomizationBackground, { body });
};

/** Back to the product's own logo or background (`custom_logo`, `custom_background_image`). */
export const removeCustomization = (kind: CustomizationKind) =>
  callApi(API.deleteCustomization, { params: { name: kind === 'logo' ? 'custom_logo' : 'custom_background_image' } });
