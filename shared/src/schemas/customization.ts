import * as z from 'zod';

/**
 * The product's customization (spec 3 §3 "Customization", spec 1 §2.3): a logo for the header and
 * the sign-in screen, and a background image for the sign-in screen. SVG is refused: it can carry
 * scripts, and the images are shown to everyone before sign-in.
 */
export const CUSTOMIZATION_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type CustomizationImageType = (typeof CUSTOMIZATION_IMAGE_TYPES)[number];

export const CUSTOMIZATION_KINDS = ['logo', 'background_image'] as const;
export type CustomizationKind = (typeof CUSTOMIZATION_KINDS)[number];

/** The largest file of each kind, in bytes: a logo is small; a background stays within a request's size in base64. */
export const CUSTOMIZATION_MAX_BYTES: Record<CustomizationKind, number> = { logo: 1024 * 1024, background_image: 3 * 1024 * 1024 };

/** `POST /api/v1/system/customizations/logo` and `…/background_image`: the file's bytes in base64. */
export const customizationUploadSchema = z.object({
  content_type: z.enum(CUSTOMIZATION_IMAGE_TYPES),
  data: z.string().min(1).max(Math.ceil((CUSTOMIZATION_MAX_BYTES.background_image * 4) / 3) + 4),
});
export type CustomizationUpload = z.infer<typeof customizationUploadSchema>;

/** `DELETE /api/v1/system/customizations/custom_{name}`: back to the product's own logo or background. */
export const customizationNameParamsSchema = z.object({ name: z.enum(['custom_logo', 'custom_background_image']) });
export type CustomizationName = z.infer<typeof customizationNameParamsSchema>['name'];
