// Without zod, so that the web's first screen can read them without the images' schemas.

/** Image types the gallery takes (no SVG: it can carry scripts). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
